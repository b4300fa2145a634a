import type { Size } from '../../../../shared/model';
import { KEY, type InputEvent, type PackageInfo, type ScreenView, type StartResult, type World } from '../types';
import { hitTest, toUiautomatorXml } from '../view';
import { renderPool } from '../render-pool';
import type { AppCtx, AppDef, BaseState, Nav } from './app';
import { ScreenBuilder, DARK, LIGHT } from './ui';
import { applyScroll } from './scroll';
import { BASE_PACKAGES, USER_PACKAGES, clockText, launcher, LAUNCHER_PKG, settingsApp } from './apps-system';
import { clockApp, notesApp } from './apps-notes-clock';
import { shopApp } from './apps-shop';
import { podcastsApp, storeApp, weatherApp } from './apps-store';
import { browserApp, BROWSER_PKG } from './apps-browser';
import { factorsKey, readFactors, type WorldFactors } from './factors';
import { translateTree } from './strings';
import { labelColour } from './home-grid';

/** Every app the demo phone knows; the ones not preinstalled come from the App Store. */
export const DEMO_APPS: AppDef[] = [launcher, settingsApp, storeApp, notesApp, shopApp, clockApp, weatherApp, podcastsApp, browserApp];

interface DemoState {
  installed: string[];
  apps: Record<string, BaseState>;
  /** Back stack of screen names per running app. */
  tasks: Record<string, string[]>;
  /** Foreground app; null = home screen. */
  current: string | null;
}

/** The demo phone: a launcher and a few declarative apps with state. */
export class DemoWorld implements World {
  readonly name = 'demo';
  private state: DemoState;
  private settings = new Map<string, string>();
  private props: Map<string, string> | undefined;
  /** This world's encoder on the render thread: consecutive screens share most rows, unchanged bands keep their bytes. */
  private readonly encoder = `demo-${Math.random().toString(36).slice(2)}`;

  constructor(readonly size: Size = { width: 1080, height: 2400 }, readonly density = 420, private readonly apps: AppDef[] = DEMO_APPS) {
    this.state = this.fresh();
  }

  /**
   * Shares the device's `settings` table, so toggles in the Settings app show in `settings get`, and its
   * properties: the screens follow `wm size`, `wm density`, `persist.sys.locale`, font scale, dark mode and
   * the launcher settings (`factors.ts`).
   */
  attach(host: { settings: Map<string, string>; props?: Map<string, string> }): void { this.settings = host.settings; this.props = host.props; }

  /** The device configuration screens are laid out for now. */
  factors(): WorldFactors { return readFactors(this.settings, this.props, this.size, this.density); }

  layoutSize(): Size { return this.factors().size; }

  private fresh(): DemoState {
    const installed = this.apps.filter((a) => a.preinstalled).map((a) => a.pkg);
    return { installed, apps: Object.fromEntries(this.apps.map((a) => [a.pkg, a.initial()])), tasks: {}, current: null };
  }

  private app(pkg: string): AppDef | undefined { return this.apps.find((a) => a.pkg === pkg); }

  private ctx(now: Date, factors?: WorldFactors): AppCtx {
    return {
      now, settings: this.settings, factors,
      installed: () => this.apps.filter((a) => this.state.installed.includes(a.pkg)),
      isInstalled: (pkg) => this.state.installed.includes(pkg),
      install: (pkg) => { this.install(pkg); },
      uninstall: (pkg) => { this.uninstall(pkg); },
      catalog: () => this.apps.filter((a) => !a.system),
    };
  }

  private top(): { app: AppDef; screen: string } {
    const pkg = this.state.current;
    const app = (pkg && this.app(pkg)) || launcher;
    const stack = pkg ? this.state.tasks[pkg] : undefined;
    return { app, screen: stack?.[stack.length - 1] ?? 'main' };
  }

