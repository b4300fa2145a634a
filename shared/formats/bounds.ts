import type { Bounds, Point } from '../model';

const BOUNDS_RE = /^\s*\[\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*\]\s*\[\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*\]\s*$/;

/**
 * Parses uiautomator bounds `"[x1,y1][x2,y2]"` (spaces tolerated, as some
 * tools write `[0, 63][165, 189]`). Returns null for anything else.
 */
export function parseBounds(s: string): Bounds | null {
  const m = BOUNDS_RE.exec(s);
  if (!m) return null;
  return { x1: Number(m[1]), y1: Number(m[2]), x2: Number(m[3]), y2: Number(m[4]) };
}

/** Formats bounds as upstream writes them: `[x1,y1][x2,y2]`, no spaces. */
export function formatBounds(b: Bounds): string {
  return `[${b.x1},${b.y1}][${b.x2},${b.y2}]`;
}

/** Whether point p lies inside b (edges inclusive, as upstream's tap check `x1 <= x <= x2`). */
export function containsPoint(b: Bounds, p: Point): boolean {
  return p.x >= b.x1 && p.x <= b.x2 && p.y >= b.y1 && p.y <= b.y2;
}

/** Area in square pixels; 0 for empty or inverted boxes (off-screen nodes report those). */
export function area(b: Bounds): number {
  return Math.max(0, b.x2 - b.x1) * Math.max(0, b.y2 - b.y1);
}

/** DroidBot writes bounds as `[[x1, y1], [x2, y2]]`; returns null when the shape is wrong. */
export function boundsFromPairs(v: unknown): Bounds | null {
  if (!Array.isArray(v) || v.length !== 2) return null;
  const [a, b] = v as unknown[];
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== 2 || b.length !== 2) return null;
  const nums = [a[0], a[1], b[0], b[1]];
  if (!nums.every((n) => typeof n === 'number' && Number.isFinite(n))) return null;
  return { x1: nums[0] as number, y1: nums[1] as number, x2: nums[2] as number, y2: nums[3] as number };
}
