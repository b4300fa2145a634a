import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../platform/seeded-random';
import { parseConfigFile } from './config-file';
import { FACTORS, MAX_COMBINATIONS, type DeviceConfig } from './config-types';
import { combinationAt, combinationCount, configsForRun, splitConfigs } from './randomize';

const FILE = parseConfigFile({
  factors: { locale: ['en-US', 'de-DE'], fontScale: [0.85, 1, 1.15, 1.3], dark: [false, true], device: ['pixel3', 'pixel4', 'pixel6', 'tablet'], iconGrid: ['4x5', '5x5'] },
}, '/x/c.json');
const key = (c: object): string => JSON.stringify({ ...c, name: undefined, split: undefined });

/** The split as earlier versions drew it (the whole product built, then shuffled): small files keep exactly these. */
function materialisedSplit(factors: Record<string, unknown[]>, train: number, test: number, which: 'train' | 'test', seed: number): object[] {
  let all: Record<string, unknown>[] = [{}];
  for (const f of FACTORS) if (factors[f]) all = all.flatMap((c) => factors[f]!.map((v) => ({ ...c, [f]: v })));
  const next = seededRandom(seed);
  const order = all.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return (which === 'train' ? order.slice(0, train) : order.slice(train, train + test)).map((k) => all[k]!);
}

/** `n` distinct values a factor accepts. */
const values = {
  locale: (n: number) => Array.from({ length: n }, (_, i) => `${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26) % 26)}-${String.fromCharCode(65 + Math.floor(i / 676) % 26)}${String.fromCharCode(65 + Math.floor(i / 17576) % 26)}`),
  fontScale: (n: number) => Array.from({ length: n }, (_, i) => 0.85 + i * 1e-4),
  wallpaper: (n: number) => Array.from({ length: n }, (_, i) => `#${i.toString(16).padStart(6, '0')}`),
};

describe('configuration splits', () => {
  it('numbers every combination once, in the fixed factor order', () => {
    const n = combinationCount(FILE.factors!);
    expect(n).toBe(2 * 4 * 2 * 4 * 2);
    const all = Array.from({ length: n }, (_, i) => combinationAt(FILE.factors!, i));
    expect(new Set(all.map(key)).size).toBe(n);
    expect(all[0]).toEqual({ locale: 'en-US', fontScale: 0.85, dark: false, device: 'pixel3', iconGrid: '4x5' });
    expect(all[1]).toEqual({ locale: 'en-US', fontScale: 0.85, dark: false, device: 'pixel3', iconGrid: '5x5' });
  });

  it('gives 35 train and 10 test configurations, disjoint, the same for a seed and different for another', () => {
    const train = splitConfigs(FILE, 'train', 7);
    const test = splitConfigs(FILE, 'test', 7);
    expect(train).toHaveLength(35);
    expect(test).toHaveLength(10);
    expect(train[0]!.name).toBe('train01');
    expect(test.every((c) => c.split === 'test')).toBe(true);
    const trainKeys = new Set(train.map(key));
    expect(test.some((c) => trainKeys.has(key(c)))).toBe(false);
    expect(splitConfigs(FILE, 'train', 7)).toEqual(train);
    expect(splitConfigs(FILE, 'train', 8).map(key)).not.toEqual(train.map(key));
  });

  it('draws for a seed the very configurations the materialising split drew (small files)', () => {
    for (const seed of [0, 1, 7, 12345]) {
      for (const which of ['train', 'test'] as const) {
        const strip = (c: DeviceConfig): object => { const { name: _n, split: _s, ...rest } = c; return rest; };
        expect(splitConfigs(FILE, which, seed).map(strip)).toEqual(materialisedSplit(FILE.factors as Record<string, unknown[]>, 35, 10, which, seed));
      }
    }
  });

  it('samples a 5e11-combination file without building the product: disjoint, seeded, in bounded memory', () => {
    const big = parseConfigFile({ factors: { locale: values.locale(3000), fontScale: values.fontScale(3000), wallpaper: values.wallpaper(3000), density: Array.from({ length: 19 }, (_, i) => 120 + i) } }, '/x/big.json');
    expect(combinationCount(big.factors!)).toBe(3000 * 3000 * 3000 * 19);
    global.gc?.();
    const heap0 = process.memoryUsage().heapUsed;
    const train = splitConfigs(big, 'train', 3);
    const test = splitConfigs(big, 'test', 3);
    // A sanity bound only (the old code ran out of heap here); the time is in the report / bench.
    expect(process.memoryUsage().heapUsed - heap0).toBeLessThan(100 * 2 ** 20);
    expect(train).toHaveLength(35);
    expect(test).toHaveLength(10);
    expect(new Set([...train, ...test].map(key)).size).toBe(45);
    expect(splitConfigs(big, 'train', 3)).toEqual(train);
    expect(train[0]).toMatchObject({ name: 'train01', split: 'train', locale: expect.any(String), fontScale: expect.any(Number), wallpaper: expect.any(String), density: expect.any(Number) });
  });

  it('refuses a file whose product is over the limit, with the count', () => {
    const huge = parseConfigFile({ factors: { locale: values.locale(20000), fontScale: values.fontScale(10000), wallpaper: values.wallpaper(100000), density: Array.from({ length: 500 }, (_, i) => 120 + i) } }, '/x/huge.json');
    expect(combinationCount(huge.factors!)).toBeGreaterThan(MAX_COMBINATIONS);
    expect(() => splitConfigs(huge, 'train', 0)).toThrow(/the factors give 1\.00e\+16 combinations \(locale 20000 x fontScale 10000 x density 500 x wallpaper 100000\), more than the 1e\+15/);
  });

  it('says how many combinations are missing, and refuses a split over the limit', () => {
    const small = parseConfigFile({ factors: { dark: [false, true] } }, '/x/c.json');
    expect(() => splitConfigs(small, 'train', 0)).toThrow(/the factors give 2 combination\(s\), fewer than the 45 the split needs/);
    expect(() => configsForRun(small)).toThrow(/has no "configs" list/);
    expect(() => parseConfigFile({ factors: { dark: [false, true] }, split: { train: 1e9 } }, '/x/c.json')).toThrow(/split\.train: got 1000000000; allowed: a whole number from 1 to 10000/);
  });
});
