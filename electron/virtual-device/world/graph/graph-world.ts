import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Size, ViewHierarchy } from '../../../../shared/model';
import { parseUiautomatorXml } from '../../../../shared/formats/parse-uiautomator-xml';
import { renderPool } from '../render-pool';
import { KEY, type InputEvent, type PackageInfo, type ScreenView, type StartResult, type World } from '../types';
import { recordedFocus, xmlPackage } from '../recorded-activity';
import type { RecordedAction } from '../replay/load-recording';
import type { GraphState, WorldGraph } from './build-graph';
import { actionKey } from './signature';

const EMPTY_XML = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\" />";
const KEY_NAMES: Record<number, 'back' | 'home' | 'enter' | 'app-switch'> = { [KEY.BACK]: 'back', [KEY.HOME]: 'home', [KEY.ENTER]: 'enter', [KEY.APP_SWITCH]: 'app-switch' };

/** An action the graph has no transition for: the screen stays, the episode report lists it. */
export interface Unexplored { step: number; state: string; activity: string; action: RecordedAction; key: string | null }

/** What a session on the graph did, written as `episode.json` by `touchstone device serve`. */
export interface EpisodeReport { world: string; start: string; current: string; path: { state: string; key: string | null }[]; unexplored: Unexplored[] }

interface GraphSession { current: string; history: string[]; typed: string; path: { state: string; key: string | null }[]; unexplored: Unexplored[] }

/**
 * A multi-path offline world: the merged state graph of several recordings of a task. An input is turned
 * into the same transition key the recordings' actions got (tap -> the component it hits), and follows the
 * recorded transition from the current state. BACK returns to the state the session came from (as Android's
 * back stack does), or follows a recorded BACK when there is no history. Anything else stays on the screen
 * and is reported as unexplored.
 */
export class GraphWorld implements World {
  readonly name: string;
  readonly size: Size;
  readonly density: number;
  private s: GraphSession;
  private readonly byId: Map<string, GraphState>;
  private readonly out = new Map<string, Map<string, string>>();
  private readonly xmlCache = new Map<string, { xml: string; vh: ViewHierarchy | null }>();

  constructor(readonly graph: WorldGraph, private readonly onChange?: (r: EpisodeReport) => void) {
    this.name = `graph:${graph.root}`;
    this.size = graph.size;
    this.density = Math.round((graph.size.width / 411) * 160);
    this.byId = new Map(graph.states.map((st) => [st.id, st]));
    for (const t of graph.transitions) {
      const m = this.out.get(t.from) ?? new Map<string, string>();
      m.set(t.key, t.to);
      this.out.set(t.from, m);
    }
    this.s = this.fresh();
  }

  private fresh(): GraphSession { return { current: this.graph.start, history: [], typed: '', path: [{ state: this.graph.start, key: null }], unexplored: [] }; }

  report(): EpisodeReport {
    return { world: this.name, start: this.graph.start, current: this.s.current, path: structuredClone(this.s.path), unexplored: structuredClone(this.s.unexplored) };
  }

  get current(): GraphState { return this.byId.get(this.s.current)!; }

  /** The state's hierarchy, its bounds scaled to the world size when it was recorded at another size. */
  private hierarchy(st: GraphState): { xml: string; vh: ViewHierarchy | null } {
    let c = this.xmlCache.get(st.id);
    if (!c) {
      let xml = st.xml ? readFileSync(join(this.graph.root, st.xml), 'utf8').replace(/^\uFEFF/, '').trim() : EMPTY_XML;
      const sx = this.size.width / st.size.width;
      const sy = this.size.height / st.size.height;
      if (sx !== 1 || sy !== 1) {
        xml = xml.replace(/bounds="\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]"/g, (_m, a: string, b: string, cc: string, d: string) =>
          `bounds="[${Math.round(Number(a) * sx)},${Math.round(Number(b) * sy)}][${Math.round(Number(cc) * sx)},${Math.round(Number(d) * sy)}]"`);
      }
      const vh = parseUiautomatorXml(xml, st.xml ?? st.id);
      c = { xml, vh: vh.ok ? vh.value : null };
      this.xmlCache.set(st.id, c);
    }
    return c;
  }

