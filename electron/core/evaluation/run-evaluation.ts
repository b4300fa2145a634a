import path from 'node:path';
import type { Confinement } from '../../platform/confined-read';
import type { EvalMode } from '../../../shared/evaluation/types';
import type { FinalConvention } from '../../../shared/evaluation/final-state';
import { persistRuleFor, type PersistRule } from '../../../shared/evaluation/persistence';
import { goalReached } from '../../../shared/evaluation/claims';
import { summarise, type EpisodeRow, type GroupMetrics, type MethodName } from '../../../shared/evaluation/metrics';
import { openDataset } from '../datasets/open-dataset';
import { runJobs } from './eval-pool';
import { readAppPackages } from './app-table';
import { workerPool } from './worker-pool';
import type { EpisodeOutcome, EvalJob } from './episode-evaluator';
import type { EmbeddingLookup } from './essential-session';
import { DEFAULT_EMBEDDER_SPEC, LazyEmbedder, type EmbedderSpec } from './embedding-provider';
import { findTraces, type TraceRef } from '../traces/trace-layouts';
import { datasetCheckpointTasks } from './checkpoint-method';
import { summariseCheckpoints, type CheckpointSummary } from '../../../shared/evaluation/checkpoints/summary';
import { attachJudgeMethods } from '../judge/judge-methods';
import type { JudgeOptions } from '../judge/run-judge';
import type { JudgeSummary } from '../judge/judge-types';

/** `--shard k/n` (parsed by electron/cli/shard.ts): this run takes every n-th matched episode starting at the k-th (1-based). */
export interface Shard { index: number; count: number }

/** Inputs of one evaluation run. */
export interface RunOptions {
  datasetRoot: string;
  tracesRoot: string;
  methods: MethodName[];
  mode: EvalMode;
  /** Default `complete` in fixed mode, `none` for the essential states in legacy mode (as upstream); `none` evaluates annotated states only. */
  final?: FinalConvention;
  /** Persistence of the final state (`--persist`); default persistRuleFor(mode): `screen` in fixed mode, `none` in legacy mode. */
  persist?: PersistRule;
  /** `--count-interrupted`: interrupted / cancelled episodes count in n as failures (default: left out, counted apart; metrics.ts). */
  countInterrupted?: boolean;
  jobs: number;
  shard?: Shard;
  embedder?: EmbedderSpec;
  /** Persistent caches (per-episode results of unchanged inputs, embeddings); none when absent. */
  cacheDir?: string;
  /** In-process runs only: use this lookup instead of a model (tests). */
  lookup?: EmbeddingLookup;
  humanLabels?: Map<string, boolean>;
  /** Threshold overrides (default: the embedder's own, see models/thresholds.ts and SCREEN_THRESHOLDS). */
  fuzzyThreshold?: number;
  screenThreshold?: number;
  /** Path of the editable app table; default resources/app-packages.json of the app. */
  appPackagesFile?: string;
  /** Methods `judge` / `hybrid`: the judge models, endpoint, prompt and cache. */
  judge?: JudgeOptions;
  /** Method `checkpoints`: Mobile-Bench test cases (default `<dataset>/checkpoints.json`, then each episode's). */
  checkpointsFile?: string;
  /** Follow symbolic links out of the dataset and traces folders (`touchstone eval --follow-links`); default: refused, per episode. */
  followLinks?: boolean;
  /** More folders links may lead into (an evaluation's other opened roots). */
  roots?: readonly string[];
  signal?: AbortSignal;
  onProgress?(done: number, total: number, outcome?: EpisodeOutcome): void;
}

