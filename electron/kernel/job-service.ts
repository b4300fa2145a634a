import { randomUUID } from 'node:crypto';
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

/** Progress events per job are at most about this many over the job's life (each crosses IPC or a WebSocket). */
const MAX_EVENTS_PER_JOB = 200;
const JOB_ID = /^[\w.:-]{1,80}$/;

/**
 * Runs long work as jobs: an id (the client's, or a new one), throttled
 * `job:progress` events, one `job:done`, cancellation by id, and a list of
 * running jobs for clients that re-attach.
 */
export class JobService {
  private readonly running = new Map<string, Running>();

  constructor(private readonly emit: EventListener) {}

  /**
   * Runs `work` as a job of `kind`. Resolves with its result; rejects with
   * AppError('cancelled') when `job:cancel` stopped it, or with its own error.
   */
  async run<T>(kind: JobKind, opts: { jobId?: string | undefined; label: string }, work: (job: JobContext) => Promise<T>): Promise<T> {
    const jobId = this.newId(opts.jobId);
    const ctl = new AbortController();
    const r: Running = { info: { jobId, kind, label: opts.label, startedAt: new Date().toISOString(), done: 0, total: 0 }, ctl, lastSent: -1, lastTotal: -1 };
    this.running.set(jobId, r);
    const progress: ProgressFn = (done, total, detail) => this.report(r, { done, total, ...detail });
    try {
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
    }
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
