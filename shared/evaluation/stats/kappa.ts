/**
 * Cohen's kappa of two raters over the same items, from their paired labels (any category values):
 * (observed agreement - chance agreement) / (1 - chance agreement). Undefined without items, or
 * when chance agreement is 1 (both raters gave one and the same category to every item).
 */
export function cohenKappa<T>(pairs: readonly (readonly [T, T])[]): { kappa?: number; observed?: number; expected?: number; n: number } {
  const n = pairs.length;
  if (!n) return { n };
  const a = new Map<T, number>();
  const b = new Map<T, number>();
  let agree = 0;
  for (const [x, y] of pairs) {
    a.set(x, (a.get(x) ?? 0) + 1);
    b.set(y, (b.get(y) ?? 0) + 1);
    if (x === y) agree++;
  }
  const observed = agree / n;
  let expected = 0;
  for (const [k, ca] of a) expected += (ca / n) * ((b.get(k) ?? 0) / n);
  return { n, observed, expected, ...(expected < 1 ? { kappa: (observed - expected) / (1 - expected) } : {}) };
}

/**
 * Fleiss' kappa (Fleiss 1971) from a subjects x categories count table, every subject rated by the
 * same number of raters (rows with another count are refused: say which). Undefined with fewer than
 * one subject or two raters, or when chance agreement is 1.
 */
export function fleissKappa(counts: readonly (readonly number[])[]): { kappa?: number; observed?: number; expected?: number; subjects: number; raters: number } {
  const N = counts.length;
  const raters = N ? counts[0]!.reduce((s, x) => s + x, 0) : 0;
  if (N === 0 || raters < 2) return { subjects: N, raters };
  const cats = counts[0]!.length;
  const colSums = new Array<number>(cats).fill(0);
  let pSum = 0;
  counts.forEach((row, i) => {
    const r = row.reduce((s, x) => s + x, 0);
    if (r !== raters || row.length !== cats) throw new RangeError(`fleissKappa: subject ${i + 1} has ${r} ratings in ${row.length} categories; every subject needs ${raters} in ${cats}.`);
    let sq = 0;
    row.forEach((x, j) => { colSums[j]! += x; sq += x * x; });
    pSum += (sq - raters) / (raters * (raters - 1));
  });
  const observed = pSum / N;
  const expected = colSums.reduce((s, c) => s + (c / (N * raters)) ** 2, 0);
  return { subjects: N, raters, observed, expected, ...(expected < 1 ? { kappa: (observed - expected) / (1 - expected) } : {}) };
}
