import { describe, expect, it } from 'vitest';
import { sampleToTensor } from './ocr-image';
import { ctcGreedy, dbBoxes, readingOrder } from './ocr-postprocess';

describe('ctcGreedy', () => {
  const keys = ['a', 'b', 'c'];
  // classes: 0 blank, 1 a, 2 b, 3 c, 4 space
  const steps = (...best: number[]): Float32Array => {
    const p = new Float32Array(best.length * 5).fill(0.05);
    best.forEach((c, t) => (p[t * 5 + c] = 0.8));
    return p;
  };
  it.each([
    [[1, 1, 0, 1, 2], 'aab'],
    [[0, 3, 3, 3, 0], 'c'],
    [[1, 4, 2], 'a b'],
    [[0, 0, 0], ''],
  ])('%j -> %j', (best, text) => {
    const r = ctcGreedy(steps(...best), 0, best.length, 5, keys);
    expect(r.text).toBe(text);
    expect(r.score).toBeCloseTo(text ? 0.8 : 0, 5);
  });
});

describe('dbBoxes', () => {
  it('finds components, drops weak or tiny ones, unclips and scales to the source', () => {
    const W = 40, H = 20;
    const prob = new Float32Array(W * H);
    const fill = (x1: number, y1: number, x2: number, y2: number, v: number): void => {
      for (let y = y1; y < y2; y++) for (let x = x1; x < x2; x++) prob[y * W + x] = v;
    };
    fill(2, 2, 12, 6, 0.9); // 10x4 text region
    fill(20, 10, 36, 16, 0.5); // above the bin threshold but mean below the box threshold
    fill(30, 2, 32, 3, 0.9); // 2x1: below min size
    const boxes = dbBoxes(prob, W, H, 80, 40, { binThreshold: 0.3, boxThreshold: 0.6, unclipRatio: 1.5, minSize: 3 });
    // d = 10*4*1.5 / (2*14) = 2.142857; box [2-d, 2-d, 12+d, 6+d] x 2
    expect(boxes).toEqual([{ x1: 0, y1: 0, x2: 28, y2: 16, score: expect.closeTo(0.9, 5) }]);
  });
});

describe('readingOrder', () => {
  it('orders rows top to bottom and boxes left to right within a row', () => {
    const b = (x1: number, y1: number, h = 20) => ({ x1, y1, x2: x1 + 50, y2: y1 + h });
    const sorted = readingOrder([b(300, 104), b(10, 100), b(150, 98), b(10, 200)]);
    expect(sorted.map((x) => [x.x1, x.y1])).toEqual([[10, 100], [150, 98], [300, 104], [10, 200]]);
  });
});

describe('sampleToTensor', () => {
  it('resizes, swaps to BGR planes and normalises', () => {
    // 2x1 RGBA image: red pixel, blue pixel; sampled at its own size.
    const src = { width: 2, height: 1, data: Uint8Array.from([255, 0, 0, 255, 0, 0, 255, 255]) };
    const out = new Float32Array(6);
    sampleToTensor(src, { x: 0, y: 0, w: 2, h: 1 }, 2, 1, [0.5, 0.5, 0.5], [0.5, 0.5, 0.5], out, 0, 2, 2);
    // planes B, G, R; value (v/255 - 0.5)/0.5
    expect(Array.from(out)).toEqual([-1, 1, -1, -1, 1, -1]);
  });
});
