import type { EvalMode, EssentialResult, MatchServices, TraceInput } from '../../../shared/evaluation/types';
import { createMatchServices, SCREEN_THRESHOLDS } from '../../../shared/evaluation/services';
import { evaluateEssentialStates } from '../../../shared/evaluation/sequencer';
import type { FinalConvention } from '../../../shared/evaluation/final-state';
import { normaliseExecAction } from '../../../shared/evaluation/aitw-action-match';
import { lcsMatch, stepwiseMatch, type BaselineResult } from '../../../shared/evaluation/baselines';
import type { MethodName } from '../../../shared/evaluation/metrics';
import { existsSync, readFileSync } from 'node:fs';
import type { ScreenOcr } from '../models/types';
import { IconMatcher } from '../images/icon-matcher';
import { loadGroundTruth, type GroundTruth } from './load-ground-truth';
import { readTrace, type TraceRef } from '../traces/trace-layouts';
import type { CheckpointResult, CheckpointTask } from '../../../shared/evaluation/checkpoints/types';
import type { HybridResult, JudgeResult } from '../judge/judge-types';
import { evaluateCheckpoints } from './checkpoint-method';
import { PRIMITIVE_REGISTRY } from '../../../shared/kinds/primitives';
import path from 'node:path';

/**
 * Safety bound on rounds of fetching embeddings / decoding screenshots per episode. The scan stops at
 * the first step waiting for one, so an episode needs about one round per step that passes every
 * cheap check; each round fetches something new (fetched results are kept), so this is never reached
 * by a well-behaved run.
 */
const MAX_ROUNDS = 500;

/** Synchronous similarity after an async batch `prepare` (CachedEmbedder, or the worker's remote client). */
export interface EmbeddingLookup {
  prepare(texts: string[]): Promise<void>;
  similarity(a: string, b: string): number;
  readonly defaultThreshold: number;
  /** Model id (for per-model screen thresholds), once known. */
  readonly id?: string;
}

/** What to evaluate and how; plain data so it can cross a worker boundary. */
export interface EvalSettings {
  methods: MethodName[];
  mode: EvalMode;
  /** Lower-cased app name -> package. */
  appPackages: Record<string, string>;
  fuzzyThreshold?: number;
  /** Override for `fuzzy<-1>`; default SCREEN_THRESHOLDS[model] or the model's threshold. */
  screenThreshold?: number;
  iconMaxDistance?: number;
  /** Which execution hierarchy to read first when a step has both; default json (fixed) / xml (legacy). */
  hierarchy?: 'json' | 'xml';
  /**
   * Default: `complete` in fixed mode (states and ground-truth actions end with the agent's declaration of
   * completion); in legacy mode the essential states have no final state (upstream's testbed evaluator
   * never checks it) while the action baselines keep upstream's appended "task complete".
   */
  final?: FinalConvention;
  /** Dataset-level Mobile-Bench test cases by episode id (method `checkpoints`). */
  checkpointTasks?: Record<string, CheckpointTask>;
}

/** One episode to evaluate: a dataset episode and (maybe) the agent's trace for it. */
export interface EvalJob {
  datasetRoot: string;
  relPath: string;
  episode: string;
  category: string;
  nsteps: number;
  trace: TraceRef;
}

/** Every method's verdict on one episode. */
export interface EpisodeOutcome {
  episode: string;
  category: string;
  nsteps: number;
  traceDir: string;
  layout: string;
  essential?: EssentialResult;
  stepwise?: BaselineResult;
  lcs?: BaselineResult;
  /** Mobile-Bench CheckPoints (computed in the evaluator). */
  checkpoints?: CheckpointResult;
  /** LLM judge and judge + essential states (attached after the evaluator, see core/judge). */
  judge?: JudgeResult;
  hybrid?: HybridResult;
  /** Set when the episode could not be evaluated at all (unreadable ground truth or trace). */
  error?: string;
}

/**
 * Evaluates episodes one at a time, caching ground truths (many traces share an episode) and
 * decoded screenshots. Lives in a worker or in-process; holds no global state.
 */
export class EpisodeEvaluator {
  private readonly gts = new Map<string, Promise<GroundTruth>>();
  private ocr?: Promise<ScreenOcr>;
  readonly icons = new IconMatcher();
  /** Set when the embedder failed: fuzzy checks then fail with their reason instead of asking again. */
  private embeddingFailed = false;

  constructor(private readonly settings: EvalSettings, private readonly embedder?: EmbeddingLookup) {}

  private groundTruth(root: string, rel: string): Promise<GroundTruth> {
    const key = `${root}\u0000${rel}`;
    let p = this.gts.get(key);
    if (!p) {
      p = loadGroundTruth(root, rel);
      this.gts.set(key, p);
      if (this.gts.size > 256) this.gts.delete(this.gts.keys().next().value!);
    }
    return p;
  }

  private services(missing: Set<string>): MatchServices {
    const e = this.embedder;
    return createMatchServices({
      mode: this.settings.mode,
      appPackages: this.settings.appPackages,
      iconMaxDistance: this.settings.iconMaxDistance ?? 1,
      fuzzyThreshold: this.settings.fuzzyThreshold ?? e?.defaultThreshold ?? 0.85,
      iconMatch: (g, b, x) => this.icons.match(g, b, x),
      waiting: () => this.icons.hasPending || (e !== undefined && !this.embeddingFailed && missing.size > 0),
      similarity: (a, b) => {
        if (!e) { missing.add(a); return undefined; }
        try {
          return e.similarity(a, b);
        } catch {
          // Not embedded yet: recorded, fetched in one batch, and the scan runs again (see essential()).
          if (!this.embeddingFailed) { missing.add(a); missing.add(b); }
          return undefined;
        }
      },
    });
  }

