/**
 * "Did you mean": the closest known name to a mistyped command, subcommand or option. Light on
 * purpose (the dispatcher loads it at every start).
 */

/** Edit distance counting an adjacent swap as one edit (`trcaes` -> `traces` is 1). */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The known name `word` most likely meant, or undefined when none is close: within 1 edit for
 * short words, 2 from five letters, 3 from nine; or the only name that starts with `word`
 * (`--data` for `--dataset`).
 */
export function closest(word: string, known: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  const limit = w.length < 3 ? 0 : w.length < 5 ? 1 : w.length < 9 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const k of known) {
    const dist = editDistance(w, k.toLowerCase());
    if (dist < bestDistance) { best = k; bestDistance = dist; }
  }
  if (best !== undefined && bestDistance <= limit) return best;
  const prefixed = w.length >= 3 ? known.filter((k) => k.toLowerCase().startsWith(w)) : [];
  return prefixed.length === 1 ? prefixed[0] : undefined;
}
