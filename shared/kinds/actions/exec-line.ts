import { assertNever, type ExecAction, type Size } from '../../model';
import type { Action, DeviceAction } from './action';

/** Trace lines keep four decimals of a normalised coordinate (what the recorder has always written). */
const r4 = (v: number): number => Math.round(v * 10000) / 10000;

/**
 * The action as one line of an execution trace (`captured_data/action/i.action`), normalised to
 * `screen`. An action that carries its agent's own line on the same screen is recorded as that line.
 */
export function toExecAction(a: DeviceAction, screen: Size): ExecAction {
  if (a.line && (a.line.kind === 'none' || (a.line.screen.width === screen.width && a.line.screen.height === screen.height))) return a.line;
  const at = (x: number, y: number): { x: number; y: number } => ({ x: r4(x / screen.width), y: r4(y / screen.height) });
  switch (a.kind) {
    case 'tap': return { kind: 'click', at: at(a.x, a.y), screen };
    case 'long-press': return { kind: 'long-click', at: at(a.x, a.y), screen };
    case 'swipe': return { kind: 'swipe', from: at(a.x1, a.y1), to: at(a.x2, a.y2), screen };
    case 'type': return { kind: 'type', text: a.text, screen };
    case 'back': return { kind: 'back', screen };
    case 'home': return { kind: 'home', screen };
    case 'enter': return { kind: 'enter', screen };
    // Upstream has no launch action; an app start is recorded as what it looks like to the evaluator: nothing on screen.
    case 'launch': case 'invalid': case 'app-switch': case 'unknown': return { kind: 'none' };
    case 'api': return { kind: 'api', command: a.command, screen };
    case 'complete': return { kind: 'complete', screen };
    case 'impossible': return { kind: 'impossible', screen };
    default: return assertNever(a, 'action');
  }
}

/** An execution-trace action in device pixels of the screen its line names (`none` becomes null). */
export function fromExecAction(e: ExecAction): Action | null {
  if (e.kind === 'none') return null;
  const px = (p: { x: number; y: number }): { x: number; y: number } => ({ x: Math.round(p.x * e.screen.width), y: Math.round(p.y * e.screen.height) });
  switch (e.kind) {
    case 'click': return { kind: 'tap', ...px(e.at) };
    case 'long-click': return { kind: 'long-press', ...px(e.at) };
    case 'swipe': {
      const f = px(e.from);
      const t = px(e.to);
      return { kind: 'swipe', x1: f.x, y1: f.y, x2: t.x, y2: t.y };
    }
    case 'type': return { kind: 'type', text: e.text };
    case 'back': case 'home': case 'enter': case 'complete': case 'impossible': return { kind: e.kind };
    case 'api': return { kind: 'api', command: e.command };
    default: return assertNever(e, 'executed action');
  }
}
