import type { EmbedderSpec } from '../evaluation/embedding-provider';
import type { EpisodeVerdict } from './episode-record';
import { TraceJudge } from './judge-trace';
import type { RunTask } from './run-tasks';

/**
 * Evaluates finished traces one at a time (the evaluator's caches are not
 * shared across concurrent calls, and the devices keep running meanwhile).
 */
export class JudgeQueue {
  private readonly judgeImpl: TraceJudge;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(embedder: EmbedderSpec) { this.judgeImpl = new TraceJudge(embedder); }

  judge(task: RunTask, traceDir: string): Promise<EpisodeVerdict> {
    const p = this.tail.then(() => this.judgeImpl.judge({ datasetRoot: task.datasetRoot, relPath: task.path, episode: task.episode, category: task.category, nsteps: task.nsteps }, traceDir));
    this.tail = p.catch(() => undefined);
    return p.catch((err: Error) => ({ method: 'essential' as const, completed: false, reason: `Evaluation failed: ${err.message}`, matched: 0, total: 0 }));
  }
}
