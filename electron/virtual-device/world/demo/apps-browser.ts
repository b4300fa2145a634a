import { base, defineApp, type AppDef, type BaseState } from './app';

export const BROWSER_PKG = 'com.android.chrome';
interface BrowserState extends BaseState { url: string }

/**
 * The phone's browser: `am start -a android.intent.action.VIEW -d https://...` opens the URL here. The virtual
 * device is offline, so a page shows its address and Chrome's offline notice (enough for a task checker that
 * asks which URL is open, or for an agent to go BACK).
 */
export const browserApp: AppDef = defineApp<BrowserState>({
  pkg: BROWSER_PKG, label: 'Chrome', icon: 'search', color: '#1a73e8', system: true, preinstalled: true, launchable: false,
  activities: { main: 'com.google.android.apps.chrome.Main' },
  initial: () => ({ ...base(), url: 'about:blank' }),
  build(b, s) {
    b.edit({ id: 'url_bar', value: s.url, hint: '', focused: s.focus === 'url_bar', action: 'focus:url_bar' });
    b.space(48);
    b.text("You're offline", { size: 22, weight: 'bold', id: 'offline_title', align: 'center' });
    const host = /^[a-z]+:\/\/([^/?#]+)/i.exec(s.url)?.[1] ?? s.url;
    b.text(`${host} cannot be reached from the virtual device.`, { id: 'offline_detail', align: 'center', color: b.theme.muted });
  },
  act() { return null; },
  onEnter(s) { s.url = s.fields.url_bar ?? s.url; s.fields.url_bar = ''; s.focus = null; return null; },
});
