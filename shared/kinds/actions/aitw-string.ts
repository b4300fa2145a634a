import type { ExecAction, Point, Size } from '../../model';
import type { DeviceAction } from './action';

/**
 * AITW's swipe threshold as LlamaTouch's AgentEnv applies it: a DUAL_POINT whose touch and lift
 * points (normalised) lie at most this far apart is a tap, otherwise a swipe.
 */
export const AITW_TAP_THRESHOLD = 0.04;

/** How long AgentEnv's device takes for a swipe (uiautomator2's default, 0.5 s). */
export const AITW_SWIPE_MS = 500;

/** The action types an AITW action string may name (any case). */
export const AITW_ACTION_TYPES = ['DUAL_POINT', 'TYPE', 'PRESS_BACK', 'PRESS_HOME', 'PRESS_ENTER', 'STATUS_TASK_COMPLETE', 'STATUS_TASK_IMPOSSIBLE'] as const;

const KEY = /(?:^|,)\s*(action_type|touch_point|lift_point|typed_text)\s*:/gi;
const NUM = '([-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?)';
const POINT = new RegExp(`^\\[\\s*${NUM}\\s*,\\s*${NUM}\\s*\\]$`);

/** The `key: value` fields of an AITW action string; a value runs to the next known key, so typed text may hold commas. */
function fields(text: string): Map<string, string> {
  const hits = [...text.matchAll(KEY)];
  const out = new Map<string, string>();
  hits.forEach((m, i) => {
    const end = i + 1 < hits.length ? hits[i + 1]!.index : text.length;
    out.set(m[1]!.toLowerCase(), text.slice(m.index + m[0].length, end).trim());
  });
  return out;
}

function point(v: string | undefined, name: string): Point | string {
  const m = v === undefined ? null : POINT.exec(v);
  if (!m) return `${name} must be a normalised point like [0.5, 0.3], found ${JSON.stringify(v ?? '(none)')}`;
  const p = { x: Number(m[1]), y: Number(m[2]) };
  if (p.x < 0 || p.x > 1 || p.y < 0 || p.y > 1) return `${name} ${v} lies off the screen: both numbers are fractions of the screen, from 0 to 1`;
  return p;
}

/**
 * Parses an AITW action string as LlamaTouch's AgentEnv reads it:
 * `action_type: DUAL_POINT, touch_point: [0.5, 0.2], lift_point: [0.5, 0.2], typed_text: `.
 * The action type may be in any case. A point's first number is the fraction of the screen's
 * width and its second of its height (AgentEnv taps at `point[0] * width, point[1] * height`,
 * whatever order AITW's own dataset uses). A DUAL_POINT within {@link AITW_TAP_THRESHOLD} is a
 * tap at the touch point, else a swipe from touch to lift point. `typed_text` is kept as written
 * (trimmed; case, quotes and commas kept). The action carries the trace line AgentEnv's recorder
 * writes for it (`CLICK|[x, y]|NULL|w|h` with the agent's own numbers). Never throws.
 */
export function parseAitwAction(text: string, screen: Size): { ok: true; action: DeviceAction } | { ok: false; error: string } {
  const bad = (why: string): { ok: false; error: string } => ({ ok: false, error: `AITW action ${JSON.stringify(text.slice(0, 160))}: ${why}.` });
  const f = fields(text);
  const type = (f.get('action_type') ?? '').toUpperCase();
  if (!type) return bad('no action_type (expected "action_type: <type>, touch_point: [x, y], lift_point: [x, y], typed_text: <text>")');
  const line = <K extends ExecAction['kind']>(kind: K, rest: object = {}): ExecAction => ({ kind, ...rest, screen } as ExecAction);
  const px = (p: Point): { x: number; y: number } => ({ x: Math.min(screen.width - 1, Math.round(p.x * screen.width)), y: Math.min(screen.height - 1, Math.round(p.y * screen.height)) });
  switch (type) {
    case 'DUAL_POINT': {
      const from = point(f.get('touch_point'), 'touch_point');
      if (typeof from === 'string') return bad(from);
      const to = point(f.get('lift_point'), 'lift_point');
      if (typeof to === 'string') return bad(to);
      const dx = from.x - to.x;
      const dy = from.y - to.y;
      // The same arithmetic as numpy's norm of the difference, so the threshold cuts where AgentEnv's does.
      if (Math.sqrt(dx * dx + dy * dy) <= AITW_TAP_THRESHOLD) return { ok: true, action: { kind: 'tap', ...px(from), line: line('click', { at: from }) } };
      const a = px(from);
      const b = px(to);
      return { ok: true, action: { kind: 'swipe', x1: a.x, y1: a.y, x2: b.x, y2: b.y, durationMs: AITW_SWIPE_MS, line: line('swipe', { from, to }) } };
    }
    case 'TYPE': {
      const t = f.get('typed_text') ?? '';
      return { ok: true, action: { kind: 'type', text: t, line: line('type', { text: t }) } };
    }
    case 'PRESS_BACK': return { ok: true, action: { kind: 'back', line: line('back') } };
    case 'PRESS_HOME': return { ok: true, action: { kind: 'home', line: line('home') } };
    case 'PRESS_ENTER': return { ok: true, action: { kind: 'enter', line: line('enter') } };
    case 'STATUS_TASK_COMPLETE': return { ok: true, action: { kind: 'complete', line: line('complete') } };
    case 'STATUS_TASK_IMPOSSIBLE': return { ok: true, action: { kind: 'impossible', line: line('impossible') } };
    default: return bad(`unknown action_type ${JSON.stringify(f.get('action_type'))}; use one of ${AITW_ACTION_TYPES.join(', ')}`);
  }
}