/** Everything a run produced. */
export interface RunReport {
  mode: EvalMode;
  final: FinalConvention;
  /** The persistence rule in effect (applies with the `complete` convention). */
  persist: PersistRule;
  /** Interrupted episodes were counted in n as failures (`--count-interrupted`). */
  countInterrupted?: boolean;
  methods: MethodName[];
  outcomes: EpisodeOutcome[];
  rows: EpisodeRow[];
  groups: GroupMetrics[];
  /** Traces whose episode id is not in the dataset. */
  unmatchedTraces: string[];
  /** Dataset episodes with no trace (not evaluated, not in the metrics). */
  episodesWithoutTrace: number;
  warnings: string[];
  embedding?: { textsSeen: number; embeddingsComputed: number };
  elapsedMs: number;
  /** True when the run was cancelled (RunOptions.signal): the report holds the episodes done by then. */
  cancelled: boolean;
  /** Episodes this run was asked to evaluate (after sharding). */
  planned: number;
  /** Methods `judge` / `hybrid`: usage, cost, the needs-a-human queue, agreement with human labels. */
  judge?: JudgeSummary;
  /** Method `checkpoints`: mean level 1 / level 2 and PassRate per group. */
  checkpoints?: CheckpointSummary[];
}

/**
 * Opens the dataset, finds and matches traces, evaluates (sharded, in workers) and summarises.
 * Cancelling through `signal` stops the workers and resolves with the episodes finished so far
 * (`cancelled: true`); other failures (unreadable dataset or traces folder) reject.
 */
export async function runEvaluation(o: RunOptions): Promise<RunReport> {
  // Worker threads load while the dataset and traces are read (runJobs takes them; it, or the
  // finally below on a failed read, stops any not needed). The calling thread is one of the o.jobs.
  if (o.jobs > 1 && !o.lookup) workerPool.prestart(o.jobs - 1);
  try {
    return await evaluate(o);
  } finally {
    await workerPool.trim();
  }
}

