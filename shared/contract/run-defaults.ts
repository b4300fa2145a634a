/**
 * A run's defaults and limits, apart from the run contract: `touchstone run` and the evaluator read
 * these at start, and the contract's schemas (zod) are not loaded there.
 */

/**
 * Every default of a run, whichever way it starts (`touchstone run`, `run:start`, the agent host, the
 * demo): electron/core/runner/start-run.ts applies them, the CLI's help and the run form show them.
 */
export const RUN_DEFAULTS = {
  repeat: 1,
  maxSteps: 20,
  /** Longest wait for one agent decision. */
  stepTimeoutMs: 120_000,
  episodeTimeoutMs: 900_000,
  /** Base seed of the agents with randomness (each episode's seed mixes in its id and repeat). */
  seed: 1,
  /** Where traces go, relative to the working folder (the CLI and the agent host; the run view writes into the dataset). */
  out: 'runs',
  /** Replay each task's own recording before the batch and quarantine those that no longer complete (startRun; `touchstone run --canary`). */
  canary: false,
  /** The run form's Canary box starts ticked: a run from the UI checks its tasks first. */
  canaryInRunView: true,
  /** Tasks the canary replays: 0 = every task; `--canary-sample N` replays N of them, chosen by the run's seed (the rest run unchecked). */
  canarySample: 0,
} as const;

/**
 * Most configurations `run:configs` lists (named ones, and chosen ones): a file may name 100,000; the counts
 * say how many there are, and a run uses them all.
 */
export const RUN_CONFIGS_SHOWN = 500;

/** A run view run's default output folder, relative to the dataset: `runs/<ISO time with : and . as ->`. */
export function runOutFolder(now: Date = new Date()): string {
  return `runs/${now.toISOString().replace(/[:.]/g, '-')}`;
}

/** Where a recording's first screen comes from (`run:recordStart`'s `startFrom`), with the words the record form shows. */
export const RECORD_START_FROM = {
  current: 'the screen it shows now',
  home: 'HOME',
  reset: "the task's reset (as a run: touchstone-tasks.json, else clear the app; then HOME)",
} as const;
export type RecordStartFrom = keyof typeof RECORD_START_FROM;
