import { describe, expect, it } from 'vitest';
import type { Box } from '../../shared/geometry/component-at';
import { componentsAt, cycleStack, labelStats, outsideLabelSpot, placeLabels } from './stack';

const box = (id: number, x1: number, y1: number, x2: number, y2: number): Box => ({ id, bounds: { x1, y1, x2, y2 } });

describe('stacked components', () => {
  const boxes = [box(0, 0, 0, 100, 100), box(1, 10, 10, 50, 50), box(2, 10, 10, 50, 50), box(3, 60, 60, 90, 90)];

  it('lists every component under a point, innermost first, equal boxes by higher number', () => {
    expect(componentsAt(boxes, { x: 20, y: 20 })).toEqual([2, 1, 0]);
    expect(componentsAt(boxes, { x: 70, y: 70 })).toEqual([3, 0]);
    expect(componentsAt(boxes, { x: 200, y: 20 })).toEqual([]);
  });

  it('cycles through the stack, wrapping both ways, starting from the innermost', () => {
    const stack = componentsAt(boxes, { x: 20, y: 20 });
    const seen = [cycleStack(stack, null)];
    for (let i = 0; i < 3; i++) seen.push(cycleStack(stack, seen.at(-1)!));
    expect(seen).toEqual([2, 1, 0, 2]);
    expect(cycleStack(stack, 2, -1)).toBe(0);
    expect(cycleStack(stack, 3)).toBe(2);
    expect(cycleStack([], 1)).toBeNull();
  });

  it('places labels inside the screen and off each other: equal boxes, a box at the edge, a short text box', () => {
    const screen = { width: 400, height: 600 };
    const bxs = [box(1, 10, 100, 300, 400), box(12, 10, 100, 300, 400), box(5, 10, 500, 300, 510), box(7, 380, 590, 400, 600)];
    const spots = placeLabels(bxs, 7, 15, screen, (id) => id === 5);
    expect(spots.map((p) => p.id)).toEqual([1, 12, 5, 7]);
    expect(labelStats(spots, screen)).toEqual({ outside: 0, overlapping: 0 });
    expect(spots[0]).toMatchObject({ x: 10, y: 100 }); // a roomy box: inside its corner
    expect(spots[2].y).toBe(485); // the short text box: above it, off its text
    expect(spots[3].x + spots[3].w).toBeLessThanOrEqual(400); // the corner box: pulled inside the screen
  });

  it('counts labels outside the screen and overlapping pairs', () => {
    const s = [{ id: 1, x: -2, y: 0, w: 10, h: 10 }, { id: 2, x: 5, y: 5, w: 10, h: 10 }, { id: 3, x: 50, y: 50, w: 10, h: 10 }];
    expect(labelStats(s, { width: 100, height: 100 })).toEqual({ outside: 1, overlapping: 1 });
  });
});

describe('the selected component\'s number', () => {
  const screen = { width: 1080, height: 2400 };
  const covers = (spot: { x: number; y: number }, w: number, h: number, b: { x1: number; y1: number; x2: number; y2: number }) =>
    spot.x < b.x2 && spot.x + w > b.x1 && spot.y < b.y2 && spot.y + h > b.y1;
  it('sits outside the box: above, else below, beside, and inside only when the box fills the screen', () => {
    const mid = { x1: 100, y1: 500, x2: 600, y2: 560 };
    expect(outsideLabelSpot(mid, 30, 20, screen)).toEqual({ x: 100, y: 480 });
    const top = { x1: 0, y1: 0, x2: 1080, y2: 189 };
    expect(outsideLabelSpot(top, 30, 20, screen)).toEqual({ x: 0, y: 189 });
    const tall = { x1: 50, y1: 0, x2: 900, y2: 2400 };
    expect(outsideLabelSpot(tall, 30, 20, screen)).toEqual({ x: 20, y: 0 });
    const full = { x1: 0, y1: 0, x2: 1080, y2: 2400 };
    expect(outsideLabelSpot(full, 30, 20, screen)).toEqual({ x: 0, y: 0 });
    for (const b of [mid, top, tall, { x1: 1070, y1: 10, x2: 1080, y2: 40 }]) expect(covers(outsideLabelSpot(b, 30, 20, screen), 30, 20, b)).toBe(false);
  });
});