  private build(now: Date): { b: ScreenBuilder; app: AppDef; screen: string; dark: boolean; factors: WorldFactors } {
    const { app, screen } = this.top();
    const f = this.factors();
    const dark = f.dark;
    const b = new ScreenBuilder(f.size, f.density, app.pkg, { ...(dark ? DARK : LIGHT), primary: app.color === '#5f6368' ? '#1a73e8' : app.color }, { fontScale: f.fontScale, locale: f.locale });
    const st = this.state.apps[app.pkg];
    app.build(b, st, screen, this.ctx(now, f));
    translateTree(f.locale, b.root);
    const max = applyScroll(b, st.scroll?.[screen] ?? 0);
    if (st.scroll && (st.scroll[screen] ?? 0) > max) st.scroll[screen] = max;
    return { b, app, screen, dark, factors: f };
  }

  /** The last screen built, for as long as the state, the settings and the minute stay the same. */
  private memo: { sig: string; view: ScreenView } | null = null;

  screen(now: Date): ScreenView {
    // screencap asks for the screen's key on every call: building the tree and its XML once per state is enough
    const sig = `${clockText(now)}|${JSON.stringify(this.state)}|${JSON.stringify([...this.settings])}|${factorsKey(this.factors())}`;
    if (this.memo?.sig === sig) return this.memo.view;
    const view = this.buildScreen(now);
    this.memo = { sig, view };
    return view;
  }

  private buildScreen(now: Date): ScreenView {
    const { b, app, screen, dark, factors } = this.build(now);
    const xml = toUiautomatorXml(b.root, app.pkg);
    const time = clockText(now);
    const home = app.pkg === LAUNCHER_PKG;
    const activity = `${app.pkg}/${app.activities[screen.split(':')[0]] ?? app.activities.main}`;
    return {
      key: `${time}|${dark}|${factorsKey(factors)}|${xml}`,
      activity,
      xml: () => xml,
      png: () => renderPool.render({
        encoder: this.encoder, root: b.root, size: factors.size, background: b.theme.background,
        chrome: { time, statusBg: home ? 'rgba(0,0,0,0)' : b.theme.surface, darkIcons: home ? labelColour(factors) !== undefined : !dark, statusHeight: b.statusBar, navHeight: b.navBar, battery: 100 },
      }),
    };
  }

  input(ev: InputEvent, now: Date): void {
    const { app, screen } = this.top();
    const st = this.state.apps[app.pkg];
    switch (ev.kind) {
      case 'tap':
      case 'long-press': {
        const node = hitTest(this.build(now).b.root, ev.x, ev.y);
        if (!node?.action || node.enabled === false) return;
        if (node.action.startsWith('focus:')) { st.focus = node.action.slice(6); return; }
        this.apply(app, app.act(st, screen, node.action, this.ctx(now)), now);
        return;
      }
      case 'text':
        if (st.focus) st.fields[st.focus] = (st.fields[st.focus] ?? '') + ev.text;
        return;
      case 'key':
        if (ev.code === KEY.HOME) { this.state.current = null; return; }
        if (ev.code === KEY.BACK) { this.back(app, screen, now); return; }
        if (ev.code === KEY.DEL && st.focus) { st.fields[st.focus] = (st.fields[st.focus] ?? '').slice(0, -1); return; }
        if (ev.code === KEY.ENTER && st.focus && app.onEnter) this.apply(app, app.onEnter(st, screen, st.focus, this.ctx(now)), now);
        return;
      case 'swipe': {
        // a vertical swipe scrolls the list (finger up = content moves up)
        if (Math.abs(ev.y2 - ev.y1) <= Math.abs(ev.x2 - ev.x1)) return;
        const scroll = (st.scroll ??= {});
        scroll[screen] = Math.max(0, (scroll[screen] ?? 0) + (ev.y1 - ev.y2));
        this.build(now); // clamps to the content height
        return;
      }
      case 'drag':
        return;
    }
  }

  private back(app: AppDef, screen: string, now: Date): void {
    if (this.state.current === null) return;
    const veto = app.onBack?.(this.state.apps[app.pkg], screen, this.ctx(now));
    if (veto) { this.apply(app, veto, now); return; }
    this.apply(app, { pop: true }, now);
  }

