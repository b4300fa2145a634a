// The evaluator's worker threads, kept for the process: a run takes started workers (or starts new
// ones) and gives them back when it ends. The CLI stops them after its run (default); serve/desktop
// mode keeps them between evaluations (`keepBetweenRuns`), so an evaluation does not load the bundle
// and compile the hot code again, and an idle worker exits after a timeout.
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { ToWorker } from './pool-messages';

/** The worker entry next to this module: TS source under tsx/vitest, bundled .mjs in dist/. */
export function workerEntry(): { url: URL; ts: boolean } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return { url: new URL('./eval.worker.ts', here), ts: true };
  // Bundled: dist/cli.mjs (or dist/core/...); scripts/build.mjs writes dist/core/evaluation/eval.worker.mjs.
  const url = here.includes('/core/evaluation/') ? new URL('./eval.worker.mjs', here) : new URL('./core/evaluation/eval.worker.mjs', here);
  return { url, ts: false };
}

/** Starts a worker on the entry; a TS entry gets tsx's loader registered first (source checkouts, vitest). */
function startWorker(entry: { url: URL; ts: boolean }): Worker {
  if (!entry.ts) return new Worker(entry.url);
  const api = createRequire(import.meta.url).resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(pathToFileURL(api.replace(/index\.cjs$/, 'index.mjs')).href)}).then((m) => { m.register(); return import(${JSON.stringify(entry.url.href)}); });`;
  return new Worker(boot, { eval: true });
}

/**
 * Asks a worker to end by itself (native resources are released cleanly); resolves when it has. The
 * worker is ref'd first: an idle one is unref'd, and a process with nothing else to do would
 * otherwise exit while awaiting it (a `touchstone eval --cache` whose episodes were all cached ended
 * silently, before its summary and report files, while the prestarted worker was still loading).
 */
function stopWorker(w: Worker): Promise<void> {
  return new Promise<void>((resolve) => {
    w.ref();
    w.once('exit', () => resolve());
    w.postMessage({ type: 'stop' } satisfies ToWorker);
  });
}

/** Idle evaluator workers of this process. */
export class WorkerPool {
  private readonly idle: Worker[] = [];
  private readonly timers = new Map<Worker, NodeJS.Timeout>();
  private keepMs = 0;
  /** Workers started by this pool so far (tests and the bench read it). */
  started = 0;

  constructor(private readonly entry: () => { url: URL; ts: boolean } = workerEntry) {}

  /** Keep workers this long after a run (0: stop them when the run ends, the CLI's default). */
  keepBetweenRuns(ms: number): void {
    this.keepMs = Math.max(0, ms);
    if (!this.keepMs) void this.trim();
  }

  /** Workers waiting for a run. */
  get idleCount(): number {
    return this.idle.length;
  }

  /** Starts workers until `n` are idle: the CLI calls it before reading the corpus, so they load meanwhile. */
  prestart(n: number): void {
    while (this.idle.length < n) this.park(this.spawn());
  }

  /** An idle worker, or a new one. */
  take(): Worker {
    const w = this.idle.pop();
    if (!w) return this.spawn();
    clearTimeout(this.timers.get(w));
    this.timers.delete(w);
    w.ref();
    return w;
  }

  /** Gives back a worker after a run (its run's listeners removed); it is stopped unless workers are kept. */
  release(w: Worker): Promise<void> {
    if (!this.keepMs) return stopWorker(w);
    this.park(w);
    return Promise.resolve();
  }

  /** Stops every idle worker unless workers are kept between runs (`all`: even then). */
  async trim(all = false): Promise<void> {
    if (this.keepMs && !all) return;
    const ws = this.idle.splice(0);
    for (const w of ws) { clearTimeout(this.timers.get(w)); this.timers.delete(w); }
    await Promise.all(ws.map(stopWorker));
  }

  private spawn(): Worker {
    const w = startWorker(this.entry());
    this.started++;
    // Errors while idle (during a run the run's own listener handles them): the worker is dropped.
    w.on('error', () => this.forget(w));
    w.on('exit', () => this.forget(w));
    return w;
  }

  /** Idle: unref'd (an idle worker never keeps the process alive); when workers are kept, it exits after keepMs. */
  private park(w: Worker): void {
    this.idle.push(w);
    w.unref();
    if (this.keepMs) {
      this.timers.set(w, setTimeout(() => { this.forget(w); void stopWorker(w); }, this.keepMs).unref());
    }
  }

  private forget(w: Worker): void {
    const i = this.idle.indexOf(w);
    if (i >= 0) this.idle.splice(i, 1);
    clearTimeout(this.timers.get(w));
    this.timers.delete(w);
  }
}

/** The process's pool (serve/desktop: `workerPool.keepBetweenRuns(60_000)`). */
export const workerPool = new WorkerPool();