  private async png(st: GraphState): Promise<Buffer> {
    const bytes = readFileSync(join(this.graph.root, st.png));
    if (st.size.width === this.size.width && st.size.height === this.size.height) return bytes;
    // scaled on a render thread, never on the thread serving adb
    return renderPool.compose({ kind: 'display', png: bytes, rotation: 0, physical: this.size, logical: this.size });
  }

  screen(): ScreenView {
    const st = this.current;
    return {
      key: `graph:${st.id}`,
      ...recordedFocus(st.activity, xmlPackage(this.hierarchy(st).xml)),
      xml: () => this.hierarchy(st).xml,
      png: () => this.png(st),
    };
  }

  private go(to: string, key: string | null, pushHistory: boolean): void {
    if (pushHistory) this.s.history.push(this.s.current);
    if (key === 'key:home') this.s.history = [];
    this.s.current = to;
    this.s.typed = '';
    this.s.path.push({ state: to, key });
    this.onChange?.(this.report());
  }

  private unexplored(action: RecordedAction, key: string | null): void {
    this.s.unexplored.push({ step: this.s.path.length - 1, state: this.s.current, activity: this.current.activity, action, key });
    this.onChange?.(this.report());
  }

  input(ev: InputEvent): void {
    const s = this.s;
    const edges = this.out.get(s.current) ?? new Map<string, string>();
    const action: RecordedAction = ev.kind === 'tap' || ev.kind === 'long-press' ? { kind: ev.kind, x: ev.x, y: ev.y }
      : ev.kind === 'swipe' || ev.kind === 'drag' ? { kind: 'swipe', x1: ev.x1, y1: ev.y1, x2: ev.x2, y2: ev.y2 }
        : ev.kind === 'text' ? { kind: 'text', text: s.typed + ev.text }
          : KEY_NAMES[ev.code] ? { kind: 'key', key: KEY_NAMES[ev.code] } : { kind: 'none' };
    if (ev.kind === 'text') {
      s.typed += ev.text;
      const key = `text:${s.typed}`;
      if (edges.has(key)) { this.go(edges.get(key)!, key, true); return; }
      // still typing towards a recorded text: wait for the rest before judging
      if ([...edges.keys()].some((k) => k.startsWith('text:') && k.slice(5).startsWith(s.typed))) return;
      this.unexplored(action, key);
      return;
    }
    const key = action.kind === 'none' ? null : actionKey(action, this.hierarchy(this.current).vh);
    if (key === 'key:back') {
      const prev = s.history.pop();
      if (prev !== undefined) { this.go(prev, key, false); return; }
    }
    if (key && edges.has(key)) { this.go(edges.get(key)!, key, key !== 'key:back' && key !== 'key:home'); return; }
    if (key === 'key:home') {
      // HOME from a state with no recorded HOME: the home screen the recordings reached with HOME, if any
      const home = this.graph.transitions.find((t) => t.key === 'key:home');
      if (home) { this.go(home.to, key, false); return; }
    }
    if (ev.kind === 'key' && !KEY_NAMES[ev.code]) return; // keys no recording can use (volume, DEL) are not actions
    this.unexplored(action, key);
  }

  private packagesSeen(): string[] {
    return [...new Set(this.graph.states.map((st) => st.activity.split('/')[0]).filter((p) => /^[\w.]+$/.test(p) && p.includes('.')))];
  }

  start(component: string): StartResult {
    const st = this.graph.states.find((x) => x.activity === component) ?? this.graph.states.find((x) => x.activity.split('/')[0] === component.split('/')[0]);
    if (!st) return { ok: false, error: `Error: Activity class {${component}} does not exist.` };
    if (st.id !== this.s.current) this.go(st.id, `start:${component}`, true);
    return { ok: true, component };
  }

  launch(pkg: string): StartResult { return this.start(`${pkg}/`); }
  forceStop(): void { /* recordings cannot change */ }
  packages(): PackageInfo[] {
    const sys = ['android', 'com.android.systemui', 'com.android.settings'];
    return [...sys.map((name) => ({ name, system: true })), ...this.packagesSeen().filter((p) => !sys.includes(p)).map((name) => ({ name, system: false }))];
  }
  install(): boolean { return false; }
  uninstall(): boolean { return false; }
  clear(): boolean { return true; }
  snapshot(): unknown { return structuredClone(this.s); }
  restore(state: unknown): void { this.s = structuredClone(state as GraphSession); this.onChange?.(this.report()); }
}