async function evaluate(o: RunOptions): Promise<RunReport> {
  const t0 = performance.now();
  const warnings: string[] = [];
  const ds = await openDataset(o.datasetRoot);
  // Problem files are relative to the dataset root ('.' is the root itself): said in full here.
  warnings.push(...ds.problems.filter((p) => p.severity === 'error').map((p) => `${path.join(o.datasetRoot, p.file)}: ${p.message}${p.hint ? ` ${p.hint}` : ''}`));
  // Every file of the run is read inside the dataset and traces folders (links out of them only with followLinks).
  const confine: Confinement = { roots: [ds.root, o.tracesRoot, ...(o.roots ?? [])], followLinks: o.followLinks === true };
  const traces = findTraces(o.tracesRoot, confine);
  const byId = new Map(ds.episodes.map((e) => [e.id, e]));
  const byFolder = new Map(ds.episodes.map((e) => [path.basename(e.path), e]));
  const matched: { ep: (typeof ds.episodes)[number]; trace: TraceRef }[] = [];
  const unmatchedTraces: string[] = [];
  for (const t of traces) {
    const ep = byId.get(t.episode) ?? byFolder.get(t.episode);
    if (ep) matched.push({ ep, trace: t });
    else unmatchedTraces.push(t.dir);
  }
  const evaluated = new Set(matched.map((m) => m.ep.id));
  const picked = o.shard ? matched.filter((_, i) => i % o.shard!.count === o.shard!.index - 1) : matched;
  const jobs: EvalJob[] = picked.map(({ ep, trace }) => ({
    datasetRoot: ds.root, relPath: ep.path, episode: ep.id, category: ep.category, nsteps: ep.nsteps || ep.stepsFound, trace, confine,
  }));
  const appPackages = readAppPackages(o.appPackagesFile, warnings);
  const cps = o.methods.includes('checkpoints') ? datasetCheckpointTasks(ds.root, o.checkpointsFile) : undefined;
  warnings.push(...(cps?.problems ?? []));
  // The judge runs after the evaluator (main thread); the hybrid needs the essential-state verdicts.
  const workerMethods = [...new Set([...o.methods.filter((m) => m !== 'judge' && m !== 'hybrid'), ...(o.methods.includes('hybrid') ? ['essential' as const] : [])])];
  const lazy = o.lookup ? undefined : new LazyEmbedder(o.embedder ?? DEFAULT_EMBEDDER_SPEC, o.cacheDir ? { cacheDir: path.join(o.cacheDir, 'embeddings') } : {});
  o.onProgress?.(0, jobs.length);
  // Outcomes are also collected as they arrive, so a cancelled run still reports what is done.
  const done: EpisodeOutcome[] = [];
  let outcomes: EpisodeOutcome[];
  let cancelled = false;
  try {
    outcomes = await runJobs(jobs, {
      jobs: o.jobs, settings: { methods: workerMethods, checkpointTasks: cps?.tasks, mode: o.mode, final: o.final, persist: o.persist, appPackages, fuzzyThreshold: o.fuzzyThreshold, screenThreshold: o.screenThreshold }, embedder: lazy, lookup: o.lookup, signal: o.signal, cacheDir: o.cacheDir,
      onResult: (outcome, n, total) => { done.push(outcome); o.onProgress?.(n, total, outcome); },
    });
  } catch (err) {
    if (!o.signal?.aborted) throw err;
    cancelled = true;
    // Job order, as a complete run reports them.
    const order = new Map(jobs.map((j, i) => [j.trace.dir, i]));
    outcomes = done.sort((a, b) => order.get(a.traceDir)! - order.get(b.traceDir)!);
    warnings.push(`Cancelled: ${outcomes.length} of ${jobs.length} episodes were evaluated; the report covers those only.`);
  }
  let judge: JudgeSummary | undefined;
  if (!cancelled && (o.methods.includes('judge') || o.methods.includes('hybrid'))) {
    if (!o.judge) throw new Error('Methods judge and hybrid need judge options (model, endpoint).');
    const instructions = new Map(ds.episodes.map((e) => [e.id, e.description]));
    judge = await attachJudgeMethods(outcomes, { judge: o.methods.includes('judge'), hybrid: o.methods.includes('hybrid') }, instructions, o.judge, o.humanLabels, o.signal)
      .catch((err: unknown) => { if (!o.signal?.aborted) throw err; cancelled = true; warnings.push('Cancelled while judging: the judge and hybrid columns are left out.'); return undefined; });
    warnings.push(...(judge?.warnings ?? []));
  }
  const rows = outcomes.map((x) => toRow(x, o.methods, o.humanLabels));
  const counters = await lazy?.counters();
  return {
    mode: o.mode, final: o.final ?? (o.mode === 'legacy' ? 'none' : 'complete'), persist: persistRuleFor(o.mode, o.persist), methods: o.methods, outcomes, rows, groups: summarise(rows, o.methods, { countInterrupted: !!o.countInterrupted }), unmatchedTraces, ...(o.countInterrupted ? { countInterrupted: true } : {}),
    episodesWithoutTrace: ds.episodes.filter((e) => !evaluated.has(e.id)).length, warnings,
    embedding: counters ? { textsSeen: counters.textsSeen, embeddingsComputed: counters.embeddingsComputed } : undefined,
    elapsedMs: performance.now() - t0, cancelled, planned: jobs.length, judge,
    checkpoints: o.methods.includes('checkpoints') ? summariseCheckpoints(outcomes.map((x) => ({ category: x.category, nsteps: x.nsteps, result: x.checkpoints }))) : undefined,
  };
}

/** One outcome as a metrics row; an episode that could not be evaluated counts as not completed. */
export function toRow(x: EpisodeOutcome, methods: readonly MethodName[], labels?: Map<string, boolean>): EpisodeRow {
  const row: EpisodeRow = { episode: x.episode, category: x.category, nsteps: x.nsteps, human: labels?.get(x.episode), completed: {}, reasons: {} };
  for (const m of methods) {
    const r = x[m];
    if (r) { row.completed[m] = r.completed; if (r.reason) row.reasons[m] = r.reason; }
    else if (x.error) { row.completed[m] = false; row.reasons[m] = x.error; }
  }
  if (x.essential) { row.progress = x.essential.progress; row.goalReached = goalReached(x.essential); }
  if (x.claim) row.claim = x.claim;
  return row;
}
