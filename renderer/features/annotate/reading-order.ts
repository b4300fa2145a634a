import type { Box } from '../../../shared/geometry/component-at';

/**
 * Component ids in reading order: top to bottom by rows, left to right within
 * a row. Boxes whose tops lie within `rowSlack` device pixels of the row's
 * first box share its row, so a row of icons with ragged tops reads left to right.
 */
export function readingOrder(boxes: readonly Box[], rowSlack = 24): number[] {
  const byTop = [...boxes].sort((a, b) => a.bounds.y1 - b.bounds.y1 || a.bounds.x1 - b.bounds.x1 || a.id - b.id);
  const rows: Box[][] = [];
  for (const b of byTop) {
    const row = rows.at(-1);
    if (row && b.bounds.y1 - row[0].bounds.y1 <= rowSlack) row.push(b);
    else rows.push([b]);
  }
  return rows.flatMap((r) => r.sort((a, b) => a.bounds.x1 - b.bounds.x1 || a.bounds.y1 - b.bounds.y1 || a.id - b.id).map((b) => b.id));
}

/** The next (`delta` 1) or previous (-1) id after `current` in `order`, wrapping; the first (or last) when `current` is not in it. */
export function stepThrough(order: readonly number[], current: number | null, delta: 1 | -1): number | null {
  if (order.length === 0) return null;
  const i = current === null ? -1 : order.indexOf(current);
  if (i < 0) return delta > 0 ? order[0] : order[order.length - 1];
  return order[(i + delta + order.length) % order.length];
}
