import type { Size } from '../../../shared/model';
import { parseAitwAction, type DeviceAction } from '../../../shared/kinds/actions';
import { checkApiCommand } from '../../../shared/evaluation/checkpoints/api-command';
import { center, elementByNumber, inScreen, type ScreenElement } from './screen-view';

/** The action names every external agent (LLM tool calls, HTTP, MCP) uses, as in LlamaTouch's AgentEnv. */
export const ACTION_NAMES = ['tap', 'long_press', 'swipe', 'type', 'back', 'home', 'enter', 'launch', 'api', 'complete', 'impossible'] as const;
export type ActionName = (typeof ACTION_NAMES)[number];

/** An action as agents send it: a name and its arguments (element number or coordinates, text, direction, package). */
export interface ActionRequest {
  action: string;
  element?: unknown; x?: unknown; y?: unknown;
  x1?: unknown; y1?: unknown; x2?: unknown; y2?: unknown;
  direction?: unknown; text?: unknown; package?: unknown;
  /** `api`: one whitelisted adb shell command (an intent, a settings change). */
  command?: unknown;
  /** Instead of `action`: an AITW action string (`action_type: DUAL_POINT, touch_point: [x, y], ...`), parsed in shared/kinds/actions. */
  aitw?: unknown;
}

export type ParsedAction = { ok: true; action: DeviceAction } | { ok: false; error: string };

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

function point(r: ActionRequest, els: readonly ScreenElement[], screen: Size): { x: number; y: number } | string {
  const n = num(r.element);
  if (r.element !== undefined && r.element !== null) {
    if (n === null || !Number.isInteger(n)) return `"element" must be a component number, got ${JSON.stringify(r.element)}.`;
    const e = elementByNumber(els, n);
    return typeof e === 'string' ? e : center(e);
  }
  const x = num(r.x);
  const y = num(r.y);
  if (x === null || y === null) return `${r.action} needs "element" (a component number) or "x" and "y" (device pixels).`;
  if (!inScreen(x, y, screen)) return `(${x},${y}) is outside the ${screen.width}x${screen.height} screen.`;
  return { x: Math.round(x), y: Math.round(y) };
}

function swipe(r: ActionRequest, els: readonly ScreenElement[], screen: Size): ParsedAction {
  const c = [num(r.x1), num(r.y1), num(r.x2), num(r.y2)];
  if (c.every((v) => v !== null)) {
    const [x1, y1, x2, y2] = c as number[];
    if (!inScreen(x1!, y1!, screen) || !inScreen(x2!, y2!, screen)) return { ok: false, error: `swipe (${x1},${y1}) -> (${x2},${y2}) leaves the ${screen.width}x${screen.height} screen.` };
    return { ok: true, action: { kind: 'swipe', x1: x1!, y1: y1!, x2: x2!, y2: y2!, durationMs: 300 } };
  }
  const d = typeof r.direction === 'string' ? r.direction.toLowerCase() : '';
  if (!['up', 'down', 'left', 'right'].includes(d)) return { ok: false, error: 'swipe needs "direction" (up, down, left, right: the way the finger moves) or x1, y1, x2, y2.' };
  const from = r.element !== undefined ? point(r, els, screen) : { x: Math.round(screen.width / 2), y: Math.round(screen.height / 2) };
  if (typeof from === 'string') return { ok: false, error: from };
  const dx = d === 'left' ? -0.3 : d === 'right' ? 0.3 : 0;
  const dy = d === 'up' ? -0.3 : d === 'down' ? 0.3 : 0;
  const clamp = (v: number, max: number): number => Math.min(max - 1, Math.max(0, Math.round(v)));
  return { ok: true, action: { kind: 'swipe', x1: from.x, y1: from.y, x2: clamp(from.x + dx * screen.width, screen.width), y2: clamp(from.y + dy * screen.height, screen.height), durationMs: 300 } };
}

/** Turns an agent's request into a device action on this screen, or says precisely what is wrong with it. */
export function parseActionRequest(r: unknown, els: readonly ScreenElement[], screen: Size): ParsedAction {
  if (!r || typeof r !== 'object' || Array.isArray(r)) return { ok: false, error: `An action must be an object like {"action": "tap", "element": 3}; got ${JSON.stringify(r)?.slice(0, 80)}.` };
  const req = r as ActionRequest;
  if (req.aitw !== undefined) {
    if (typeof req.aitw !== 'string') return { ok: false, error: `"aitw" must be an AITW action string like "action_type: PRESS_BACK, touch_point: [-1.0, -1.0], lift_point: [-1.0, -1.0], typed_text: "; got ${JSON.stringify(req.aitw)?.slice(0, 80)}.` };
    if (req.action !== undefined) return { ok: false, error: 'Give either "action" (with its arguments) or "aitw", not both.' };
    return parseAitwAction(req.aitw, screen);
  }
  const name = typeof req.action === 'string' ? req.action.toLowerCase().replace(/-/g, '_') : '';
  switch (name) {
    case 'tap': case 'long_press': {
      const p = point(req, els, screen);
      if (typeof p === 'string') return { ok: false, error: p };
      return { ok: true, action: { kind: name === 'tap' ? 'tap' : 'long-press', ...p } };
    }
    case 'swipe': return swipe(req, els, screen);
    case 'type':
      if (typeof req.text !== 'string') return { ok: false, error: 'type needs "text" (a string).' };
      return { ok: true, action: { kind: 'type', text: req.text } };
    case 'back': case 'home': case 'enter': case 'complete': case 'impossible':
      return { ok: true, action: { kind: name } };
    case 'launch':
      if (typeof req.package !== 'string' || !/^[A-Za-z][\w]*(\.[\w]+)+$/.test(req.package)) return { ok: false, error: `launch needs "package", a package name such as com.android.settings; got ${JSON.stringify(req.package)}.` };
      return { ok: true, action: { kind: 'launch', pkg: req.package } };
    case 'api': {
      const c = checkApiCommand(req.command);
      return c.ok ? { ok: true, action: { kind: 'api', command: c.command.recorded } } : { ok: false, error: c.error };
    }
    default:
      return { ok: false, error: `Unknown action ${JSON.stringify(req.action)}; use one of ${ACTION_NAMES.join(', ')} (or send "aitw" with an AITW action string).` };
  }
}
