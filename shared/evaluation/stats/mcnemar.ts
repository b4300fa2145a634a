/** Below this many discordant pairs McNemar's test is exact (binomial); from it on, chi-square. */
export const MCNEMAR_EXACT_BELOW = 25;

/** The outcome of a paired test on two binary verdicts over the same items. */
export interface McNemar {
  /** Items the first says yes and the second no. */
  b: number;
  /** Items the first says no and the second yes. */
  c: number;
  method: 'exact' | 'chi-square';
  /** Chi-square statistic (1 degree of freedom, no continuity correction); exact: undefined. */
  statistic?: number;
  /** Two-sided p-value; 1 when no pair is discordant. */
  p: number;
}

/**
 * Two-sided exact binomial p of min(b, c) under p = 1/2 (the exact conditional McNemar test), for any n:
 * the binomial coefficients are built in log space term by term (no factorial overflows).
 */
export function mcnemarExactP(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  let logC = 0; // log C(n, 0)
  let tail = 0;
  for (let k = 0; k <= Math.min(b, c); k++) {
    if (k > 0) logC += Math.log(n - k + 1) - Math.log(k);
    tail += Math.exp(logC - n * Math.LN2);
  }
  return Math.min(1, 2 * tail);
}

/**
 * erfc(x) for x >= 0 (W. J. Cody's rational Chebyshev form as in Numerical Recipes' erfcc,
 * relative error below 1.2e-7 everywhere): the survival function of chi-square with one degree of
 * freedom is erfc(sqrt(x / 2)).
 */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806
    + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))));
  return x >= 0 ? r : 2 - r;
}

/**
 * McNemar's test from the two discordant counts of a paired 2x2 table (the same episodes judged by
 * two methods, or two agents on the same tasks): exact binomial while b + c < 25, else the
 * asymptotic chi-square without continuity correction (Fagerland, Lydersen & Laake 2013 find the
 * corrected one too conservative).
 */
export function mcnemar(b: number, c: number): McNemar {
  const n = b + c;
  if (n === 0) return { b, c, method: 'exact', p: 1 };
  if (n < MCNEMAR_EXACT_BELOW) return { b, c, method: 'exact', p: mcnemarExactP(b, c) };
  const statistic = ((b - c) * (b - c)) / n;
  return { b, c, method: 'chi-square', statistic, p: Math.min(1, erfc(Math.sqrt(statistic / 2))) };
}

/**
 * The paired test of two verdict maps over the items both decided (episode -> completed). Items
 * only one side decided are not counted (`paired` says how many were).
 */
export function pairedTest(a: ReadonlyMap<string, boolean>, b: ReadonlyMap<string, boolean>): McNemar & { paired: number } {
  let yesNo = 0;
  let noYes = 0;
  let paired = 0;
  for (const [k, va] of a) {
    const vb = b.get(k);
    if (vb === undefined) continue;
    paired++;
    if (va && !vb) yesNo++;
    else if (!va && vb) noYes++;
  }
  return { ...mcnemar(yesNo, noYes), paired };
}

/** "p = 0.070 (exact, 1 vs 7 of 20 paired)". */
export function formatPaired(t: McNemar & { paired?: number }): string {
  const p = t.p < 0.001 ? 'p < 0.001' : `p = ${t.p.toFixed(3)}`;
  return `${p} (${t.method === 'exact' ? 'exact' : `χ² = ${t.statistic!.toFixed(2)}`}, ${t.b} vs ${t.c} discordant${t.paired !== undefined ? ` of ${t.paired} paired` : ''})`;
}
