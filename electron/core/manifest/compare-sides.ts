import path from 'node:path';
import type { ComparedSide } from '../../../shared/evaluation/compare';
import { runEvaluation, type RunOptions } from '../evaluation/run-evaluation';
import { evalManifest } from './eval-manifest';

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
