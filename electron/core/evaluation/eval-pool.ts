import type { Worker } from 'node:worker_threads';
import path from 'node:path';
import { ResultCache, evaluateCached } from './result-cache';
import { EpisodeEvaluator, type EpisodeOutcome, type EvalJob, type EvalSettings } from './episode-evaluator';
import type { EmbeddingLookup } from './essential-session';
import { lazyLookup, type LazyEmbedder } from './embedding-provider';
import type { FromWorker, ToWorker } from './pool-messages';
import { workerPool, type WorkerPool } from './worker-pool';
import { ConfinedFiles } from '../../platform/confined-read';

export { workerEntry } from './worker-pool';

/** How to run a batch of jobs. */
export interface PoolOptions {
  /**
   * Episodes evaluated in parallel: 1 = in-process (no threads); N > 1 = the calling thread and N - 1
   * worker threads (see `mainLane`).
   */
  jobs: number;
  /**
   * With jobs > 1, the calling thread evaluates too, as one of the N (default true): it starts at once
   * while the workers load, and one thread fewer is started. It yields between episodes, as the
   * in-process mode does. false: N worker threads, the calling thread only dispatches.
   */
  mainLane?: boolean;
  settings: EvalSettings;
  /** The run's embedder (created on first fuzzy item). */
  embedder?: LazyEmbedder;
  /** In-process only: a ready lookup instead of `embedder` (tests use a deterministic one). */
  lookup?: EmbeddingLookup;
  signal?: AbortSignal;
  /** Filled in by the run: texts the fuzzy matchers needed, summed over threads (before de-duplication). */
  stats?: { textsSeen: number };
  /** Called after each episode, in completion order. */
  onResult?(outcome: EpisodeOutcome, done: number, total: number): void;
  /**
   * Persistent caches (results of unchanged episodes under `results/`; the embedder keeps its own).
   * Ignored with `lookup` (a test embedder has no stable identity).
   */
  cacheDir?: string;
  /** false: outcomes are only passed to onResult, not kept (memory stays flat); runJobs resolves with []. */
  keep?: boolean;
  /** Where worker threads come from and go back to (default: the process's `workerPool`). */
  pool?: WorkerPool;
}

/** Episodes evaluated concurrently per thread (I/O overlap). */
const IN_FLIGHT = 4;

function aborted(signal?: AbortSignal): Error {
  return signal?.reason instanceof Error ? signal.reason : new DOMException('Evaluation cancelled.', 'AbortError');
}

/**
 * Evaluates jobs in-process or on worker threads; resolves with outcomes in job order (or [] with
 * `keep: false`). With `cacheDir`, episodes whose inputs and settings are unchanged since a previous
 * run are answered from the result cache without starting any worker.
 */
export async function runJobs(jobs: readonly EvalJob[], opts: PoolOptions): Promise<EpisodeOutcome[]> {
  const keep = opts.keep ?? true;
  const out = keep ? new Array<EpisodeOutcome>(jobs.length) : [];
  let done = 0;
  const finish = (i: number, o: EpisodeOutcome): void => {
    if (keep) out[i] = o;
    done++;
    opts.onResult?.(o, done, jobs.length);
  };
  const cacheSpec = opts.cacheDir && !opts.lookup ? { dir: path.join(opts.cacheDir, 'results'), embedder: opts.embedder?.spec ?? 'none' } : undefined;
  const cache = cacheSpec ? new ResultCache(cacheSpec.dir, opts.settings, cacheSpec.embedder) : undefined;
  const todo: number[] = [];
  for (let i = 0; i < jobs.length; i++) {
    // Only an episode with a stored result is fingerprinted here; the others are fingerprinted by
    // whoever evaluates them (a worker, in parallel), just before reading their files.
    const hit = cache?.lookup(jobs[i]!);
    if (hit) finish(i, hit);
    else todo.push(i);
  }
  const sub = todo.map((i) => jobs[i]!);
  // Loading a sentence model takes seconds: start it now, alongside the first episodes, when an
  // episode to evaluate has a fuzzy item (a glance at its .ess files), instead of at the first fuzzy check.
  if (opts.embedder && !opts.lookup && sub.some(hasFuzzyItem)) void opts.embedder.get().catch(() => undefined);
  const finishSub = (k: number, o: EpisodeOutcome): void => finish(todo[k]!, o);
  try {
    if (!sub.length) return out;
    if (opts.jobs <= 1 || sub.length <= 1) await runInProcess(sub, opts, finishSub, cache);
    else await runOnWorkers(sub, opts, finishSub, cache && cacheSpec ? { ...cacheSpec, store: cache } : undefined);
    return out;
  } finally {
    // Results evaluated before a cancellation or an error are kept too.
    cache?.close();
    // Workers started ahead (prestart) but not needed, e.g. every episode was cached, end with the run.
    await (opts.pool ?? workerPool).trim();
    await opts.embedder?.flush();
  }
}

/** True when an episode folder holds an `.ess` with a `fuzzy<n>` / `fuzzy<-1>` item (read errors: false). */
function hasFuzzyItem(job: EvalJob): boolean {
  try {
    const dir = path.join(job.datasetRoot, job.relPath);
    const files = ConfinedFiles.of(job.confine, job.datasetRoot);
    return files.list(dir).some((f) => f.endsWith('.ess') && /fuzzy<(?!-2>)/.test(files.text(path.join(dir, f)) ?? ''));
  } catch {
    return false;
  }
}

