/** The run domain: agents on dataset tasks over devices, and the demo dataset. */
import { z } from 'zod';
import { datasetId, jobArgsShape, pathField, type ArgsOf } from './arg-schema';
import type { Call } from './common';
import { deviceInput } from './device';
import type { ExecAction } from '../model';
import type { AgentInfo } from '../kinds/agents';
import type { CanaryResult } from './run-canary';
import { RUN_RECENT_ARGS, type RunRecentCalls } from './run-recent';
import type { StepConversation } from '../kinds/agents/step-conversation';

export type { CanaryCheck, CanaryQuarantine, CanaryResult } from './run-canary';
export { RECENT_RUNS_SHOWN, type RecentRun, type RecentRunColumn } from './run-recent';

import { RECORD_START_FROM, type RecordStartFrom } from './run-defaults';
export { RECORD_START_FROM, RUN_CONFIGS_SHOWN, RUN_DEFAULTS, runOutFolder, type RecordStartFrom } from './run-defaults';

/** Which configurations of a configuration file a run uses: the named ones (all, or `names`), or a seeded split. */
export type RunConfigChoice = z.infer<typeof runConfigChoice>;
const runConfigChoice = z.object({
  /** The configuration file, relative to the dataset folder (or absolute, inside a folder opened here). */
  file: pathField('dataset'),
  /** Only these named configurations (default: all of them); ignored with `split`. */
  names: z.array(z.string()).optional(),
  /** A generated train / test split of the file's factor combinations (as `--config-split`). */
  split: z.enum(['train', 'test']).optional(),
  /** Seed of the split (default 0). */
  seed: z.number().optional(),
});

/** One device configuration as the run form shows it: its name, split and factors (unset factors are left out). */
export interface RunDeviceConfig { name: string; split?: 'train' | 'test'; factors: Record<string, string | number | boolean> }


/** A configuration file's contents for the run form. */
export interface RunConfigFile {
  file: string;
  /** The first RUN_CONFIGS_SHOWN named configurations. */
  configs: RunDeviceConfig[];
  /** How many configurations the file names. */
  configCount: number;
  /** Values per factor the split combines, when the file has them. */
  factors?: Record<string, unknown[]>;
  split: { train: number; test: number };
}

/** The per-factor breakdown a run with configurations ends with (`<out>/config-report.md` / `.json`). */
export interface RunConfigReport {
  /** The report as Markdown, and where the files are (relative to the dataset folder). */
  md: string; mdPath: string; jsonPath: string;
  /** Per configuration: episodes, evaluated, completed, rate (the breakdown's `configs`). */
  configs: Record<string, { episodes: number; evaluated: number; completed: number; rate: number | null; split?: string }>;
  notRestored: number;
}

/**
 * Reset methods: `task` as the dataset says (touchstone-tasks.json, else clear the task's app), `clear-app`
 * (clear the task's app data, ignoring touchstone-tasks.json), `home` (only HOME), `none` (nothing at all),
 * `snapshot` (load the named emulator snapshot; devices without an emulator console are refused).
 */
export type RunResetMethod = z.infer<typeof runResetMethod>;
const runResetMethod = z.enum(['task', 'clear-app', 'home', 'none', 'snapshot']);
export type RunReset = z.infer<typeof runReset>;
const runReset = z.object({ method: runResetMethod, snapshot: z.string().optional() });

/** What `run:start` runs: tasks x agents x repeats over devices (see `touchstone run`). */
export type RunRequest = z.infer<typeof runRequest>;
const runRequest = z.object({
  ...jobArgsShape,
  datasetId: datasetId(),
  /** Episode ids, or 'all'. */
  tasks: z.union([z.array(z.string()), z.literal('all')]),
  /** Agent names: replay, noop, random, and any registered agent. */
  agents: z.array(z.string()).min(1),
  /** Serials, or 'all' usable devices. */
  devices: z.union([z.array(z.string()), z.literal('all')]),
  /** Defaults of these and the rest: RUN_DEFAULTS. */
  repeat: z.int().min(1).optional(),
  maxSteps: z.int().min(1).optional(),
  stepTimeoutMs: z.number().positive().optional(),
  episodeTimeoutMs: z.number().positive().optional(),
  /** Base seed of the agents with randomness (`touchstone run --seed`). */
  seed: z.number().optional(),
  /** Continue unfinished episodes in the output folder instead of starting them again. */
  resume: z.boolean().optional(),
  /**
   * Agent settings as `touchstone run --agent-opt` takes them (`key` for every agent, `agent.key` for one,
   * e.g. `llm.model`). Never a secret: keys whose name says key/token/secret/password are refused here.
   */
  agentSettings: z.record(z.string(), z.string()).optional(),
  /** Secret settings by the name of a stored key (`run:secretSet`), e.g. `{ "llm.api_key": "openai" }`: the core fills in the value. */
  secretSettings: z.record(z.string(), z.string()).optional(),
  /** How each device is brought to a task's start (default `task`). */
  reset: runReset.optional(),
  /** Device configurations (B-MoCA): every task runs under each chosen configuration (docs/device-configs.md). */
  configs: runConfigChoice.optional(),
  /** Replay each task's recording first and leave out those that no longer complete (`touchstone run --canary`; default RUN_DEFAULTS.canary). */
  canary: z.boolean().optional(),
  /** Tasks the canary replays, chosen by the seed (`--canary-sample N`; default all). */
  canarySample: z.int().min(1).optional(),
  /** Output folder inside the dataset, relative to it (default `runs/<timestamp>`: runOutFolder). */
  out: pathField('dataset').optional(),
});

