/** The run domain: agents on dataset tasks over devices, and the demo dataset. */
import type { Call, NameSet } from './common';
import type { JobArgs } from './dataset';

/** What `run:start` runs: tasks x agents x repeats over devices (see `touchstone run`). */
export interface RunRequest extends JobArgs {
  datasetId: string;
  /** Episode ids, or 'all'. */
  tasks: string[] | 'all';
  /** Agent names: replay, noop, random, and any registered agent. */
  agents: string[];
  /** Serials, or 'all' usable devices. */
  devices: string[] | 'all';
  repeat?: number;
  maxSteps?: number;
  /** Continue unfinished episodes in the output folder instead of starting them again. */
  resume?: boolean;
}

/** One episode of a run as the UI lists it. */
export interface RunEpisodeSummary {
  episode: string;
  agent: string;
  repeat: number;
  device: string;
  outcome: string;
  steps: number;
  /** The evaluator's verdict, when the task is annotated. */
  completed?: boolean;
  reason?: string;
  /** Trace folder relative to the dataset root. */
  trace: string;
}

export interface RunSummary {
  /** Output folder relative to the dataset root (`runs/<time>`). */
  out: string;
  planned: number;
  episodes: RunEpisodeSummary[];
  lostDevices: { serial: string; reason: string }[];
}

export interface RunCalls {
  /** Runs agents as a job of kind 'run' (progress: episodes); traces go to `<dataset>/runs/<time>/`. */
  'run:start': Call<RunRequest, RunSummary>;
  /**
   * The demo dataset's folder: generated on first use (a job of kind 'demo', progress: tasks
   * recorded, then agent episodes) by running the virtual phone through the capture path.
   * The client then opens it with `dataset:open`.
   */
  'run:demoDataset': Call<JobArgs, { path: string; created: boolean }>;
}

export interface RunEvents {}

export const RUN_CALLS: NameSet<RunCalls> = { 'run:start': true, 'run:demoDataset': true };
export const RUN_EVENTS: NameSet<RunEvents> = {};
