import path from 'node:path';
import type { MethodName } from '../../../shared/evaluation/metrics';
import { compareVerdicts, type PairedComparison } from '../../../shared/evaluation/compare';
import { diffManifests, type EvalManifest, type ManifestDifference } from '../../../shared/evaluation/manifest';
import { runEvaluation, type RunOptions } from '../evaluation/run-evaluation';
import { evalManifest } from './eval-manifest';

/** One side of a comparison: its name, its manifest (verdicts included). */
export interface ComparedSide { name: string; manifest: EvalManifest }

/** Evaluates a traces folder for a comparison (the same settings for both sides) and returns it as a side. */
export async function evaluateSide(name: string, tracesRoot: string, o: Omit<RunOptions, 'tracesRoot'>): Promise<ComparedSide> {
  const run = { ...o, tracesRoot };
  const report = await runEvaluation(run);
  if (report.cancelled) throw new Error(`Evaluating ${tracesRoot} was cancelled.`);
  return { name, manifest: await evalManifest(run, report) };
}

/** The name a traces folder or report file goes by: its folder name (a run's `<agent>/`), or the file's name. */
export function sideName(p: string): string {
  const abs = path.resolve(p);
  const base = path.basename(abs);
  // A run's repeat folder (runs/<agent>/r1) is named by its agent.
  return /^r\d+$/.test(base) ? `${path.basename(path.dirname(abs))}/${base}` : base;
}

/** The comparison of two sides on one method: paired verdicts and what differs in their manifests. */
export interface Comparison { a: ComparedSide; b: ComparedSide; method: MethodName; paired: PairedComparison; differences: ManifestDifference[] }

/** Compares two sides on `method`; throws naming the side that has no verdicts for it. */
export function compareSides(a: ComparedSide, b: ComparedSide, method: MethodName): Comparison {
  const pick = (s: ComparedSide): Record<string, boolean | null | undefined> => {
    if (!s.manifest.settings.methods.includes(method)) throw new Error(`${s.name} has no ${method} verdicts (it was evaluated with ${s.manifest.settings.methods.join(', ')}); pass --method one of those, or evaluate again.`);
    return Object.fromEntries(Object.entries(s.manifest.results.verdicts).map(([ep, v]) => [ep, v[method]]));
  };
  return { a, b, method, paired: compareVerdicts(pick(a), pick(b)), differences: diffManifests(a.manifest, b.manifest) };
}
