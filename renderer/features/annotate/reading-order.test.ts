import { describe, expect, it } from 'vitest';
import { readingOrder, stepThrough } from './reading-order';

const box = (id: number, x1: number, y1: number, x2: number, y2: number) => ({ id, bounds: { x1, y1, x2, y2 } });

describe('reading order of the boxes', () => {
  it('rows top to bottom, left to right within a row, ragged tops in one row', () => {
    const boxes = [box(0, 500, 10, 600, 60), box(1, 0, 14, 100, 60), box(2, 200, 0, 300, 60), box(3, 0, 200, 1080, 260), box(4, 0, 100, 50, 150)];
    expect(readingOrder(boxes)).toEqual([1, 2, 0, 4, 3]);
  });

  it('steps forward and back, wrapping, from nothing to the first or the last', () => {
    const order = [4, 1, 7];
    expect(stepThrough(order, null, 1)).toBe(4);
    expect(stepThrough(order, null, -1)).toBe(7);
    expect(stepThrough(order, 7, 1)).toBe(4);
    expect(stepThrough(order, 4, -1)).toBe(7);
    expect(stepThrough(order, 99, 1)).toBe(4);
    expect(stepThrough([], 1, 1)).toBeNull();
  });
});
