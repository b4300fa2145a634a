/** z of a two-sided 95 % interval (the 97.5th percentile of the standard normal). */
export const Z95 = 1.959963984540054;

/** A rate with its sample size and 95 % interval. */
export interface Rate {
  /** Successes. */
  k: number;
  n: number;
  /** k / n; undefined when n = 0 (no rate to show, never "0 %"). */
  rate?: number;
  /** The Wilson score interval; undefined when n = 0. */
  low?: number;
  high?: number;
}

/**
 * The Wilson score interval of k successes in n trials (Wilson 1927; Newcombe 1998, method 3).
 * Unlike the normal ("Wald") interval it stays inside [0, 1] and is not zero-width at 0 or n,
 * which matters for the small n of an evaluation (one label gives 0.21-1, not "100 %").
 */
export function wilson(k: number, n: number, z = Z95): Rate {
  if (!(n > 0)) return { k, n };
  if (k < 0 || k > n) throw new RangeError(`wilson: ${k} successes out of ${n} trials`);
  const p = k / n;
  const z2 = z * z;
  const d = 1 + z2 / n;
  const centre = p + z2 / (2 * n);
  const half = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // Clamp the float noise at the ends (k = 0 gives exactly 0 in exact arithmetic).
  return { k, n, rate: p, low: Math.max(0, (centre - half) / d), high: Math.min(1, (centre + half) / d) };
}

/** "62.5 % [40.9-80.0] n=16", or "– n=0": how every rate is printed (percent, one decimal). */
export function formatRate(r: Rate, o: { interval?: boolean } = {}): string {
  if (r.rate === undefined) return `– n=${r.n}`;
  const pc = (v: number): string => (v * 100).toFixed(1);
  return `${pc(r.rate)}%${o.interval === false ? '' : ` [${pc(r.low!)}–${pc(r.high!)}]`} n=${r.n}`;
}