async function runInProcess(jobs: readonly EvalJob[], opts: PoolOptions, finish: (i: number, o: EpisodeOutcome) => void, cache?: ResultCache): Promise<void> {
  const lookup = opts.lookup ?? (opts.embedder ? lazyLookup(opts.embedder) : undefined);
  const ev = new EpisodeEvaluator(opts.settings, lookup);
  let next = 0;
  // A few episodes in flight overlap file I/O with matching; the matching itself stays sequential.
  const lane = async (): Promise<void> => {
    while (next < jobs.length) {
      if (opts.signal?.aborted) throw aborted(opts.signal);
      const i = next++;
      finish(i, await evaluateCached(ev, jobs[i]!, cache));
      // Reading is synchronous now: give the event loop a turn (signals, cancellation, progress output).
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, jobs.length) }, lane));
  if (opts.signal?.aborted) throw aborted(opts.signal);
}

/** The run's result cache: workers fingerprint what they evaluate, this thread stores it. */
interface WorkerCache { dir: string; embedder: string; store: ResultCache }

function runOnWorkers(jobs: readonly EvalJob[], opts: PoolOptions, finish: (i: number, o: EpisodeOutcome) => void, cache?: WorkerCache): Promise<void> {
  const pool = opts.pool ?? workerPool;
  const main = opts.mainLane ?? true;
  const count = Math.min(opts.jobs, jobs.length) - (main ? 1 : 0);
  const workers: Worker[] = [];
  const seen = new Map<Worker, number>();
  const listeners = new Map<Worker, { message(m: FromWorker): void; error(err: Error): void }>();
  let next = 0;
  let remaining = jobs.length;
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const stop = (err?: Error): void => {
      if (settled) return;
      settled = true;
      opts.signal?.removeEventListener('abort', onAbort);
      // Normal end: workers go back to the pool (which stops them unless it keeps them between runs);
      // cancellation terminates them at once (they may be mid-episode).
      const ends = workers.map((w) => {
        const l = listeners.get(w)!;
        w.off('message', l.message);
        w.off('error', l.error);
        return err ? w.terminate().then(() => undefined) : pool.release(w);
      });
      Promise.all(ends).finally(() => (err ? reject(err) : resolve()));
    };
    const onAbort = (): void => stop(aborted(opts.signal));
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    if (opts.signal?.aborted) return onAbort();
    const spawn = (): void => {
      const w = pool.take();
      const current = new Set<number>();
      const dispatch = (): void => {
        if (settled || next >= jobs.length) return;
        const i = next++;
        current.add(i);
        w.postMessage({ type: 'job', id: i, job: jobs[i]! } satisfies ToWorker);
      };
      const complete = (i: number, o: EpisodeOutcome): void => {
        current.delete(i);
        finish(i, o);
        if (--remaining === 0) stop();
        else dispatch();
      };
      const message = (m: FromWorker): void => {
        if (settled && m.type !== 'embed') return; // cancelled: results still in flight are dropped
        if (m.type === 'result') {
          seen.set(w, m.textsSeen);
          if (opts.stats) opts.stats.textsSeen = [...seen.values()].reduce((a, b) => a + b, 0);
          cache?.store.put(jobs[m.id]!, m.fp, m.outcome);
          complete(m.id, m.outcome);
        }
        else if (m.type === 'failed') complete(m.id, failedOutcome(jobs[m.id]!, m.message));
        else if (m.type === 'embed') void answerEmbed(w, m.reqId, m.texts, opts.embedder);
      };
      const error = (err: Error): void => {
        // A crashed worker fails only its current episode; a fresh worker takes over the queue.
        if (settled) return;
        workers.splice(workers.indexOf(w), 1);
        for (const i of current) { finish(i, failedOutcome(jobs[i]!, `worker crashed: ${err.message}`)); remaining--; }
        if (remaining === 0) stop(); else spawn();
      };
      w.on('message', message);
      w.on('error', error);
      listeners.set(w, { message, error });
      workers.push(w);
      w.postMessage({ type: 'init', settings: opts.settings, embeddings: Boolean(opts.embedder), embedder: opts.embedder?.identity(), cache: cache ? { dir: cache.dir, embedder: cache.embedder } : undefined } satisfies ToWorker);
      for (let k = 0; k < IN_FLIGHT; k++) dispatch();
    };
    for (let i = 0; i < count; i++) spawn();
    if (main) {
      // The calling thread's lane takes episodes from the same queue as the workers.
      const ev = new EpisodeEvaluator(opts.settings, opts.embedder ? lazyLookup(opts.embedder) : undefined);
      void (async () => {
        while (!settled && next < jobs.length) {
          const i = next++;
          const o = await evaluateCached(ev, jobs[i]!, cache?.store);
          if (settled) return;
          finish(i, o);
          if (--remaining === 0) return stop();
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
      })().catch((err: unknown) => stop(err instanceof Error ? err : new Error(String(err))));
    }
  });
}

async function answerEmbed(w: Worker, reqId: number, texts: string[], lazy?: LazyEmbedder): Promise<void> {
  try {
    const e = await lazy?.get();
    if (!e) throw new Error('no sentence embedder is configured (--embedder none)');
    await e.prepare(texts);
    w.postMessage({ type: 'embedded', reqId, vectors: texts.map((t) => e.vector(t)), threshold: e.defaultThreshold, id: e.id } satisfies ToWorker);
  } catch (err) {
    w.postMessage({ type: 'embedded', reqId, error: (err as Error).message } satisfies ToWorker);
  }
}

function failedOutcome(job: EvalJob, message: string): EpisodeOutcome {
  return { episode: job.episode, category: job.category, nsteps: job.nsteps, traceDir: job.trace.dir, layout: job.trace.layout, error: message };
}
