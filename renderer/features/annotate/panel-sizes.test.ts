import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZES, LIMITS, STAGE_MIN, fitSizes, loadSizes, saveSizes, sizeAfterKey } from './panel-sizes';

describe('annotation panel sizes', () => {
  it('keep the defaults at 1600x1000 and leave the screen its width at 1280x720', () => {
    expect(fitSizes(DEFAULT_SIZES, { width: 1600, height: 1000 })).toEqual(DEFAULT_SIZES);
    const small = fitSizes({ task: 560, side: 720, editor: 900 }, { width: 1280, height: 720 });
    expect(small.task + small.side + STAGE_MIN).toBeLessThanOrEqual(1280);
    expect(small).toMatchObject({ task: 560, side: 360 }); // the side gives way first
    expect(fitSizes({ task: 560, side: 400, editor: null }, { width: 1000, height: 720 })).toEqual({ task: 340, side: LIMITS.side[0], editor: null });
    expect(small.editor).toBe(720 - 260);
  });

  it('are remembered, and malformed storage falls back to the defaults', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(loadSizes(storage)).toEqual(DEFAULT_SIZES);
    saveSizes(storage, { task: 250, side: 400, editor: 300 });
    expect(loadSizes(storage)).toEqual({ task: 250, side: 400, editor: 300 });
    store.set('touchstone.annotate.panels', '{ nope');
    expect(loadSizes(storage)).toEqual(DEFAULT_SIZES);
    store.set('touchstone.annotate.panels', '{"task":"wide","editor":null}');
    expect(loadSizes(storage)).toEqual(DEFAULT_SIZES);
  });

  it('move by keys: arrows by 16 (Shift 64) in the growing direction, Home/End to the bounds', () => {
    expect(sizeAfterKey(300, 'ArrowRight', false, 'ArrowRight', [200, 560])).toBe(316);
    expect(sizeAfterKey(300, 'ArrowLeft', true, 'ArrowRight', [200, 560])).toBe(236);
    expect(sizeAfterKey(380, 'ArrowLeft', false, 'ArrowLeft', [300, 720])).toBe(396); // the side panel grows leftwards
    expect(sizeAfterKey(210, 'ArrowLeft', true, 'ArrowRight', [200, 560])).toBe(200);
    expect(sizeAfterKey(300, 'End', false, 'ArrowDown', [120, 900])).toBe(900);
    expect(sizeAfterKey(300, 'Home', false, 'ArrowDown', [120, 900])).toBe(120);
    expect(sizeAfterKey(300, 'x', false, 'ArrowDown', [120, 900])).toBeNull();
  });
});
