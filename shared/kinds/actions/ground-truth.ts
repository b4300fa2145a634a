import { assertNever, type ExecAction, type GtAction, type Size } from '../../model';
import { describeAction } from './describe';
import { fromExecAction } from './exec-line';
import type { Action } from './action';

/**
 * A ground-truth action (`eventStructs.txt`, in its recording resolution) on a device of `screen`
 * size; each axis scales separately. Drags become swipes.
 */
export function fromGtAction(a: GtAction, screen: Size): Action {
  const sx = (x: number, res: Size): number => Math.round((x * screen.width) / res.width);
  const sy = (y: number, res: Size): number => Math.round((y * screen.height) / res.height);
  switch (a.kind) {
    case 'home': case 'back': case 'enter': case 'app-switch': return { kind: a.kind };
    case 'input': return { kind: 'type', text: a.text };
    case 'click': return { kind: 'tap', x: sx(a.at.x, a.resolution), y: sy(a.at.y, a.resolution) };
    case 'long-click': return { kind: 'long-press', x: sx(a.at.x, a.resolution), y: sy(a.at.y, a.resolution) };
    case 'swipe': case 'drag':
      return { kind: 'swipe', x1: sx(a.from.x, a.resolution), y1: sy(a.from.y, a.resolution), x2: sx(a.to.x, a.resolution), y2: sy(a.to.y, a.resolution) };
    case 'unknown': return { kind: 'unknown', raw: a.raw };
    default: return assertNever(a, 'ground-truth action');
  }
}

/** A ground-truth action in its own recording resolution (points kept as recorded), e.g. to describe it. */
export function gtAsAction(a: GtAction): Action {
  if ('resolution' in a) return fromGtAction(a, a.resolution);
  return fromGtAction(a, { width: 1, height: 1 });
}

/** The action as a ground-truth `eventStructs.txt` action (what `touchstone record` writes); null for ones it has no line for. */
export function toGtAction(a: Action, screen: Size): GtAction | null {
  switch (a.kind) {
    case 'tap': return { kind: 'click', resolution: screen, at: { x: a.x, y: a.y } };
    case 'long-press': return { kind: 'long-click', resolution: screen, at: { x: a.x, y: a.y } };
    case 'swipe': return { kind: 'swipe', resolution: screen, from: { x: a.x1, y: a.y1 }, to: { x: a.x2, y: a.y2 } };
    case 'type': return { kind: 'input', text: a.text };
    case 'back': case 'home': case 'enter': case 'app-switch': return { kind: a.kind };
    case 'unknown': return { kind: 'unknown', raw: a.raw };
    case 'launch': case 'api': case 'complete': case 'impossible': case 'invalid': return null;
    default: return assertNever(a, 'action');
  }
}

/**
 * An executed action (a trace line) as a ground-truth action in the pixels of the screen its line
 * names, so the canvas draws both alike; actions with no ground-truth line become a labelled chip.
 */
export function execAsGtAction(e: ExecAction | undefined): GtAction | undefined {
  const a = e ? fromExecAction(e) : null;
  if (!e || e.kind === 'none' || !a) return undefined;
  return toGtAction(a, e.screen) ?? { kind: 'unknown', raw: describeAction(a) };
}

/**
 * A ground-truth action as an agent's trace logs it: points normalised by the recording
 * resolution (unrounded), on a screen of `size` device pixels; no action, the recents key and
 * unknown lines become `none`. Used to evaluate a recording as if it were a trace.
 */
export function gtToExecAction(a: GtAction | undefined, size: Size): ExecAction {
  if (!a) return { kind: 'none' };
  const norm = (p: { x: number; y: number }, r: Size) => ({ x: r.width > 0 ? p.x / r.width : 0, y: r.height > 0 ? p.y / r.height : 0 });
  switch (a.kind) {
    case 'click': case 'long-click': return { kind: a.kind, at: norm(a.at, a.resolution), screen: size };
    case 'swipe': case 'drag': return { kind: 'swipe', from: norm(a.from, a.resolution), to: norm(a.to, a.resolution), screen: size };
    case 'input': return { kind: 'type', text: a.text, screen: size };
    case 'back': case 'home': case 'enter': return { kind: a.kind, screen: size };
    case 'app-switch': case 'unknown': return { kind: 'none' };
    default: return assertNever(a, 'ground-truth action');
  }
}
