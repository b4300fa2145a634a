import { describe, expect, it } from 'vitest';
import type { Box } from '../../shared/geometry/component-at';
import { componentsAt, cycleStack, placeLabels } from './stack';

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

  it('puts labels of equal boxes side by side and lifts labels of short boxes above them', () => {
    const spots = placeLabels([box(1, 10, 100, 300, 400), box(12, 10, 100, 300, 400), box(5, 10, 500, 300, 510)], 7, 15);
    expect(spots[0]).toEqual({ id: 1, x: 10, y: 100 });
    expect(spots[1].y).toBe(100);
    expect(spots[1].x).toBeGreaterThanOrEqual(10 + 7 + 6); // past the first label
    expect(spots[2]).toEqual({ id: 5, x: 10, y: 485 });
  });
});
