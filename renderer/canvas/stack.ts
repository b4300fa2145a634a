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

/** Where a component's number goes: the top-left corner, beside the others with the same box, above a box too small to hold it. */
export interface LabelSpot {
  id: number;
  x: number;
  y: number;
}

/**
 * Places number labels (`w`x`h` device pixels each, for up to 4 digits scale
 * by length): boxes with equal bounds get their labels side by side instead
 * of on top of each other; a box lower than two labels gets its label just
 * above it (inside the screen), so the text it labels stays readable.
 */
export function placeLabels(boxes: readonly Box[], charW: number, h: number, screenTop = 0): LabelSpot[] {
  // Per box: how far right the next label with the same bounds goes (the widths of those placed before, plus a gap).
  const nextX = new Map<string, number>();
  return boxes.map((b) => {
    const key = `${b.bounds.x1},${b.bounds.y1},${b.bounds.x2},${b.bounds.y2}`;
    const x = nextX.get(key) ?? b.bounds.x1;
    nextX.set(key, x + String(b.id).length * charW + (8 * charW) / 7);
    const small = b.bounds.y2 - b.bounds.y1 < 2 * h;
    const above = small && b.bounds.y1 - h >= screenTop;
    return { id: b.id, x, y: above ? b.bounds.y1 - h : b.bounds.y1 };
  });
}
