import { assertNever, type Bounds, type Point } from '../model';
import { swipeDirection, type NormAction } from '../kinds/actions';

const direction = (from: Point, to: Point): string => swipeDirection(from.x, from.y, to.x, to.y);

/** AITW constants (Rawles et al., used by the LlamaTouch baselines). */
export const TAP_DISTANCE = 0.14;
export const BOX_AUGMENT = 1.4;

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
