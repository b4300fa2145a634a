import type { Bounds, NumberedComponent, Point } from '../model';
import { area, containsPoint, parseBounds } from '../formats/bounds';

/** A component with its parsed box (device pixels). */
export interface Box {
  id: number;
  bounds: Bounds;
}

/** Parsed boxes of the components whose bounds are readable and non-empty. */
export function boxesOf(components: readonly NumberedComponent[]): Box[] {
  const out: Box[] = [];
  for (const c of components) {
    const b = typeof c.bounds === 'string' ? parseBounds(c.bounds) : null;
    if (b && area(b) > 0) out.push({ id: c.id, bounds: b });
  }
  return out;
}

/**
 * The component under a device-pixel point: the smallest box containing it,
 * since numbered components nest (a row and the label inside it) and the user
 * points at the innermost. Ties go to the higher number (drawn later, on top).
 */
export function componentAt(boxes: readonly Box[], p: Point): number | null {
  let best: Box | null = null;
  for (const b of boxes) {
    if (!containsPoint(b.bounds, p)) continue;
    if (!best || area(b.bounds) < area(best.bounds) || (area(b.bounds) === area(best.bounds) && b.id > best.id)) best = b;
  }
  return best ? best.id : null;
}
