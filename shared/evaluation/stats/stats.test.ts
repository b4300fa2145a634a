import { describe, expect, it } from 'vitest';
import { cohenKappa, erfc, fleissKappa, formatRate, leniency, mcnemar, pairedTest, wilson } from './index';

describe('Wilson score interval', () => {
  // Newcombe (1998), Statistics in Medicine 17:857-872, Table I, method 3 (score interval without continuity correction).
  it.each([
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
  ])('%i of %i: %f to %f (Newcombe 1998)', (k, n, low, high) => {
    const r = wilson(k, n);
    expect(r.low!).toBeCloseTo(low, 4);
    expect(r.high!).toBeCloseTo(high, 4);
  });
  it('has no rate at n = 0 and a wide interval for one label', () => {
    expect(wilson(0, 0)).toEqual({ k: 0, n: 0 });
    expect(formatRate(wilson(0, 0))).toBe('– n=0');
    const one = wilson(1, 1);
    expect(one.low!).toBeCloseTo(0.2065, 4);
    expect(formatRate(one)).toBe('100.0% [20.7–100.0] n=1');
  });
});

describe("McNemar's test", () => {
  it('is exact below 25 discordant pairs: 1 vs 7 gives p = 0.070 (Fagerland, Lydersen & Laake 2013, BMC Med Res Methodol 13:91, Bentur et al. data)', () => {
    const t = mcnemar(1, 7);
    expect(t.method).toBe('exact');
    expect(t.p).toBeCloseTo(0.0703, 4);
    // The same paper's asymptotic (uncorrected) p for these data is 0.034: chi-square 4.5 on 1 df.
    expect(erfc(Math.sqrt(4.5 / 2))).toBeCloseTo(0.0339, 4);
  });
  it('is chi-square from 25 on: 121 vs 59 gives 21.36 (Wikipedia, McNemar\'s test, worked example)', () => {
    const t = mcnemar(121, 59);
    expect(t.method).toBe('chi-square');
    expect(t.statistic!).toBeCloseTo(21.356, 3);
    expect(t.p).toBeCloseTo(3.8151e-6, 9);
    expect(t.p).toBeLessThan(0.001);
  });
  it('is 1 without discordant pairs and symmetric', () => {
    expect(mcnemar(0, 0).p).toBe(1);
    expect(mcnemar(3, 3).p).toBe(1);
    expect(mcnemar(2, 10).p).toBeCloseTo(mcnemar(10, 2).p, 12);
    expect(mcnemar(2, 10).p).toBeCloseTo(158 / 4096, 10);
  });
  it('pairs two verdict maps over the items both decided', () => {
    const a = new Map([['e1', true], ['e2', true], ['e3', false], ['e4', true]]);
    const b = new Map([['e1', false], ['e2', true], ['e3', true], ['e5', true]]);
    expect(pairedTest(a, b)).toMatchObject({ b: 1, c: 1, paired: 3, p: 1 });
  });
});

describe('kappa', () => {
  it("Cohen's: 20 yes-yes, 5 yes-no, 10 no-yes, 15 no-no gives 0.4 (Wikipedia, Cohen's kappa, worked example)", () => {
    const pairs: [boolean, boolean][] = [
      ...Array.from({ length: 20 }, (): [boolean, boolean] => [true, true]), ...Array.from({ length: 5 }, (): [boolean, boolean] => [true, false]),
      ...Array.from({ length: 10 }, (): [boolean, boolean] => [false, true]), ...Array.from({ length: 15 }, (): [boolean, boolean] => [false, false]),
    ];
    const k = cohenKappa(pairs);
    expect(k.observed).toBeCloseTo(0.7, 10);
    expect(k.expected).toBeCloseTo(0.5, 10);
    expect(k.kappa).toBeCloseTo(0.4, 10);
  });
  it("Cohen's is undefined when chance agreement is 1", () => {
    expect(cohenKappa([[true, true], [true, true]]).kappa).toBeUndefined();
    expect(cohenKappa([]).kappa).toBeUndefined();
  });
  it("Fleiss': 10 subjects, 14 raters, 5 categories gives 0.210 (Fleiss 1971 as worked on Wikipedia, Fleiss' kappa)", () => {
    const table = [
      [0, 0, 0, 0, 14], [0, 2, 6, 4, 2], [0, 0, 3, 5, 6], [0, 3, 9, 2, 0], [2, 2, 8, 1, 1],
      [7, 7, 0, 0, 0], [3, 2, 6, 3, 0], [2, 5, 3, 2, 2], [6, 5, 2, 1, 0], [0, 2, 2, 3, 7],
    ];
    const k = fleissKappa(table);
    expect(k.observed).toBeCloseTo(0.378, 3);
    expect(k.expected).toBeCloseTo(0.213, 3);
    expect(k.kappa).toBeCloseTo(0.210, 3);
    expect(() => fleissKappa([[1, 1], [3, 0]])).toThrow(/subject 2 has 3 ratings/);
  });
  it("Fleiss' of two raters on binary labels equals Scott's pi, close to Cohen's on balanced margins", () => {
    const k = fleissKappa([[2, 0], [2, 0], [0, 2], [1, 1]]);
    // Observed 3/4; pooled marginals 5/8 and 3/8: expected 34/64.
    expect(k.kappa).toBeCloseTo((0.75 - 34 / 64) / (1 - 34 / 64), 10);
  });
});

describe('leniency', () => {
  // A hand-made confusion table: tp 10, false accepts 3, false rejects 1, tn 6.
  it('is false accepts over all errors', () => {
    expect(leniency(3, 1)).toBe(0.75);
    expect(leniency(0, 4)).toBe(0);
    expect(leniency(2, 2)).toBe(0.5);
    expect(leniency(0, 0)).toBeUndefined();
  });
});