/** Tokens and cost of LLM-backed agents (cost only when prices were given: `price_in`/`price_out`, USD per 1M tokens). */
export interface RunUsage { requests: number; tokensIn: number; tokensOut: number; costUsd?: number }

/** A stored API key as the UI sees it: never the key itself. */
export interface SecretInfo { name: string; set: true; last4?: string }

/** Where keys are kept: `safeStorage` (desktop, encrypted by the OS keyring), `file` (a 0600 file, plain), `memory` (until the app quits). */
export interface SecretList { storage: 'safeStorage' | 'file' | 'memory'; where: string; secrets: SecretInfo[] }

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
  /** Tokens and cost of the episode (LLM-backed agents). */
  usage?: RunUsage;
  /** The device configuration it ran under, and whether the device was restored afterwards. */
  config?: string;
  configRestored?: boolean;
}

export interface RunSummary {
  /** Output folder relative to the dataset root (`runs/<time>`). */
  out: string;
  planned: number;
  episodes: RunEpisodeSummary[];
  lostDevices: { serial: string; reason: string }[];
  /** The per-factor breakdown, when the run used configurations. */
  configReport?: RunConfigReport;
  /** The canary, when the run had one: paths relative to the dataset, screens as URLs. */
  canary?: CanaryResult;
}

/** Argument schemas of the run calls (dispatch checks every call against its schema). */
export const RUN_ARGS = {
  'run:agents': z.object({}),
  'run:start': runRequest,
  'run:secrets': z.object({}),
  'run:secretSet': z.object({ name: z.string(), value: z.string() }),
  'run:secretDelete': z.object({ name: z.string() }),
  'run:demoDataset': z.object(jobArgsShape),
  'run:configFiles': z.object({ datasetId: datasetId() }),
  'run:configs': z.object({ datasetId: datasetId(), choice: runConfigChoice }),
  'run:configReport': z.object({ jobId: z.string() }),
  'run:live': z.object({ jobId: z.string() }),
  'run:cancelEpisode': z.object({ jobId: z.string(), device: z.string() }),
  /** The user names a recording before it starts: task id (`episode`), instruction (`description`) and app are required (checked by the core, with its messages). */
  'run:recordStart': z.object({
    datasetId: datasetId(), device: z.string().min(1), description: z.string(), episode: z.string(), app: z.string(), category: z.string().optional(),
    /** Where the first recorded screen comes from: the device as it is (default), after HOME, or after the task's reset as a run does it (RECORD_START_FROM). */
    startFrom: z.enum(Object.keys(RECORD_START_FROM) as [RecordStartFrom, ...RecordStartFrom[]]).optional(),
  }),
  'run:recordAct': z.object({ sessionId: z.string(), input: deviceInput }),
  'run:recordSave': z.object({ sessionId: z.string() }),
  'run:recordUndo': z.object({ sessionId: z.string() }),
  'run:recordDiscard': z.object({ sessionId: z.string() }),
  ...RUN_RECENT_ARGS,
};
type A = ArgsOf<typeof RUN_ARGS>;

