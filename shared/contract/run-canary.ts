/**
 * The run canary's result (`touchstone run --canary`, the run form's "Canary" box): before a batch each
 * task's own recording is replayed on each device kind of the pool and evaluated; tasks whose recording
 * no longer completes are quarantined, with the step where the replay parted from the recording.
 */

/** One task replayed on one device kind. */
export interface CanaryCheck {
  episode: string;
  /** The device kind (model, API level, screen size, connection) it was replayed on. */
  kind: string;
  device: string;
  /** The replay episode's outcome (finished, error, interrupted...). */
  outcome: string;
  /** The evaluator's verdict on the replay, when the task is annotated. */
  completed?: boolean;
  /** The recording still completes on this kind: finished, judged completed (or, unannotated, no divergence). */
  passed: boolean;
  /** The first step where the replay no longer showed the recorded screen. */
  divergence?: { step: number; reason: string; similarity?: number };
  /** Why it did not pass (one sentence), when it did not. */
  why?: string;
  /** The replay's trace folder (absolute in the core; relative to the dataset in `run:start`'s summary). */
  trace: string;
  /** The recorded and the replayed screenshot at the divergence step (paths in the core; URLs in the run view). */
  screens?: { recorded: string; replayed: string };
}

/** A task the batch leaves out because its recording no longer completes. */
export interface CanaryQuarantine { episode: string; why: string; step?: number; kinds: string[] }

export interface CanaryResult {
  /** Device kinds of the pool the canary replayed on. */
  kinds: string[];
  checked: CanaryCheck[];
  quarantined: CanaryQuarantine[];
  /** Tasks not replayed (outside `--canary-sample`): they run unchecked. */
  unchecked: string[];
  /** The canary's report (screens side by side), and its JSON, as files (relative to the dataset in the run view). */
  report: string;
  json: string;
}
