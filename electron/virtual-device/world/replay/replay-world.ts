import { readFileSync } from 'node:fs';
import type { Bounds, Size } from '../../../../shared/model';
import { parseUiautomatorXml } from '../../../../shared/formats/parse-uiautomator-xml';
import { inside } from '../view';
import { KEY, type InputEvent, type PackageInfo, type ScreenView, type StartResult, type World } from '../types';
import { recordedFocus, xmlPackage } from '../recorded-activity';
import { loadRecording, type RecordedAction, type Recording } from './load-recording';

interface ReplayState { index: number; history: number[]; typed: string }

const EMPTY_XML = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\" />";
const KEY_NAMES: Record<number, string> = { [KEY.BACK]: 'back', [KEY.HOME]: 'home', [KEY.ENTER]: 'enter', [KEY.APP_SWITCH]: 'app-switch' };

const area = (b: Bounds): number => (b.x2 - b.x1) * (b.y2 - b.y1);

/**
 * Replays a recorded episode: it shows the recorded screens; an input that hits
 * the recorded action's target advances, BACK steps back, anything else leaves
 * the screen as it is.
 */
export class ReplayWorld implements World {
  readonly name: string;
  readonly size: Size;
  readonly density: number;
  private state: ReplayState = { index: 0, history: [], typed: '' };
  private readonly xmlCache = new Map<number, string>();
  private readonly targets = new Map<number, Bounds | null>();

  constructor(readonly recording: Recording) {
    this.name = `replay:${recording.dir}`;
    this.size = recording.size;
    this.density = Math.round((recording.size.width / 411) * 160);
  }

  static fromDir(dir: string): ReplayWorld { return new ReplayWorld(loadRecording(dir)); }

  /** Index of the recorded screen being shown. */
  get index(): number { return this.state.index; }

  private xml(i: number): string {
    let x = this.xmlCache.get(i);
    if (x === undefined) {
      const f = this.recording.steps[i].xmlFile;
      x = f ? readFileSync(f, 'utf8').replace(/^\uFEFF/, '').trim() : EMPTY_XML;
      this.xmlCache.set(i, x);
    }
    return x;
  }

  /**
   * The smallest clickable node of screen i containing the recorded tap point,
   * or null when the recording has no hierarchy there (then a tap must land near the point).
   */
  targetOf(i: number): Bounds | null {
    if (this.targets.has(i)) return this.targets.get(i)!;
    const a = this.recording.steps[i].action;
    let best: Bounds | null = null;
    if (a.kind === 'tap' || a.kind === 'long-press') {
      const vh = parseUiautomatorXml(this.xml(i), this.recording.steps[i].xmlFile ?? `${i}.xml`);
      if (vh.ok) {
        for (const n of vh.value.nodes) {
          if (n.bounds && (n.clickable || n.longClickable) && inside(n.bounds, a.x, a.y) && (!best || area(n.bounds) < area(best))) best = n.bounds;
        }
      }
    }
    this.targets.set(i, best);
    return best;
  }

  private hits(i: number, want: RecordedAction, ev: InputEvent): boolean {
    const near = (x1: number, y1: number, x2: number, y2: number): boolean => Math.hypot(x1 - x2, y1 - y2) <= 0.05 * Math.hypot(this.size.width, this.size.height);
    switch (want.kind) {
      case 'tap': case 'long-press': {
        if (ev.kind !== 'tap' && ev.kind !== 'long-press') return false;
        const t = this.targetOf(i);
        return t ? inside(t, ev.x, ev.y) : near(ev.x, ev.y, want.x, want.y);
      }
      case 'swipe': {
        if (ev.kind !== 'swipe') return false;
        const dir = (dx: number, dy: number): string => (Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : dy > 0 ? 'down' : 'up');
        return dir(ev.x2 - ev.x1, ev.y2 - ev.y1) === dir(want.x2 - want.x1, want.y2 - want.y1) && near(ev.x1, ev.y1, want.x1, want.y1);
      }
      case 'text': return ev.kind === 'text' && this.state.typed === want.text;
      case 'key': return ev.kind === 'key' && KEY_NAMES[ev.code] === want.key;
      case 'none': return false;
    }
  }

  screen(): ScreenView {
    const i = this.state.index;
    const step = this.recording.steps[i];
    return {
      key: `replay:${i}`,
      ...recordedFocus(step.activity, xmlPackage(this.xml(i))),
      xml: () => this.xml(i),
      png: async () => readFileSync(step.png),
    };
  }

  input(ev: InputEvent, _now?: Date): void {
    const s = this.state;
    const want = this.recording.steps[s.index].action;
    if (ev.kind === 'text') s.typed += ev.text;
    if (this.hits(s.index, want, ev) && s.index + 1 < this.recording.steps.length) {
      s.history.push(s.index);
      s.index++;
      s.typed = '';
      return;
    }
    if (ev.kind === 'key' && ev.code === KEY.BACK && s.history.length) {
      s.index = s.history.pop()!;
      s.typed = '';
    }
  }

  private appPackages(): string[] {
    const fromSteps = this.recording.steps.map((s) => s.activity.split('/')[0]).filter((p) => /^[\w.]+$/.test(p) && p.includes('.'));
    return [...new Set([...(this.recording.installedApps ?? []), ...fromSteps])];
  }

  start(component: string): StartResult {
    const pkg = component.split('/')[0];
    return this.appPackages().includes(pkg) ? { ok: true, component } : { ok: false, error: `Error: Activity class {${component}} does not exist.` };
  }

  launch(pkg: string): StartResult {
    return this.appPackages().includes(pkg) ? { ok: true, component: pkg } : { ok: false, error: `No activities found to run for ${pkg}` };
  }

  forceStop(): void { /* the recording cannot change */ }
  packages(): PackageInfo[] {
    return [...['android', 'com.android.systemui', 'com.android.settings'].map((name) => ({ name, system: true })), ...this.appPackages().filter((p) => !['android', 'com.android.systemui', 'com.android.settings'].includes(p)).map((name) => ({ name, system: false }))];
  }
  install(): boolean { return false; }
  uninstall(): boolean { return false; }
  clear(): boolean { return true; }
  snapshot(): unknown { return structuredClone(this.state); }
  restore(state: unknown): void { this.state = structuredClone(state as ReplayState); }
}
