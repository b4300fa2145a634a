import { diffManifests, type EvalManifest, type ManifestDifference } from './manifest';
import type { MethodName } from './metrics';
import { mcnemarExactP } from './stats/mcnemar';

/** An episode whose verdict differs between two results. */
export interface Flip { episode: string; a: boolean; b: boolean }

/** Two results' verdicts on the episodes both judged: the outcome confusion matrix, the flips and the paired test. */
export interface PairedComparison {
  /** Episodes with a verdict on both sides. */
  n: number;
  /** Confusion matrix: both completed, only A, only B, neither. */
  both: number; onlyA: number; onlyB: number; neither: number;
  /** Episodes whose verdict differs, in A's order. */
  flips: Flip[];
  /** McNemar's test on the discordant pairs (exact binomial two-sided p). */
  mcnemar: { discordant: number; p: number };
  /** Episodes with a verdict on one side only (not in the matrix). */
  onlyInA: string[];
  onlyInB: string[];
}

/** McNemar's exact test (exact for every n): the one in the project's statistics. */
export { mcnemarExactP };

/** Compares two verdict maps (episode -> completed; null/undefined = no verdict) on the episodes both judged. */
export function compareVerdicts(a: Readonly<Record<string, boolean | null | undefined>>, b: Readonly<Record<string, boolean | null | undefined>>): PairedComparison {
  const r: PairedComparison = { n: 0, both: 0, onlyA: 0, onlyB: 0, neither: 0, flips: [], mcnemar: { discordant: 0, p: 1 }, onlyInA: [], onlyInB: [] };
  for (const [ep, x] of Object.entries(a)) {
    const y = b[ep];
    if (x === null || x === undefined) continue;
    if (y === null || y === undefined) { r.onlyInA.push(ep); continue; }
    r.n++;
    if (x && y) r.both++;
    else if (x) r.onlyA++;
    else if (y) r.onlyB++;
    else r.neither++;
    if (x !== y) r.flips.push({ episode: ep, a: x, b: y });
  }
  for (const [ep, y] of Object.entries(b)) if (y !== null && y !== undefined && (a[ep] === null || a[ep] === undefined)) r.onlyInB.push(ep);
  r.mcnemar = { discordant: r.onlyA + r.onlyB, p: mcnemarExactP(r.onlyA, r.onlyB) };
  return r;
}

/** One side of a comparison: its name (an agent, a run folder, a report file) and its manifest, verdicts included. */
export interface ComparedSide { name: string; manifest: EvalManifest }

/** Two results compared on one method: paired verdicts and what differs in their manifests. */
export interface Comparison { a: ComparedSide; b: ComparedSide; method: MethodName; paired: PairedComparison; differences: ManifestDifference[] }

/**
 * Compares two sides on `method` (`touchstone compare` and the evaluation view's compare call both
 * come here); throws naming the side that has no verdicts for it.
 */
export function compareSides(a: ComparedSide, b: ComparedSide, method: MethodName): Comparison {
  const pick = (s: ComparedSide): Record<string, boolean | null | undefined> => {
    if (!s.manifest.settings.methods.includes(method)) throw new Error(`${s.name} has no ${method} verdicts (it was evaluated with ${s.manifest.settings.methods.join(', ')}); pass --method one of those, or evaluate again.`);
    return Object.fromEntries(Object.entries(s.manifest.results.verdicts).map(([ep, v]) => [ep, v[method]]));
  };
  return { a, b, method, paired: compareVerdicts(pick(a), pick(b)), differences: diffManifests(a.manifest, b.manifest) };
}

const yes = (v: boolean): string => (v ? 'completed' : 'not completed');
const rate = (k: number, n: number): string => (n ? `${((100 * k) / n).toFixed(1)}%` : '–');

/**
 * The comparison for people: both rates on the paired episodes, the 2x2 table, the flips, the test,
 * and what differs in the manifests (per-episode input changes summarised by kind when many).
 */
export function comparisonLines(c: PairedComparison, names: { a: string; b: string }, differences: readonly ManifestDifference[] = []): string[] {
  const w = Math.max(names.a.length, 14);
  const out = [
    `${c.n} episode(s) judged by both: A ${names.a} ${rate(c.both + c.onlyA, c.n)}, B ${names.b} ${rate(c.both + c.onlyB, c.n)}`,
    '',
    `${''.padEnd(w)}  B completed  B not completed`,
    `${'A completed'.padEnd(w)}  ${String(c.both).padStart(11)}  ${String(c.onlyA).padStart(15)}`,
    `${'A not completed'.padEnd(w)}  ${String(c.onlyB).padStart(11)}  ${String(c.neither).padStart(15)}`,
    '',
    `McNemar exact test: ${c.mcnemar.discordant} discordant pair(s) (${c.onlyA} A only, ${c.onlyB} B only), p = ${formatP(c.mcnemar.p)}`,
    `${c.flips.length} episode(s) flipped${c.flips.length ? ':' : '.'}`,
    ...c.flips.map((f) => `  ${f.episode}: A ${yes(f.a)}, B ${yes(f.b)}`),
  ];
  if (c.onlyInA.length || c.onlyInB.length) out.push(`Not paired: ${c.onlyInA.length} episode(s) only in A${c.onlyInA.length ? ` (${few(c.onlyInA)})` : ''}, ${c.onlyInB.length} only in B${c.onlyInB.length ? ` (${few(c.onlyInB)})` : ''}.`);
  out.push('', differences.length ? 'Manifests differ:' : 'Manifests: no difference in tool, settings or inputs.');
  out.push(...summariseDifferences(differences).map((l) => `  ${l}`));
  return out;
}

const few = (xs: readonly string[]): string => (xs.length > 6 ? `${xs.slice(0, 6).join(', ')}, ...` : xs.join(', '));

/** p in a paper's form: 3 significant digits, or `< 0.001`. */
export function formatP(p: number): string {
  return p < 0.001 ? '< 0.001' : p >= 0.9995 ? '1' : p.toPrecision(3).replace(/\.?0+$/, '');
}

/** Manifest differences as lines; per-episode ones grouped by what changed when there are more than five of a kind. */
export function summariseDifferences(ds: readonly ManifestDifference[]): string[] {
  const out: string[] = [];
  const byKind = new Map<string, string[]>();
  for (const d of ds) {
    const m = d.kind === 'episode' ? /^episode (.+?)(?:'s (.+) changed| is (only in .+))$/.exec(d.what) : null;
    if (m) {
      const key = m[2] ? `${m[2]} differs` : m[3]!;
      byKind.set(key, [...(byKind.get(key) ?? []), m[1]!]);
    } else out.push(`${d.what}${d.before !== undefined || d.after !== undefined ? `: ${d.before ?? '—'} -> ${d.after ?? '—'}` : ''}`);
  }
  for (const [kind, eps] of byKind) out.push(eps.length > 5 ? `${kind} for ${eps.length} episodes (${few(eps)})` : eps.map((e) => `episode ${e}: ${kind}`).join('\n  '));
  return out;
}
