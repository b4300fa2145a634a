import { describe, expect, it } from 'vitest';
import type { Box } from '../../shared/geometry/component-at';
import { componentsAt, cycleStack, outsideLabelSpot } from './stack';

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
