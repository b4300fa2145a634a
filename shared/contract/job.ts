/**
 * The job domain: every long-running piece of work (opening or checking a
 * dataset, evaluating traces, running agents, OCR of a dataset) is a job with an
 * id the client chooses, throttled progress events, one `job:done` event, and
 * cancellation by id. A reloaded UI finds running jobs again with `job:list`.
 */
import { z } from 'zod';
import { type ArgsOf } from './arg-schema';
import type { Call } from './common';

/** The kinds of work that run as jobs (a new long-running feature adds its kind here). */
export type JobKind = 'dataset:open' | 'dataset:check' | 'evaluation' | 'run' | 'ocr' | 'record' | 'demo' | 'dataset:audit';

/** Where a job is: `done` of `total` units (episodes, steps), in an optional named phase. */
export interface JobProgress {
  done: number;
  total: number;
  /** A short name of the current phase, e.g. 'index', 'episodes', 'writing'. */
  phase?: string;
  /** One human sentence about the current unit, e.g. the episode being read. */
  message?: string;
}

/** A running job as `job:list` reports it. */
export interface JobInfo extends JobProgress {
  jobId: string;
  kind: JobKind;
  /** What the job works on, for people: a folder, a dataset name, a run name. */
  label: string;
  /** ISO-8601 start time. */
  startedAt: string;
}

/** Argument schemas of the job calls (dispatch checks every call against its schema). */
export const JOB_ARGS = {
  'job:list': z.object({}),
  'job:cancel': z.object({ jobId: z.string() }),
};
type A = ArgsOf<typeof JOB_ARGS>;

export interface JobCalls {
  /** The jobs still running, oldest first (for a UI re-attaching after a reload). */
  'job:list': Call<A['job:list'], JobInfo[]>;
  /**
   * Cancels one job by id; the call that started it fails with code 'cancelled'.
   * `cancelled` is false when no job with that id is running (it may have ended).
   */
  'job:cancel': Call<A['job:cancel'], { cancelled: boolean }>;
}

export interface JobEvents {
  /** Progress of one job; throttled per job (a new total and the last report always go out). */
  'job:progress': { jobId: string; kind: JobKind } & JobProgress;
  /** A job ended: `ok` with no error, or failed / was cancelled with the error's message and code. */
  'job:done': { jobId: string; kind: JobKind; ok: boolean; error?: { message: string; code: string } };
}

