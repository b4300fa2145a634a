import type { EssentialResult, TraceInput } from '../../../shared/evaluation/types';
import { normaliseExecAction } from '../../../shared/kinds/actions';
import { lcsMatch, stepwiseMatch, type BaselineResult } from '../../../shared/evaluation/baselines';
import type { MethodName } from '../../../shared/evaluation/metrics';
import type { CheckpointResult, CheckpointTask } from '../../../shared/evaluation/checkpoints/types';
import type { HybridResult, JudgeResult } from '../judge/judge-types';
import type { IconMatcher } from '../images/icon-matcher';
import { memorySource, traceFolderSource } from '../traces/step-source';
import type { TraceRef } from '../traces/trace-layouts';
import { loadGroundTruth, type GroundTruth } from './load-ground-truth';
import { evaluateCheckpoints } from './checkpoint-method';
import { EssentialSession, type EmbeddingLookup, type SessionSettings } from './essential-session';
import path from 'node:path';
import { ConfinedFiles, type Confinement } from '../../platform/confined-read';
import { agentClaim, type AgentClaim } from '../../../shared/evaluation/claims';
import { sideEffectWarnings } from '../../../shared/evaluation/side-effects';
import { readRunFacts } from './run-record';

/** What to evaluate and how; plain data so it can cross a worker boundary. */
export interface EvalSettings extends SessionSettings {
  methods: MethodName[];
  /** Which execution hierarchy to read first when a step has both; default json (fixed) / xml (legacy). */
  hierarchy?: 'json' | 'xml';
  /**
   * Default: `complete` in fixed mode (states and ground-truth actions end with the agent's declaration of
   * completion); in legacy mode the essential states have no final state (upstream's testbed evaluator
   * never checks it) while the action baselines keep upstream's appended "task complete".
   */
  final?: SessionSettings['final'];
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
  /** The opened roots (dataset, traces folder) every file of this job is read inside; default: the dataset root and the trace folder. */
  confine?: Confinement;
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
  /** What the agent claimed at the end (its last action, else the run's episode.json; shared/evaluation/claims.ts). */
  claim?: AgentClaim;
  /** Side effects the task did not ask for (packages, settings outside its app), as warnings; they never change a verdict. */
  sideEffects?: string[];
}

/**
 * Evaluates episodes one at a time, caching ground truths (many traces share an episode) and
 * decoded screenshots. Lives in a worker or in-process; holds no global state.
 */
export class EpisodeEvaluator {
  private readonly gts = new Map<string, Promise<GroundTruth>>();
  /** The essential-state scan with its fetched embeddings, icons and OCR (shared with the live check). */
  readonly session: EssentialSession;

  constructor(private readonly settings: EvalSettings, embedder?: EmbeddingLookup) {
    this.session = new EssentialSession(settings, embedder);
  }

  /** Decoded screenshots and icon hashes, kept between episodes. */
  get icons(): IconMatcher { return this.session.icons; }

  private groundTruth(root: string, rel: string, files: ConfinedFiles): Promise<GroundTruth> {
    const key = `${root}\u0000${rel}\u0000${JSON.stringify(files.confinement)}`;
    let p = this.gts.get(key);
    if (!p) {
      p = loadGroundTruth(root, rel, files);
      this.gts.set(key, p);
      if (this.gts.size > 256) this.gts.delete(this.gts.keys().next().value!);
    }
    return p;
  }

  /** Evaluates one job with every configured method; never throws. */
  async evaluate(job: EvalJob): Promise<EpisodeOutcome> {
    const out: EpisodeOutcome = { episode: job.episode, category: job.category, nsteps: job.nsteps, traceDir: job.trace.dir, layout: job.trace.layout };
    let gt: GroundTruth;
    let trace: TraceInput;
    // One reader per episode: the roots and folders are resolved once for the ground truth, the trace and the run files.
    const files = new ConfinedFiles(job.confine ?? { roots: [job.datasetRoot, job.trace.dir] });
    try {
      gt = await this.groundTruth(job.datasetRoot, job.relPath, files);
      trace = await traceFolderSource(job.trace, this.settings.hierarchy ?? (this.settings.mode === 'legacy' ? 'xml' : 'json'), files).read();
    } catch (err) {
      out.error = `Cannot load episode ${job.episode}: ${(err as Error).message}`;
      return out;
    }
    const m = this.settings.methods;
    // The trace is read once: the session scans it and the other methods read its actions.
    if (m.includes('essential')) out.essential = await this.session.evaluate(gt, memorySource(trace), files);
    this.claimAndSideEffects(out, job, gt, trace, files);
    if (m.includes('checkpoints')) out.checkpoints = evaluateCheckpoints(job.episode, path.join(job.datasetRoot, job.relPath), trace, this.settings.checkpointTasks, files);
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

  /** The agent's claim and the run's side effects, from the trace and the runner's files beside it. */
  private claimAndSideEffects(out: EpisodeOutcome, job: EvalJob, gt: GroundTruth, trace: TraceInput, files: ConfinedFiles): void {
    const facts = readRunFacts(job.trace.dir, files);
    out.claim = agentClaim(trace, facts.end);
    const warnings = sideEffectWarnings({
      // The end's list is read only when there is a start's to compare it with (most traces have none).
      installedBefore: facts.installedBefore, installedAfter: facts.installedBefore ? trace.installedApps : undefined, settingsBefore: facts.settingsBefore, settingsAfter: facts.settingsAfter,
      items: gt.states.flatMap((s) => s.ess.items), activities: gt.states.map((s) => s.activity), appPackages: this.settings.appPackages,
    });
    if (warnings.length) out.sideEffects = warnings;
    out.essential?.problems.push(...facts.problems);
  }
}
