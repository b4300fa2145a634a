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

/** Where a component's number goes (device pixels, top-left of the label). */
export interface LabelSpot {
  id: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

const overlap = (a: { x: number; y: number; w: number; h: number }, b: { x: number; y: number; w: number; h: number }): number =>
  Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));

/**
 * Places number labels (`charW` per digit plus padding, `h` high, device
 * pixels) so that none leaves the screen and, where the screen has room,
 * none covers another: each label tries spots in order (for a box with text,
 * outside first: above, below, then inside; for others inside its top-left
 * corner first; then beside the labels of boxes with the same bounds, and to
 * the left and right) and takes the first free one, else the least covered.
 */
export function placeLabels(boxes: readonly Box[], charW: number, h: number, screen: { width: number; height: number }, hasText: (id: number) => boolean = () => false): LabelSpot[] {
  const placed: LabelSpot[] = [];
  // Placed labels by grid cell, so a candidate is checked only against its neighbours.
  const cell = Math.max(1, 4 * h);
  const grid = new Map<number, LabelSpot[]>();
  const cellsOf = (r: { x: number; y: number; w: number; h: number }): number[] => {
    const keys: number[] = [];
    for (let cx = Math.floor(r.x / cell); cx <= Math.floor((r.x + r.w) / cell); cx++) {
      for (let cy = Math.floor(r.y / cell); cy <= Math.floor((r.y + r.h) / cell); cy++) keys.push(cx * 65536 + cy);
    }
    return keys;
  };
  const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
  // Smaller boxes first: their labels have the fewest good spots.
  const order = [...boxes].sort((a, b) => area(a) - area(b) || a.id - b.id);
  for (const b of order) {
    const w = String(b.id).length * charW + (6 * charW) / 7;
    const { x1, y1, x2, y2 } = b.bounds;
    const roomy = y2 - y1 >= 2 * h && x2 - x1 >= w;
    const inside = [{ x: x1, y: y1 }, { x: x2 - w, y: y1 }, { x: x1, y: y2 - h }];
    const outside = [{ x: x1, y: y1 - h }, { x: x1, y: y2 }, { x: x1 - w, y: y1 }, { x: x2, y: y1 }];
    // Further out, when the near spots are taken: along the top edge, above, below, then down the left edge.
    const ks = [1, 2, 3, 4, 5, 6];
    const beside = [
      ...ks.map((k) => ({ x: x1 + k * (w + 1), y: y1 })), ...ks.map((k) => ({ x: x1 + k * (w + 1), y: y1 - h })),
      ...ks.map((k) => ({ x: x1 + k * (w + 1), y: y2 })), ...ks.map((k) => ({ x: x1 - k * (w + 1), y: y1 })),
      ...ks.map((k) => ({ x: x1, y: y1 + k * (h + 1) })), ...ks.map((k) => ({ x: x1 - w, y: y1 + k * (h + 1) })),
    ];
    const candidates = (hasText(b.id) || !roomy ? [...outside, ...inside] : [...inside, ...outside]).concat(beside)
      .map((p) => ({ id: b.id, x: clamp(p.x, 0, screen.width - w), y: clamp(p.y, 0, screen.height - h), w, h }));
    let best = candidates[0];
    let bestCover = Infinity;
    for (const c of candidates) {
      // A label in two cells counts twice: only "free or not" and "less covered" matter here.
      let cover = 0;
      for (const k of cellsOf(c)) for (const p of grid.get(k) ?? []) cover += overlap(c, p);
      if (cover < bestCover) {
        best = c;
        bestCover = cover;
        if (cover === 0) break;
      }
    }
    placed.push(best);
    for (const k of cellsOf(best)) {
      const list = grid.get(k);
      if (list) list.push(best);
      else grid.set(k, [best]);
    }
  }
  const byId = new Map(placed.map((p) => [p.id, p]));
  return boxes.map((b) => byId.get(b.id)!);
}

/** How many labels leave the screen, and how many pairs cover each other (for tests and the bench). */
export function labelStats(spots: readonly LabelSpot[], screen: { width: number; height: number }): { outside: number; overlapping: number } {
  const eps = 0.01;
  const outside = spots.filter((s) => s.x < -eps || s.y < -eps || s.x + s.w > screen.width + eps || s.y + s.h > screen.height + eps).length;
  let overlapping = 0;
  for (let i = 0; i < spots.length; i++) for (let j = i + 1; j < spots.length; j++) if (overlap(spots[i], spots[j]) > eps) overlapping++;
  return { outside, overlapping };
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
