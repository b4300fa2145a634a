import { assertNever, type Bounds, type ExecAction, type GtAction, type Point } from '../model';

/** An action with coordinates normalised to [0,1], comparable across resolutions. */
export type NormAction =
  | { kind: 'tap'; at: Point; long: boolean }
  | { kind: 'swipe'; from: Point; to: Point }
  | { kind: 'type'; text: string }
  | { kind: 'key'; key: 'home' | 'back' | 'enter' | 'app-switch' }
  | { kind: 'complete' }
  | { kind: 'impossible' }
  | { kind: 'other'; label: string };

/** AITW constants (Rawles et al., used by the LlamaTouch baselines). */
export const TAP_DISTANCE = 0.14;
export const BOX_AUGMENT = 1.4;

/** Normalises a ground-truth `eventStructs.txt` action by its recording resolution. */
export function normaliseGtAction(a: GtAction): NormAction {
  switch (a.kind) {
    case 'click': case 'long-click':
      return { kind: 'tap', at: { x: a.at.x / a.resolution.width, y: a.at.y / a.resolution.height }, long: a.kind === 'long-click' };
    case 'swipe': case 'drag': {
      const { width: w, height: h } = a.resolution;
      return { kind: 'swipe', from: { x: a.from.x / w, y: a.from.y / h }, to: { x: a.to.x / w, y: a.to.y / h } };
    }
    case 'input': return { kind: 'type', text: a.text };
    case 'home': case 'back': case 'enter': case 'app-switch': return { kind: 'key', key: a.kind };
    case 'unknown': return { kind: 'other', label: a.raw };
    default: return assertNever(a, 'ground-truth action');
  }
}

/** Normalises an executed action (already normalised coordinates). */
export function normaliseExecAction(a: ExecAction): NormAction {
  switch (a.kind) {
    case 'click': case 'long-click': return { kind: 'tap', at: a.at, long: a.kind === 'long-click' };
    case 'swipe': return { kind: 'swipe', from: a.from, to: a.to };
    case 'type': return { kind: 'type', text: a.text };
    case 'back': case 'home': case 'enter': return { kind: 'key', key: a.kind };
    case 'complete': return { kind: 'complete' };
    case 'impossible': return { kind: 'impossible' };
    case 'none': return { kind: 'other', label: 'none' };
    // An API action has no ground-truth counterpart (eventStructs records UI actions): it matches none.
    case 'api': return { kind: 'other', label: `api ${a.command}` };
    default: return assertNever(a, 'executed action');
  }
}

function inAugmented(p: Point, b: Bounds): boolean {
  const w = b.x2 - b.x1;
  const h = b.y2 - b.y1;
  // AITW grows each box by 1.4x its size in total (0.7x per side), clamped to the screen.
  const x1 = Math.max(0, b.x1 - (BOX_AUGMENT * w) / 2);
  const y1 = Math.max(0, b.y1 - (BOX_AUGMENT * h) / 2);
  const x2 = Math.min(1, b.x2 + (BOX_AUGMENT * w) / 2);
  const y2 = Math.min(1, b.y2 + (BOX_AUGMENT * h) / 2);
  return p.x >= x1 && p.x <= x2 && p.y >= y1 && p.y <= y2;
}

function direction(from: Point, to: Point): string {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  return Math.abs(dx) >= Math.abs(dy) ? (dx >= 0 ? 'right' : 'left') : dy >= 0 ? 'down' : 'up';
}

/**
 * AITW action match: taps match within 14% of the screen or inside one ground-truth element box
 * enlarged 1.4x; swipes match on their main direction (axis and sign); typed text must be equal;
 * other actions match on kind. `boxes` are the ground-truth screen's element boxes, normalised.
 */
export function actionsMatch(gt: NormAction, exec: NormAction, boxes: readonly Bounds[]): boolean {
  if (gt.kind !== exec.kind) return false;
  switch (gt.kind) {
    case 'tap': {
      const e = exec as typeof gt;
      if (gt.long !== e.long) return false;
      if (Math.hypot(gt.at.x - e.at.x, gt.at.y - e.at.y) <= TAP_DISTANCE) return true;
      return boxes.some((b) => inAugmented(gt.at, b) && inAugmented(e.at, b));
    }
    case 'swipe': {
      const e = exec as typeof gt;
      return direction(gt.from, gt.to) === direction(e.from, e.to);
    }
    case 'type': return gt.text === (exec as typeof gt).text;
    case 'key': return gt.key === (exec as typeof gt).key;
    case 'complete': case 'impossible': return true;
    case 'other': return gt.label === (exec as typeof gt).label;
    default: return assertNever(gt, 'action');
  }
}

/** A short label for reports: `tap(0.50,0.55)`, `type "abc"`. */
export function describeAction(a: NormAction): string {
  switch (a.kind) {
    case 'tap': return `${a.long ? 'long-' : ''}tap(${a.at.x.toFixed(2)},${a.at.y.toFixed(2)})`;
    case 'swipe': return `swipe ${direction(a.from, a.to)}`;
    case 'type': return `type "${a.text}"`;
    case 'key': return a.key;
    case 'complete': case 'impossible': return a.kind;
    case 'other': return a.label;
    default: return assertNever(a, 'action');
  }
}
