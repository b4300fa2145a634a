import { base, defineApp, type AppDef, type BaseState } from './app';

export const weatherApp: AppDef = defineApp<BaseState>({
  pkg: 'com.touchstone.weather', label: 'Weather', icon: 'cloud', color: '#4285f4', system: false, preinstalled: false, launchable: true,
  activities: { main: 'com.touchstone.weather.ForecastActivity' },
  initial: base,
  build(b) {
    b.appBar('Weather', { actions: [{ icon: 'more', desc: 'More options', id: 'menu', action: 'noop' }] });
    b.space(16);
    b.text('Zurich', { size: 28, align: 'center', id: 'city', height: b.dp(48) });
    b.text('18°', { size: 80, align: 'center', id: 'temperature', height: b.dp(120) });
    b.text('Partly cloudy', { size: 18, color: b.theme.muted, align: 'center', id: 'condition' });
    b.header('Next days');
    for (const [day, t, icon] of [['Monday', '21° / 12°', 'sun'], ['Tuesday', '17° / 10°', 'cloud'], ['Wednesday', '15° / 9°', 'cloud']]) b.listItem({ title: day, icon, trailing: { kind: 'text', text: t } });
  },
  act: () => null,
});

export const podcastsApp: AppDef = defineApp<BaseState & { playing: string | null }>({
  pkg: 'com.touchstone.podcasts', label: 'Podcasts', icon: 'mic', color: '#8e24aa', system: false, preinstalled: false, launchable: true,
  activities: { main: 'com.touchstone.podcasts.HomeActivity' },
  initial: () => ({ ...base(), playing: null }),
  build(b, s) {
    b.appBar('Podcasts');
    for (const ep of ['Ep. 41: Testing on devices', 'Ep. 40: Agents that click', 'Ep. 39: Screens and trees']) {
      b.listItem({ title: ep, subtitle: s.playing === ep ? 'Playing' : '32 min', icon: 'headphones', action: `play:${ep}` });
    }
  },
  act(s, _screen, action) {
    if (action.startsWith('play:')) s.playing = action.slice(5);
    return null;
  },
});

export const storeApp: AppDef = defineApp<BaseState>({
  pkg: 'com.touchstone.store', label: 'App Store', icon: 'store', color: '#01875f', system: true, preinstalled: true, launchable: true,
  activities: { main: 'com.touchstone.store.StoreActivity', details: 'com.touchstone.store.AppDetailsActivity' },
  initial: base,
  build(b, _s, screen, ctx) {
    const [name, pkg] = screen.split(':');
    if (name === 'main') {
      b.appBar('App Store', { actions: [{ icon: 'person', desc: 'Account', id: 'account', action: 'noop' }] });
      b.header('Recommended for you');
      for (const a of ctx.catalog()) {
        const inst = ctx.isInstalled(a.pkg);
        b.listItem({ title: a.label, subtitle: inst ? 'Installed' : '4.5 ★  ·  12 MB', icon: a.icon, iconColor: a.color, id: 'app_row', action: `details:${a.pkg}`, trailing: { kind: 'button', text: inst ? 'Open' : 'Install', id: `${inst ? 'open' : 'install'}_${a.label.toLowerCase()}`, action: `${inst ? 'open' : 'install'}:${a.pkg}`, style: inst ? 'outlined' : 'filled' } });
      }
      return;
    }
    const a = ctx.catalog().find((x) => x.pkg === pkg)!;
    const inst = ctx.isInstalled(a.pkg);
    b.appBar(a.label, { nav: { icon: 'back', desc: 'Navigate up', action: 'up' } });
    b.space(12);
    b.listItem({ title: a.label, subtitle: 'Touchstone Labs', icon: a.icon, iconColor: a.color, id: 'app_header' });
    if (inst) {
      b.button('Open', { id: 'open', action: `open:${a.pkg}` });
      b.button('Uninstall', { id: 'uninstall', action: `uninstall:${a.pkg}`, style: 'outlined' });
    } else b.button('Install', { id: 'install', action: `install:${a.pkg}` });
    b.header('About this app');
    b.text(`${a.label} for the Touchstone virtual phone.`, { color: b.theme.muted });
  },
  act(_s, _screen, action, ctx) {
    const [verb, pkg] = action.split(':');
    if (verb === 'details') return { push: action };
    if (verb === 'up') return { pop: true };
    if (verb === 'install') { ctx.install(pkg); return null; }
    if (verb === 'uninstall') { ctx.uninstall(pkg); return null; }
    if (verb === 'open') return { launch: pkg };
    return null;
  },
});
