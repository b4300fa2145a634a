import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { JobInfo, JobKind, JobProgress } from '../../shared/contract';
import type { EventListener } from './types';
import { AppError, errorBody } from './errors';

/** The one progress shape every long job reports through (core services, CLI bars, worker pools). */
export type ProgressFn = (done: number, total: number, detail?: { phase?: string; message?: string }) => void;

/** What a job's work gets: its id, a signal that aborts on cancel, and the progress reporter. */
export interface JobContext {
  readonly jobId: string;
  readonly signal: AbortSignal;
  readonly progress: ProgressFn;
}

interface Running {
  info: JobInfo;
  ctl: AbortController;
  lastSent: number;
  lastTotal: number;
}

/**
 * Jobs of these kinds wait for a device or a person, not the CPU (a run of hours, a recording): they
 * start at once and hold no slot, so a long run never keeps an evaluation waiting.
 */
const UNQUEUED: ReadonlySet<JobKind> = new Set(['run', 'record']);

/** CPU-bound jobs running at once by default: one per core, at least 2, at most 4. */
export const DEFAULT_JOB_CONCURRENCY = Math.min(4, Math.max(2, availableParallelism()));
/** Jobs that may wait for a slot; one more is refused (back-pressure), saying how many are ahead. */
export const DEFAULT_MAX_QUEUED = 32;

/** Progress events per job are at most about this many over the job's life (each crosses IPC or a WebSocket). */
const MAX_EVENTS_PER_JOB = 200;
const JOB_ID = /^[\w.:-]{1,80}$/;

/**
 * Runs long work as jobs: an id (the client's, or a new one), throttled
 * `job:progress` events, one `job:done`, cancellation by id, and a list of
 * running jobs for clients that re-attach. CPU-bound jobs run at most
 * `concurrency` at once; the others wait in order (reported with phase
 * `queued`), and past `maxQueued` waiting a new one is refused: 12 evaluations
 * started together used to share the thread and memory until the server no
 * longer answered.
 */
export class JobService {
  private readonly running = new Map<string, Running>();
  private active = 0;
  private readonly waiting: { r: Running; start: () => void }[] = [];
  private readonly concurrency: number;
  private readonly maxQueued: number;

  constructor(private readonly emit: EventListener, opts: { concurrency?: number; maxQueued?: number } = {}) {
    this.concurrency = Math.max(1, opts.concurrency ?? DEFAULT_JOB_CONCURRENCY);
    this.maxQueued = Math.max(0, opts.maxQueued ?? DEFAULT_MAX_QUEUED);
  }

  /**
   * Runs `work` as a job of `kind`. Resolves with its result; rejects with
   * AppError('cancelled') when `job:cancel` stopped it, or with its own error.
   */
  async run<T>(kind: JobKind, opts: { jobId?: string | undefined; label: string }, work: (job: JobContext) => Promise<T>): Promise<T> {
    const jobId = this.newId(opts.jobId);
    const queued = !UNQUEUED.has(kind);
    if (queued && this.active >= this.concurrency && this.waiting.length >= this.maxQueued) {
      throw new AppError('conflict', `${opts.label}: ${this.active} jobs are running and ${this.waiting.length} are waiting, the most this app queues. Wait for one to finish or cancel one (job:list shows them), then start it again.`);
    }
    const ctl = new AbortController();
    const r: Running = { info: { jobId, kind, label: opts.label, startedAt: new Date().toISOString(), done: 0, total: 0 }, ctl, lastSent: -1, lastTotal: -1 };
    this.running.set(jobId, r);
    const progress: ProgressFn = (done, total, detail) => this.report(r, { done, total, ...detail });
    let holds = false;
    try {
      if (queued) {
        await this.slot(r);
        holds = true;
      }
      const value = await work({ jobId, signal: ctl.signal, progress });
      if (ctl.signal.aborted) throw new AppError('cancelled', `${opts.label}: cancelled.`);
      this.emit('job:done', { jobId, kind, ok: true });
      return value;
    } catch (err) {
      const e = ctl.signal.aborted && !(err instanceof AppError && err.code === 'cancelled')
        ? new AppError('cancelled', `${opts.label}: cancelled; nothing was changed.`, { cause: err })
        : err;
      this.emit('job:done', { jobId, kind, ok: false, error: errorBody(e) });
      throw e;
    } finally {
      this.running.delete(jobId);
      if (holds) this.release();
    }
  }

  /** Resolves when `r` may start (at once when a slot is free); rejects when it is cancelled while waiting. */
  private slot(r: Running): Promise<void> {
    if (this.active < this.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const entry = {
        r,
        start: () => {
          r.ctl.signal.removeEventListener('abort', onAbort);
          // The work reports its own phases from here on.
          delete r.info.phase;
          delete r.info.message;
          resolve();
        },
      };
      const onAbort = (): void => {
        const i = this.waiting.indexOf(entry);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(new AppError('cancelled', `${r.info.label}: cancelled before it started.`));
      };
      r.ctl.signal.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
      this.report(r, { done: 0, total: 0, phase: 'queued', message: `Waiting for ${this.active} running job${this.active === 1 ? '' : 's'} (${this.waiting.length - 1} ahead in the queue).` });
    });
  }

  /** A job ended: its slot goes to the oldest waiting one. */
  private release(): void {
    const next = this.waiting.shift();
    if (next) next.start();
    else this.active--;
  }

  /** Cancels the job with this id; false when none is running under it. */
  cancel(jobId: string): boolean {
    const r = this.running.get(jobId);
    if (!r) return false;
    r.ctl.abort(new AppError('cancelled', `${r.info.label}: cancelled.`));
    return true;
  }

  /** The running jobs, oldest first, with their last progress. */
  list(): JobInfo[] {
    return [...this.running.values()].map((r) => ({ ...r.info }));
  }

  private newId(requested: string | undefined): string {
    if (requested === undefined) return randomUUID();
    if (typeof requested !== 'string' || !JOB_ID.test(requested)) {
      throw new AppError('bad-request', `Job id ${JSON.stringify(requested)} is not valid: use 1-80 letters, digits, '.', ':', '_' or '-'.`);
    }
    if (this.running.has(requested)) throw new AppError('bad-request', `A job with id ${requested} is already running; pick a new id.`);
    return requested;
  }

  private report(r: Running, p: JobProgress): void {
    const newPhase = p.phase !== undefined && p.phase !== r.info.phase;
    Object.assign(r.info, p);
    // Throttle: a new total or phase, the end, and steps of about 1/200 of the total always go out.
    const step = Math.max(1, p.total / MAX_EVENTS_PER_JOB);
    const due = newPhase || p.total !== r.lastTotal || p.done >= p.total || p.done - r.lastSent >= step || p.done < r.lastSent;
    if (!due) return;
    r.lastSent = p.done;
    r.lastTotal = p.total;
    this.emit('job:progress', { jobId: r.info.jobId, kind: r.info.kind, ...p });
  }
}
