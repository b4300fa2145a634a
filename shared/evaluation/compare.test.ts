import { describe, expect, it } from 'vitest';
import { compareVerdicts, comparisonLines, formatP, mcnemarExactP, summariseDifferences } from './compare';

describe('paired comparison of two results', () => {
  it("McNemar's exact p is the two-sided binomial tail of the discordant pairs", () => {
    expect(mcnemarExactP(0, 0)).toBe(1);
    expect(mcnemarExactP(1, 0)).toBe(1);
    // 5 vs 0: 2 * (1/2)^5.
    expect(mcnemarExactP(0, 5)).toBeCloseTo(0.0625, 12);
    // 2 vs 10: 2 * (C(12,0) + C(12,1) + C(12,2)) / 2^12 = 158 / 4096.
    expect(mcnemarExactP(10, 2)).toBeCloseTo(158 / 4096, 12);
    // Symmetric, and never above 1 (equal counts).
    expect(mcnemarExactP(3, 7)).toBe(mcnemarExactP(7, 3));
    expect(mcnemarExactP(6, 6)).toBe(1);
    // Large n stays finite: 600 vs 400 is far from chance.
    expect(mcnemarExactP(600, 400)).toBeLessThan(1e-9);
    expect(mcnemarExactP(600, 400)).toBeGreaterThan(0);
  });

  it('counts the 2x2 table on episodes both judged, lists the flips in order and the unpaired ones apart', () => {
    const a = { e1: true, e2: true, e3: false, e4: false, e5: true, e6: null, e7: true };
    const b = { e1: true, e2: false, e3: true, e4: false, e5: true, e6: true, e8: false };
    const c = compareVerdicts(a, b);
    expect(c).toMatchObject({ n: 5, both: 2, onlyA: 1, onlyB: 1, neither: 1, onlyInA: ['e7'], onlyInB: ['e6', 'e8'] });
    expect(c.flips).toEqual([{ episode: 'e2', a: true, b: false }, { episode: 'e3', a: false, b: true }]);
    expect(c.mcnemar).toEqual({ discordant: 2, p: 1 });
    const lines = comparisonLines(c, { a: 'replay', b: 'alt' });
    expect(lines[0]).toBe('5 episode(s) judged by both: A replay 60.0%, B alt 60.0%');
    expect(lines).toContain('  e2: A completed, B not completed');
    expect(lines).toContain('Not paired: 1 episode(s) only in A (e7), 2 only in B (e6, e8).');
  });

  it('writes p as a paper would, and groups many per-episode manifest differences', () => {
    expect([formatP(1), formatP(0.0625), formatP(0.5), formatP(0.0004)]).toEqual(['1', '0.0625', '0.5', '< 0.001']);
    const ds = ['a', 'b', 'c', 'd', 'e', 'f'].map((e) => ({ kind: 'episode' as const, what: `episode ${e}'s trace changed` }));
    expect(summariseDifferences([{ kind: 'setting', what: 'setting mode changed', before: 'fixed', after: 'legacy' }, ...ds, { kind: 'episode', what: "episode z's annotation changed" }]))
      .toEqual(['setting mode changed: fixed -> legacy', 'trace differs for 6 episodes (a, b, c, d, e, f)', 'episode z: annotation differs']);
  });
});