export interface RunCalls extends RunCallsLive, RunRecentCalls {
  /** Every agent kind (shared/kinds/agents) with its settings described, for the run form. */
  'run:agents': Call<A['run:agents'], AgentInfo[]>;
  /** Runs agents as a job of kind 'run' (progress: episodes); traces go to `<dataset>/runs/<time>/`. */
  'run:start': Call<A['run:start'], RunSummary>;
  /** The stored API keys (names, never values) and where they are kept. */
  'run:secrets': Call<A['run:secrets'], SecretList>;
  /** Stores (or replaces) a key under a name; answers without the key. */
  'run:secretSet': Call<A['run:secretSet'], SecretInfo>;
  'run:secretDelete': Call<A['run:secretDelete'], boolean>;
  /**
   * The demo dataset's folder: generated on first use (a job of kind 'demo', progress: tasks
   * recorded, then agent episodes) by running the virtual phone through the capture path.
   * The client then opens it with `dataset:open`.
   */
  'run:demoDataset': Call<A['run:demoDataset'], { path: string; created: boolean }>;
  /** Lists the configuration files (`*.json` with `"format": "touchstone-configs/1"` or configs/factors) in the dataset folder. */
  'run:configFiles': Call<A['run:configFiles'], string[]>;
  /**
   * Reads and validates a configuration file; with `choice.split` also the generated configurations (the core's
   * messages on error). Lists at most RUN_CONFIGS_SHOWN of each; `configCount` / `chosenCount` give the totals.
   */
  'run:configs': Call<A['run:configs'], RunConfigFile & { chosen: RunDeviceConfig[]; chosenCount: number }>;
  /** The per-factor breakdown of a finished run with configurations (null when it had none or is unknown). */
  'run:configReport': Call<A['run:configReport'], RunConfigReport | null>;
}

/** One step of a live run, as it is committed to the trace. */
export interface RunStepEvent {
  jobId: string;
  device: string;
  episode: string;
  agent: string;
  repeat: number;
  step: number;
  /** The action as the trace records it (normalised coordinates), and in words. */
  action: ExecAction;
  description: string;
  /** The step's screenshot, served as a URL. */
  url: string;
  totalMs: number;
  agentMs: number;
  /** The device configuration the episode runs under. */
  config?: string;
  /** Tokens and cost of this episode so far, and of the whole run so far (LLM-backed agents only). */
  usage?: RunUsage;
  runUsage?: RunUsage;
  /** The step's exchange with its model (LLM-backed agents): prompt, image placeholders, reply, parsed action, tokens, latency, retries. */
  conversation?: StepConversation;
}

/** An episode of a live run ended (or was cancelled: its recorded steps are kept). */
export interface RunEpisodeEvent extends RunEpisodeSummary { jobId: string }

/** What a running (or just finished) run has shown so far, for a view that re-attaches after a reload. */
export interface RunLive {
  jobId: string;
  datasetId: string;
  out: string;
  planned: number;
  /** The last steps (up to 50) of each device, oldest first. */
  steps: RunStepEvent[];
  episodes: RunEpisodeSummary[];
  /** Episodes running now: device -> episode. */
  running: Record<string, string>;
  /** Tokens and cost of the run so far (LLM-backed agents only). */
  usage?: RunUsage;
  /** How an external agent attaches (the http / mcp agents' URL and token), when the run has one. */
  attach?: string[];
  /** The run's canary once it ended (as in RunSummary). */
  canary?: CanaryResult;
}

/** A demonstration being recorded: the screen captured last. */
export interface RecordScreen { sessionId: string; step: number; url: string; activity: string; components: number }

/**
 * What `run:recordUndo` did: the screen that is last again, whether BACK was pressed, whether the device was reset
 * and the remaining actions performed again (a recording started from HOME or the task's reset, when Back did not
 * bring the screen back), and whether the device shows that screen.
 */
export interface RecordUndo extends RecordScreen { pressedBack: boolean; replayed: boolean; restored: boolean }

export interface RunCallsLive {
  /** The live state of a run job (null when unknown, e.g. after the core restarted). */
  'run:live': Call<A['run:live'], RunLive | null>;
  /** Cancels the episode running on one device; its recorded steps are kept and the run goes on. */
  'run:cancelEpisode': Call<A['run:cancelEpisode'], boolean>;
  /** Starts recording a demonstration on a device into an open dataset (captures the first screen). */
  'run:recordStart': Call<A['run:recordStart'], RecordScreen>;
  /** Performs and records one input, then captures the next screen. */
  'run:recordAct': Call<A['run:recordAct'], RecordScreen>;
  /** Writes instruction.txt and the index row; returns the new episode's folder relative to the dataset. */
  'run:recordSave': Call<A['run:recordSave'], { path: string; steps: number }>;
  /**
   * Drops the last recorded action and the screen it led to (files and eventStructs.txt line), presses BACK on the
   * device (unless the undone input was back or home); when that does not restore the screen and the recording started from
   * HOME or the task's reset, resets the device and performs the remaining actions again. Says whether the device shows the previous screen.
   */
  'run:recordUndo': Call<A['run:recordUndo'], RecordUndo>;
  /** Ends the recording and removes everything it wrote (the episode folder, and folders it created); the index is untouched. */
  'run:recordDiscard': Call<A['run:recordDiscard'], boolean>;
}

export interface RunEvents {
  'run:step': RunStepEvent;
  'run:episode': RunEpisodeEvent;
  /** The run's canary ended; the batch starts without the quarantined tasks. */
  'run:canary': CanaryResult & { jobId: string };
}

