/**
 * Actions out of the replies of grounding models, in the model's own coordinate space (see
 * resize.ts for the spaces and the way back to device pixels):
 * - UI-TARS: `Thought: ... Action: click(start_box='(x,y)')` (also `<|box_start|>(x,y)<|box_end|>`
 *   and `[x1,y1,x2,y2]` boxes), long_press, type(content=...), scroll(start_box, direction), drag,
 *   press_home(), press_back(), finished(), wait();
 * - Qwen2.5-VL / Qwen3-VL: the `mobile_use` tool call as JSON (in `<tool_call>` tags, bare, or as an
 *   OpenAI tool call's arguments): click / long_press (coordinate), swipe (coordinate, coordinate2),
 *   type (text), system_button (Back, Home, Enter), terminate (status), answer, open, wait;
 * - plain: `tap(x, y)`, `long_press(x, y)`, `swipe(x1, y1, x2, y2)`, `type("text")`, `back()`,
 *   `home()`, `enter()`, `complete()`, `impossible()`.
 */
import type { DeviceAction } from '../../actions';
import { toDevice, type GroundingFamily, type Size } from './resize';

type Pt = { x: number; y: number };
/** An action in the model's space. */
export type GroundedAction =
  | { kind: 'tap' | 'long-press'; at: Pt }
  | { kind: 'swipe'; from: Pt; to: Pt }
  /** A scroll of the content seen at `at` (device-independent direction; the finger moves the other way). */
  | { kind: 'scroll'; at: Pt; direction: 'up' | 'down' | 'left' | 'right' }
  | { kind: 'type'; text: string }
  | { kind: 'back' | 'home' | 'enter' | 'complete' | 'impossible' | 'wait' }
  | { kind: 'launch'; app: string };

export type GroundedParse = { ok: true; action: GroundedAction } | { ok: false; error: string };

const NUM = /-?\d+(?:\.\d+)?/g;

/** A point from a box string: `(x,y)`, `<|box_start|>(x,y)<|box_end|>`, or a box `[x1,y1,x2,y2]` (its centre). */
export function pointOf(box: string): Pt | null {
  const n = (box.match(NUM) ?? []).map(Number);
  if (n.length === 2) return { x: n[0], y: n[1] };
  if (n.length === 4) return { x: (n[0] + n[2]) / 2, y: (n[1] + n[3]) / 2 };
  return null;
}

