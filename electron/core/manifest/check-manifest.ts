import { diffManifests, verdictChanges, type EvalManifest, type ManifestDifference, type VerdictChange } from '../../../shared/evaluation/manifest';
import type { EmbedderSpec } from '../evaluation/embedding-provider';
import { runEvaluation, type RunOptions } from '../evaluation/run-evaluation';
import type { JudgeOptions } from '../judge/run-judge';
import { evalManifest, type LabelSource } from './eval-manifest';

/** What re-evaluating a manifest's inputs gave. */
export interface ManifestCheck {
  /** Every verdict of the recorded result came out the same. */
  reproduced: boolean;
  /** Verdicts that differ (episode, method, recorded, now). */
  changes: VerdictChange[];
  /** What differs between the recorded manifest and today's inputs and settings (tool, settings, per-episode inputs). */
  differences: ManifestDifference[];
  now: EvalManifest;
  warnings: string[];
}

/** Options of a re-evaluation that the manifest cannot hold: labels (read anew), the judge's key and transport, workers. */
export interface CheckOptions {
  labels?: LabelSource;
  judge?: JudgeOptions;
  jobs: number;
  signal?: AbortSignal;
  onProgress?: RunOptions['onProgress'];
}

/** The evaluation a manifest records, as run options (no result cache: the point is to evaluate again). */
export function runOptionsOf(m: EvalManifest, c: CheckOptions): RunOptions {
  const s = m.settings;
  return {
    datasetRoot: m.dataset.root, tracesRoot: m.traces.root, methods: s.methods, mode: s.mode as RunOptions['mode'], final: s.final as RunOptions['final'],
    jobs: c.jobs, shard: s.shard, embedder: s.embedder.spec as EmbedderSpec, fuzzyThreshold: s.fuzzyThreshold, screenThreshold: s.screenThreshold,
    followLinks: s.followLinks, countInterrupted: s.countInterrupted, persist: s.persist as RunOptions['persist'], checkpointsFile: s.checkpoints?.file, humanLabels: c.labels ? new Map(c.labels.labels) : undefined,
    judge: c.judge && s.judge ? { ...c.judge, models: s.judge.models, input: s.judge.input as JudgeOptions['input'], frames: s.judge.frames as JudgeOptions['frames'] } : c.judge,
    signal: c.signal, onProgress: c.onProgress,
  };
}

/**
 * Re-evaluates what a manifest records (same dataset and traces folders, same settings) and says
 * whether every verdict reproduces and, either way, which input or setting changed since: per
 * episode "episode X's annotation changed", its recording, its trace; the tool version; a setting.
 */
export async function checkManifest(m: EvalManifest, c: CheckOptions): Promise<ManifestCheck> {
  const o = runOptionsOf(m, c);
  const report = await runEvaluation(o);
  if (report.cancelled) throw new Error('The re-evaluation was cancelled; nothing was checked.');
  const now = await evalManifest(o, report, c.labels);
  const changes = verdictChanges(m.results, now.results);
  return { reproduced: changes.length === 0, changes, differences: diffManifests(m, now), now, warnings: report.warnings };
}

const word = (v: boolean | null | undefined): string => (v === undefined ? 'absent' : v === null ? 'no verdict' : v ? 'completed' : 'not completed');

/** The check for people: a verdict line, the verdicts that changed, then what changed in the inputs. */
export function checkLines(r: ManifestCheck): string[] {
  const n = Object.keys(r.now.results.verdicts).length;
  const out = [r.reproduced ? `REPRODUCED: all verdicts of ${n} episode(s) are the same.` : `NOT REPRODUCED: ${r.changes.length} verdict(s) differ.`];
  for (const x of r.changes) out.push(`  ${x.episode} ${x.method}: recorded ${word(x.before)}, now ${word(x.after)}`);
  if (r.differences.length) {
    out.push(r.reproduced ? 'Inputs or settings changed (without changing a verdict):' : 'What changed:');
    for (const d of r.differences) out.push(`  ${d.what}${d.before !== undefined || d.after !== undefined ? ` (${short(d.before)} -> ${short(d.after)})` : ''}`);
  } else if (!r.reproduced) {
    out.push('No input or setting changed: the evaluator itself gives other verdicts (another Touchstone build, or a nondeterministic method such as the judge without its cache).');
  }
  return out;
}

const short = (s: string | undefined): string => (s === undefined ? '—' : /^[0-9a-f]{40}$/.test(s) ? s.slice(0, 12) : s);
