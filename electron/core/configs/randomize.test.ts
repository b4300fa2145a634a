import { describe, expect, it } from 'vitest';
import { parseConfigFile } from './config-file';
import { combinations, configsForRun, splitConfigs } from './randomize';

const FILE = parseConfigFile({
  factors: { locale: ['en-US', 'de-DE'], fontScale: [0.85, 1, 1.15, 1.3], dark: [false, true], device: ['pixel3', 'pixel4', 'pixel6', 'tablet'], iconGrid: ['4x5', '5x5'] },
}, '/x/c.json');
const key = (c: object): string => JSON.stringify({ ...c, name: undefined, split: undefined });

describe('configuration splits', () => {
  it('combines every factor value once', () => {
    const all = combinations(FILE.factors!);
    expect(all).toHaveLength(2 * 4 * 2 * 4 * 2);
    expect(new Set(all.map(key)).size).toBe(all.length);
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

  it('says how many combinations are missing', () => {
    const small = parseConfigFile({ factors: { dark: [false, true] } }, '/x/c.json');
    expect(() => splitConfigs(small, 'train', 0)).toThrow(/the factors give 2 combination\(s\), fewer than the 45 the split needs/);
    expect(() => configsForRun(small)).toThrow(/has no "configs" list/);
  });
});