/** `name(args)` of the reply's last call (after `Action:` when there is one), its keyword and positional arguments. */
function lastCall(text: string): { name: string; kw: Record<string, string>; pos: string[] } | null {
  const tail = text.includes('Action:') ? text.slice(text.lastIndexOf('Action:') + 7) : text;
  const m = /([a-z_]+)\s*\(([\s\S]*)\)/i.exec(tail);
  if (!m) return null;
  const kw: Record<string, string> = {};
  const pos: string[] = [];
  // key='value' / key="value" pairs (values may hold commas and parentheses), then bare arguments.
  const rest = m[2].replace(/(\w+)\s*=\s*(['"])([\s\S]*?)\2/g, (_all, k: string, _q, v: string) => { kw[k] = v; return ''; });
  for (const q of rest.matchAll(/(['"])([\s\S]*?)\1/g)) pos.push(q[2]);
  const bare = rest.replace(/(['"])[\s\S]*?\1/g, '');
  for (const n of bare.match(NUM) ?? []) pos.push(n);
  return { name: m[1].toLowerCase(), kw, pos };
}

const DIRS = new Set(['up', 'down', 'left', 'right']);

function uiTars(text: string): GroundedParse {
  const c = lastCall(text);
  if (!c) return { ok: false, error: `no action call such as click(start_box='(x,y)') in the reply (${JSON.stringify(text.slice(0, 80))}).` };
  const at = pointOf(c.kw.start_box ?? c.kw.point ?? c.pos.join(','));
  const need = (a: GroundedParse): GroundedParse => (at ? a : { ok: false, error: `${c.name} needs start_box='(x,y)'.` });
  switch (c.name) {
    case 'click': case 'left_single': case 'tap': return need({ ok: true, action: { kind: 'tap', at: at! } });
    case 'long_press': return need({ ok: true, action: { kind: 'long-press', at: at! } });
    case 'drag': case 'swipe': {
      const to = pointOf(c.kw.end_box ?? '');
      return at && to ? { ok: true, action: { kind: 'swipe', from: at, to } } : { ok: false, error: `${c.name} needs start_box and end_box.` };
    }
    case 'scroll': {
      const d = (c.kw.direction ?? '').toLowerCase();
      if (!DIRS.has(d)) return { ok: false, error: `scroll needs direction='up|down|left|right'; got ${JSON.stringify(c.kw.direction ?? '')}.` };
      return need({ ok: true, action: { kind: 'scroll', at: at!, direction: d as 'up' } });
    }
    case 'type': return { ok: true, action: { kind: 'type', text: (c.kw.content ?? c.pos[0] ?? '').replace(/\\n$/, '') } };
    case 'press_home': return { ok: true, action: { kind: 'home' } };
    case 'press_back': return { ok: true, action: { kind: 'back' } };
    case 'press_enter': return { ok: true, action: { kind: 'enter' } };
    case 'finished': return { ok: true, action: { kind: 'complete' } };
    case 'call_user': return { ok: true, action: { kind: 'impossible' } };
    case 'wait': return { ok: true, action: { kind: 'wait' } };
    case 'open_app': return { ok: true, action: { kind: 'launch', app: c.kw.app_name ?? c.pos[0] ?? '' } };
    default: return { ok: false, error: `unknown UI-TARS action ${c.name}().` };
  }
}

/** The first JSON object of a text (in `<tool_call>` tags or bare). */
function jsonIn(text: string): unknown {
  const body = /<tool_call>([\s\S]*?)<\/tool_call>/.exec(text)?.[1] ?? text;
  const s = body.indexOf('{');
  const e = body.lastIndexOf('}');
  if (s < 0 || e <= s) return undefined;
  try { return JSON.parse(body.slice(s, e + 1)); } catch { return undefined; }
}

const xy = (v: unknown): Pt | null => (Array.isArray(v) && v.length >= 2 && v.every((n) => typeof n === 'number') ? (v.length >= 4 ? { x: (v[0] + v[2]) / 2, y: (v[1] + v[3]) / 2 } : { x: v[0], y: v[1] }) : null);

/** Qwen's mobile_use call: `{"name": "mobile_use", "arguments": {...}}`, or its arguments alone. */
export function parseQwenCall(obj: unknown): GroundedParse {
  const o = obj as { arguments?: unknown } | undefined;
  const a = (o && typeof o === 'object' && o.arguments && typeof o.arguments === 'object' ? o.arguments : o) as Record<string, unknown> | undefined;
  if (!a || typeof a !== 'object' || typeof a.action !== 'string') return { ok: false, error: 'the reply has no mobile_use call with an "action".' };
  const at = xy(a.coordinate);
  const need = (g: GroundedAction): GroundedParse => (at ? { ok: true, action: g } : { ok: false, error: `${a.action as string} needs "coordinate": [x, y].` });
  switch (a.action) {
    case 'click': case 'tap': return need({ kind: 'tap', at: at! });
    case 'long_press': return need({ kind: 'long-press', at: at! });
    case 'swipe': {
      const to = xy(a.coordinate2);
      return at && to ? { ok: true, action: { kind: 'swipe', from: at, to } } : { ok: false, error: 'swipe needs "coordinate" and "coordinate2".' };
    }
    case 'type': return typeof a.text === 'string' ? { ok: true, action: { kind: 'type', text: a.text } } : { ok: false, error: 'type needs "text".' };
    case 'system_button': case 'key': {
      const b = String(a.button ?? a.text ?? '').toLowerCase();
      return b === 'back' || b === 'home' || b === 'enter' ? { ok: true, action: { kind: b } } : { ok: false, error: `system_button must be Back, Home or Enter; got ${JSON.stringify(a.button ?? a.text ?? '')}.` };
    }
    case 'terminate': return { ok: true, action: { kind: a.status === 'failure' ? 'impossible' : 'complete' } };
    case 'answer': return { ok: true, action: { kind: 'complete' } };
    case 'open': return { ok: true, action: { kind: 'launch', app: String(a.text ?? '') } };
    case 'wait': return { ok: true, action: { kind: 'wait' } };
    default: return { ok: false, error: `unknown mobile_use action ${JSON.stringify(a.action)}.` };
  }
}

function plain(text: string): GroundedParse {
  const c = lastCall(text);
  if (!c) return { ok: false, error: `no action call such as tap(x, y) in the reply (${JSON.stringify(text.slice(0, 80))}).` };
  const n = c.pos.map(Number).filter((v) => Number.isFinite(v));
  switch (c.name) {
    case 'tap': case 'click': case 'long_press':
      return n.length >= 2 ? { ok: true, action: { kind: c.name === 'long_press' ? 'long-press' : 'tap', at: { x: n[0], y: n[1] } } } : { ok: false, error: `${c.name} needs x and y.` };
    case 'swipe': return n.length >= 4 ? { ok: true, action: { kind: 'swipe', from: { x: n[0], y: n[1] }, to: { x: n[2], y: n[3] } } } : { ok: false, error: 'swipe needs x1, y1, x2, y2.' };
    case 'type': return { ok: true, action: { kind: 'type', text: c.pos[0] ?? '' } };
    case 'back': case 'home': case 'enter': case 'complete': case 'impossible': case 'wait': return { ok: true, action: { kind: c.name } };
    case 'done': return { ok: true, action: { kind: 'complete' } };
    default: return { ok: false, error: `unknown action ${c.name}().` };
  }
}

/** The action in a reply of `family` (`toolArgs`: an OpenAI tool call's parsed arguments, when the endpoint answered with one). */
export function parseGrounded(family: GroundingFamily, text: string, toolArgs?: unknown): GroundedParse {
  if (family === 'qwen') {
    const obj = toolArgs ?? jsonIn(text);
    return obj === undefined ? { ok: false, error: `the reply has no mobile_use JSON call (${JSON.stringify(text.slice(0, 80))}).` } : parseQwenCall(obj);
  }
  return family === 'uitars' ? uiTars(text) : plain(text);
}

/**
 * The device action of a grounded one: points scaled by `scale` (device pixels per unit of the
 * family's space) and kept on the screen; a scroll becomes a swipe of a third of the screen.
 */
export function groundedToDevice(g: GroundedAction, scale: { x: number; y: number }, screen: Size): DeviceAction {
  switch (g.kind) {
    case 'tap': case 'long-press': return { kind: g.kind, ...toDevice(g.at, scale, screen) };
    case 'swipe': {
      const a = toDevice(g.from, scale, screen);
      const b = toDevice(g.to, scale, screen);
      return { kind: 'swipe', x1: a.x, y1: a.y, x2: b.x, y2: b.y };
    }
    case 'scroll': {
      const a = toDevice(g.at, scale, screen);
      const dx = g.direction === 'left' ? 1 : g.direction === 'right' ? -1 : 0;
      const dy = g.direction === 'up' ? 1 : g.direction === 'down' ? -1 : 0;
      const clampX = (v: number): number => Math.min(screen.width - 1, Math.max(0, Math.round(v)));
      const clampY = (v: number): number => Math.min(screen.height - 1, Math.max(0, Math.round(v)));
      return { kind: 'swipe', x1: a.x, y1: a.y, x2: clampX(a.x + (dx * screen.width) / 3), y2: clampY(a.y + (dy * screen.height) / 3) };
    }
    case 'launch': return /^[a-z][\w]*(\.[\w]+)+$/i.test(g.app) ? { kind: 'launch', pkg: g.app } : { kind: 'invalid', reason: `open "${g.app}": give the app's package name (e.g. com.android.settings).` };
    case 'wait': return { kind: 'invalid', reason: 'wait: nothing was done this step.' };
    case 'type': return { kind: 'type', text: g.text };
    default: return { kind: g.kind };
  }
}
