import type { Point } from '../../shared/model';
import type { Box } from '../../shared/geometry/component-at';

const area = (b: Box) => (b.bounds.x2 - b.bounds.x1) * (b.bounds.y2 - b.bounds.y1);
const inside = (b: Box, p: Point) => p.x >= b.bounds.x1 && p.x < b.bounds.x2 && p.y >= b.bounds.y1 && p.y < b.bounds.y2;

/**
 * Every component under a device point, innermost first (smallest box; for
 * equal boxes the higher number, as `componentAt` picks), so repeated clicks
 * can walk the whole stack.
 */
export function componentsAt(boxes: readonly Box[], p: Point): number[] {
  return boxes.filter((b) => inside(b, p)).sort((a, b) => area(a) - area(b) || b.id - a.id).map((b) => b.id);
}

/** The next component of a stack after `current` (wrapping; `delta` -1 walks back); the first when `current` is not in it. */
export function cycleStack(stack: readonly number[], current: number | null, delta = 1): number | null {
  if (stack.length === 0) return null;
  const i = current === null ? -1 : stack.indexOf(current);
  if (i < 0) return stack[0];
  return stack[(i + delta + stack.length) % stack.length];
}

/**
 * Where the selected (or hovered) component's number goes: just outside its
 * box, so it never covers the start of the component's text: above, else
 * below, left, right, and only for a box filling the screen inside its
 * top-left corner. Kept on the screen horizontally.
 */
export function outsideLabelSpot(b: { x1: number; y1: number; x2: number; y2: number }, w: number, h: number, screen: { width: number; height: number }): { x: number; y: number } {
  const x = Math.max(0, Math.min(screen.width - w, b.x1));
  if (b.y1 - h >= 0) return { x, y: b.y1 - h };
  if (b.y2 + h <= screen.height) return { x, y: b.y2 };
  const y = Math.max(0, Math.min(screen.height - h, b.y1));
  if (b.x1 - w >= 0) return { x: b.x1 - w, y };
  if (b.x2 + w <= screen.width) return { x: b.x2, y };
  return { x: Math.max(0, b.x1), y: Math.max(0, b.y1) };
}