  private apply(app: AppDef, nav: Nav, now: Date): void {
    if (!nav) return;
    const st = this.state.apps[app.pkg];
    const task = (this.state.tasks[app.pkg] ??= ['main']);
    if ('push' in nav) { task.push(nav.push); st.focus = st.focus && nav.push === 'edit' ? st.focus : null; return; }
    if ('replace' in nav) { task[task.length - 1] = nav.replace; st.focus = null; return; }
    if ('pop' in nav) {
      st.focus = null;
      task.pop();
      if (task.length === 0) { delete this.state.tasks[app.pkg]; this.state.current = null; }
      return;
    }
    if ('home' in nav) { this.state.current = null; return; }
    this.launch(nav.launch, now);
  }

  start(component: string, now: Date): StartResult {
    const [pkg, cls] = component.split('/');
    const app = this.app(pkg);
    const screen = app && this.state.installed.includes(pkg) ? Object.keys(app.activities).find((k) => app.activities[k] === cls) : undefined;
    if (!app || !screen) return { ok: false, error: `Error: Activity class {${component}} does not exist.` };
    if (app.pkg === LAUNCHER_PKG) { this.state.current = null; return { ok: true, component }; }
    this.state.current = pkg;
    this.state.tasks[pkg] = screen === 'main' ? ['main'] : ['main', screen];
    try {
      this.build(now);
    } catch {
      this.state.tasks[pkg] = ['main']; // a screen that needs a parameter cannot be started directly
    }
    return { ok: true, component };
  }

  launch(pkg: string, _now: Date): StartResult {
    const app = this.app(pkg);
    if (!app || !app.launchable || !this.state.installed.includes(pkg)) return { ok: false, error: `No activities found to run for ${pkg}` };
    this.state.current = pkg;
    this.state.tasks[pkg] ??= ['main'];
    return { ok: true, component: `${pkg}/${app.activities.main}` };
  }

  /** `am start -a android.intent.action.VIEW -d URL`: web addresses open in the browser. */
  view(uri: string, now: Date): StartResult {
    const app = this.app(BROWSER_PKG);
    if (!app || !/^https?:\/\//i.test(uri)) return { ok: false, error: `No Activity found to handle Intent { act=android.intent.action.VIEW dat=${uri} }` };
    (this.state.apps[BROWSER_PKG] as BaseState & { url: string }).url = uri;
    return this.start(`${BROWSER_PKG}/${app.activities.main}`, now);
  }

  forceStop(pkg: string): void {
    delete this.state.tasks[pkg];
    if (this.state.current === pkg) this.state.current = null;
  }

  packages(): PackageInfo[] {
    return [
      ...BASE_PACKAGES.filter((name) => !this.apps.some((a) => a.pkg === name)).map((name) => ({ name, system: true })),
      ...USER_PACKAGES.map((name) => ({ name, system: false })),
      ...this.apps.filter((a) => this.state.installed.includes(a.pkg)).map((a) => ({ name: a.pkg, system: a.system })),
    ];
  }

  install(pkg: string): boolean {
    const app = this.app(pkg);
    if (!app) return false;
    if (!this.state.installed.includes(pkg)) this.state.installed.push(pkg);
    return true;
  }

  uninstall(pkg: string): boolean {
    const app = this.app(pkg);
    if (!app || app.system || !this.state.installed.includes(pkg)) return false;
    this.state.installed = this.state.installed.filter((p) => p !== pkg);
    this.state.apps[pkg] = app.initial();
    this.forceStop(pkg);
    return true;
  }

  clear(pkg: string): boolean {
    const app = this.app(pkg);
    if (!app || !this.state.installed.includes(pkg)) return false;
    this.state.apps[pkg] = app.initial();
    this.forceStop(pkg);
    return true;
  }

  snapshot(): unknown { return structuredClone(this.state); }
  restore(state: unknown): void { this.state = structuredClone(state as DemoState); }
}
