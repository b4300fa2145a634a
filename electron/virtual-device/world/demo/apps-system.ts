import { base, defineApp, type AppCtx, type AppDef, type BaseState } from './app';
import { homeGrid, labelColour } from './home-grid';

export const LAUNCHER_PKG = 'com.google.android.apps.nexuslauncher';

/** Packages a real Android 12 phone lists besides its apps (so `pm list packages` looks familiar). */
/** Installed by the user on the testbed phone: ADBKeyBoard (agent harnesses type Unicode with it; select it with `ime set`). */
export const USER_PACKAGES = ['com.android.adbkeyboard'];

export const BASE_PACKAGES = ['android', 'com.android.systemui', 'com.android.phone', 'com.android.shell', 'com.android.providers.settings',
  'com.google.android.inputmethod.latin', 'com.android.vending', 'com.google.android.gms', 'com.android.chrome', 'com.google.android.apps.maps'];

function dateLine(now: Date, locale = 'en-US'): string {
  return now.toLocaleDateString(locale, { weekday: 'long', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export function clockText(now: Date, seconds = false): string {
  const hh = String(now.getUTCHours()).padStart(2, '0');
  const mm = String(now.getUTCMinutes()).padStart(2, '0');
  return seconds ? `${hh}:${mm}:${String(now.getUTCSeconds()).padStart(2, '0')}` : `${hh}:${mm}`;
}

export const launcher: AppDef = defineApp<BaseState>({
  pkg: LAUNCHER_PKG, label: 'Pixel Launcher', icon: 'apps', color: '#1a73e8', system: true, preinstalled: true, launchable: false,
  activities: { main: `${LAUNCHER_PKG}.NexusLauncherActivity` },
  initial: base,
  build(b, _s, _screen, ctx) {
    // the wallpaper shows behind the status bar too
    const f = ctx.factors;
    b.content.paint = undefined;
    b.root.paint = f?.wallpaper ? { kind: 'fill', color: f.wallpaper } : { kind: 'image', seed: 'wallpaper-7' };
    b.space(24);
    const ink = labelColour(f) ?? '#ffffff';
    b.text(clockText(ctx.now), { size: 56, color: ink, id: 'clock', height: b.dp(80) });
    b.text(dateLine(ctx.now, f?.locale), { size: 16, color: ink, id: 'date' });
    b.space(12);
    const dark = !!f?.dark;
    b.card(52, (bx, node) => {
      node.paint = { kind: 'fill', color: dark ? '#303134' : '#ffffff', radius: b.dp(26) };
      node.children.push({ cls: 'android.widget.TextView', text: b.tr('Search apps'), bounds: { x1: bx.x1 + b.dp(56), y1: bx.y1, x2: bx.x2, y2: bx.y2 }, paint: { kind: 'text', size: b.sp(16), color: dark ? '#bdc1c6' : '#5f6368' }, children: [] });
      node.children.push({ cls: 'android.widget.ImageView', bounds: { x1: bx.x1 + b.dp(12), y1: bx.y1 + b.dp(12), x2: bx.x1 + b.dp(40), y2: bx.y1 + b.dp(40) }, paint: { kind: 'icon', icon: 'search', color: dark ? '#bdc1c6' : '#5f6368' }, children: [] });
    }, { id: 'search_container_workspace', desc: b.tr('Search') });
    b.space(24);
    homeGrid(b, ctx.installed().filter((a) => a.launchable), f);
  },
  act(_s, _screen, action) {
    return action.startsWith('launch:') ? { launch: action.slice(7) } : null;
  },
});

const onOff = (v: string | undefined): boolean => v === '1';

function toggleSetting(ctx: AppCtx, key: string): void {
  ctx.settings.set(key, onOff(ctx.settings.get(key)) ? '0' : '1');
}

export const settingsApp: AppDef = defineApp<BaseState>({
  pkg: 'com.android.settings', label: 'Settings', icon: 'gear', color: '#5f6368', system: true, preinstalled: true, launchable: true,
  activities: { main: 'com.android.settings.Settings', network: 'com.android.settings.SubSettings', connected: 'com.android.settings.SubSettings', display: 'com.android.settings.SubSettings', apps: 'com.android.settings.SubSettings', appinfo: 'com.android.settings.SubSettings', about: 'com.android.settings.SubSettings' },
  initial: base,
  build(b, s, screen, ctx) {
    const [name, param] = screen.split(':');
    const back = { icon: 'back', desc: 'Navigate up', action: 'back' };
    const st = ctx.settings;
    switch (name) {
      case 'main':
        b.appBar('Settings', { actions: [{ icon: 'search', desc: 'Search settings', id: 'search_action_bar', action: 'noop' }] });
        b.edit({ id: 'search_src_text', value: s.fields.search_src_text ?? '', hint: 'Search settings', focused: s.focus === 'search_src_text', action: 'focus:search_src_text' });
        b.listItem({ title: 'Network & internet', subtitle: onOff(st.get('global:wifi_on')) ? 'Wi‑Fi, mobile data' : 'Wi‑Fi off', icon: 'wifi', action: 'open:network' });
        b.listItem({ title: 'Connected devices', subtitle: 'Bluetooth, pairing', icon: 'bluetooth', action: 'open:connected' });
        b.listItem({ title: 'Apps', subtitle: 'Recent apps, default apps', icon: 'apps', action: 'open:apps' });
        b.listItem({ title: 'Display', subtitle: 'Dark theme, font size, brightness', icon: 'display', action: 'open:display' });
        b.listItem({ title: 'Notifications', subtitle: 'Notification history, conversations', icon: 'bell', action: 'noop' });
        b.listItem({ title: 'Battery', subtitle: '100%', icon: 'battery', action: 'noop' });
        b.listItem({ title: 'About phone', subtitle: 'Touchstone Virtual Phone', icon: 'info', action: 'open:about' });
        return;
      case 'network':
        b.appBar('Network & internet', { nav: back });
        b.listItem({ title: 'Wi‑Fi', subtitle: onOff(st.get('global:wifi_on')) ? 'TouchstoneNet' : 'Off', icon: 'wifi', action: 'toggle:global:wifi_on', trailing: { kind: 'switch', checked: onOff(st.get('global:wifi_on')), id: 'switch_widget' } });
        b.listItem({ title: 'Airplane mode', icon: 'globe', action: 'toggle:global:airplane_mode_on', trailing: { kind: 'switch', checked: onOff(st.get('global:airplane_mode_on')), id: 'switch_widget' } });
        return;
      case 'connected':
        b.appBar('Connected devices', { nav: back });
        b.listItem({ title: 'Bluetooth', subtitle: onOff(st.get('global:bluetooth_on')) ? 'On' : 'Off', icon: 'bluetooth', action: 'toggle:global:bluetooth_on', trailing: { kind: 'switch', checked: onOff(st.get('global:bluetooth_on')), id: 'switch_widget' } });
        b.listItem({ title: 'Pair new device', icon: 'plus', action: 'noop' });
        return;
      case 'display': {
        const dark = st.get('secure:ui_night_mode') === '2';
        b.appBar('Display', { nav: back });
        b.header('Appearance');
        b.listItem({ title: 'Dark theme', subtitle: dark ? 'Will never turn off automatically' : 'Will never turn on automatically', icon: 'moon', action: 'dark', trailing: { kind: 'switch', checked: dark, id: 'switch_widget' } });
        b.listItem({ title: 'Font size', subtitle: 'Default', icon: 'display', action: 'noop' });
        b.listItem({ title: 'Adaptive brightness', icon: 'sun', action: 'toggle:system:screen_brightness_mode', trailing: { kind: 'switch', checked: onOff(st.get('system:screen_brightness_mode')), id: 'switch_widget' } });
        return;
      }
      case 'apps':
        b.appBar('Apps', { nav: back });
        b.header('All apps');
        for (const a of ctx.installed().filter((x) => x.launchable)) b.listItem({ title: a.label, subtitle: a.pkg, icon: a.icon, iconColor: a.color, action: `open:appinfo:${a.pkg}` });
        return;
      case 'appinfo': {
        const app = ctx.installed().find((a) => a.pkg === param);
        b.appBar('App info', { nav: back });
        if (!app) { b.text('App not installed'); return; }
        b.space(16);
        b.text(app.label, { size: 24, align: 'center', id: 'entity_header_title', height: b.dp(48) });
        b.text(app.pkg, { size: 14, color: b.theme.muted, align: 'center', id: 'entity_header_summary' });
        b.button('Open', { id: 'button1', action: `launch:${app.pkg}`, style: 'tonal' });
        b.button('Uninstall', { id: 'button2', action: `uninstall:${app.pkg}`, style: app.system ? 'outlined' : 'filled', enabled: !app.system });
        b.button('Force stop', { id: 'button3', action: 'noop', style: 'outlined' });
        return;
      }
      case 'about':
        b.appBar('About phone', { nav: back });
        b.listItem({ title: 'Device name', subtitle: 'Touchstone Virtual Phone', action: 'noop' });
        b.listItem({ title: 'Android version', subtitle: '12', action: 'noop' });
        b.listItem({ title: 'Build number', subtitle: 'SP2A.220305.013', action: 'noop' });
        return;
    }
  },
  act(_s, _screen, action, ctx) {
    if (action === 'back') return { pop: true };
    if (action.startsWith('open:')) return { push: action.slice(5) };
    if (action.startsWith('toggle:')) { toggleSetting(ctx, action.slice(7)); return null; }
    if (action === 'dark') { ctx.settings.set('secure:ui_night_mode', ctx.settings.get('secure:ui_night_mode') === '2' ? '1' : '2'); return null; }
    if (action.startsWith('launch:')) return { launch: action.slice(7) };
    if (action.startsWith('uninstall:')) { ctx.uninstall(action.slice(10)); return { pop: true }; }
    return null;
  },
});