  /** Evaluates one job with every configured method; never throws. */
  async evaluate(job: EvalJob): Promise<EpisodeOutcome> {
    const out: EpisodeOutcome = { episode: job.episode, category: job.category, nsteps: job.nsteps, traceDir: job.trace.dir, layout: job.trace.layout };
    let gt: GroundTruth;
    let trace: TraceInput;
    try {
      gt = await this.groundTruth(job.datasetRoot, job.relPath);
      trace = await readTrace(job.trace, this.settings.hierarchy ?? (this.settings.mode === 'legacy' ? 'xml' : 'json'));
    } catch (err) {
      out.error = `Cannot load episode ${job.episode}: ${(err as Error).message}`;
      return out;
    }
    const m = this.settings.methods;
    if (m.includes('essential')) out.essential = await this.essential(gt, trace);
    if (m.includes('checkpoints')) out.checkpoints = evaluateCheckpoints(job.episode, path.join(job.datasetRoot, job.relPath), trace, this.settings.checkpointTasks);
    if (!m.includes('stepwise') && !m.includes('lcs')) return out;
    const execActions = trace.steps.map((s) => s.action).filter((a) => a.kind !== 'none').map(normaliseExecAction);
    const complete = (this.settings.final ?? 'complete') === 'complete';
    // Layouts without a completion signal: the end of the trace is the agent's claim (as for the essential states).
    if (complete && trace.noCompletionSignal !== undefined) execActions.push({ kind: 'complete' });
    // gt.baselineSteps ends with upstream's implicit "task complete"; the `none` convention drops it.
    const gtSteps = complete ? gt.baselineSteps() : gt.baselineSteps().slice(0, -1);
    if (m.includes('stepwise')) out.stepwise = stepwiseMatch(job.episode, gtSteps, execActions);
    if (m.includes('lcs')) out.lcs = lcsMatch(job.episode, gtSteps, execActions);
    return out;
  }

  /**
   * `ocr<text>` items need the text on each execution screenshot: recognised here (async, PP-OCR via
   * the models module, each distinct image once per thread) before the synchronous scan. Episodes
   * without ocr items never load the OCR models.
   */
  private async attachOcr(gt: GroundTruth, trace: TraceInput): Promise<void> {
    if (!gt.states.some((s) => PRIMITIVE_REGISTRY.needs(s.ess.items, 'ocr'))) return;
    this.ocr ??= import('../models/ocr').then(async (m) => {
      const { CachedOcr } = await import('../models/cached-ocr');
      return new CachedOcr(await m.createScreenOcr());
    });
    for (const step of trace.steps) {
      const shot = step.screenshot;
      if (!shot || !existsSync(shot)) { step.ocrProblem = `Screenshot ${shot ?? `of step ${step.index}`} is missing; OCR cannot run.`; continue; }
      try {
        const lines = await (await this.ocr).recognize(readFileSync(shot));
        step.ocr = lines.map((l) => ({ text: l.text, box: l.box }));
      } catch (err) {
        step.ocrProblem = `OCR failed on ${shot}: ${(err as Error).message}`;
      }
    }
  }

  /**
   * The scan is synchronous, but embeddings and decoded screenshots are fetched asynchronously and
   * only when a check asks for them: each round runs the scan; checks whose texts are not embedded yet
   * (or whose screenshots are not decoded yet) record what they need; those are fetched in one batch
   * and the scan runs again. Most episodes need one round (no fuzzy or icon check is ever reached);
   * only the last round's verdicts are kept, and they never depend on a missing resource.
   */
  private async essential(gt: GroundTruth, trace: TraceInput): Promise<EssentialResult> {
    await this.attachOcr(gt, trace);
    const problems: string[] = [];
    const missing = new Set<string>();
    const svc = this.services(missing);
    let r: EssentialResult;
    for (let round = 0; ; round++) {
      missing.clear();
      if (this.settings.fuzzyThreshold === undefined && this.embedder) svc.fuzzyThreshold = this.embedder.defaultThreshold;
      svc.screenThreshold = this.settings.screenThreshold ?? (this.embedder?.id !== undefined ? SCREEN_THRESHOLDS[this.embedder.id] : undefined) ?? svc.fuzzyThreshold;
      r = evaluateEssentialStates(gt.states, trace, svc, { final: this.settings.final ?? (this.settings.mode === 'legacy' ? 'none' : 'complete'), finalGtStep: gt.nsteps - 1 });
      const texts = this.embedder ? [...missing] : [];
      if ((!texts.length && !this.icons.hasPending) || round >= MAX_ROUNDS) break;
      const [embedded] = await Promise.allSettled([texts.length ? this.embedder!.prepare(texts) : undefined, this.icons.resolvePending()]);
      if (embedded.status === 'rejected') {
        problems.push(`Embedding ${texts.length} texts failed: ${(embedded.reason as Error).message}; fuzzy checks fail.`);
        this.embeddingFailed = true;
      }
    }
    if (missing.size && !this.embedder) problems.push('No sentence embedder is configured; fuzzy checks fail.');
    // After the scan: steps read lazily (action files) add their problems to trace.problems as they are read.
    r.problems = [...gt.problems, ...trace.problems, ...problems];
    // A state that cannot be read is a state the agent was not checked against: passing the others
    // must not make the episode complete (a broken annotation would otherwise lower the bar).
    const unreadable = gt.unreadableStates ?? [];
    if (unreadable.length) {
      r.completed = false;
      r.reason = `${unreadable.length} of the episode's essential-state files cannot be read, so it cannot be judged complete: ${unreadable[0]}${unreadable.length > 1 ? ` (and ${unreadable.length - 1} more)` : ''} \`touchstone dataset check\` lists every problem.`;
    }
    return r;
  }
}
