/** The run domain: agents on dataset tasks over devices, and the demo dataset. */
import type { Call, NameSet, NoArgs } from './common';
import type { JobArgs } from './dataset';
import type { DeviceInput } from './device';
import type { ExecAction } from '../model';
import type { AgentInfo } from '../kinds/agents';

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
} as const;

/** What `run:start` runs: tasks x agents x repeats over devices (see `touchstone run`). */
export interface RunRequest extends JobArgs {
  datasetId: string;
  /** Episode ids, or 'all'. */
  tasks: string[] | 'all';
  /** Agent names: replay, noop, random, and any registered agent. */
  agents: string[];
  /** Serials, or 'all' usable devices. */
  devices: string[] | 'all';
  /** Defaults of these and the rest: RUN_DEFAULTS. */
  repeat?: number;
  maxSteps?: number;
  stepTimeoutMs?: number;
  episodeTimeoutMs?: number;
  /** Base seed of the agents with randomness (`touchstone run --seed`). */
  seed?: number;
  /** Continue unfinished episodes in the output folder instead of starting them again. */
  resume?: boolean;
  /**
   * Agent settings as `touchstone run --agent-opt` takes them (`key` for every agent, `agent.key` for one,
   * e.g. `llm.model`). Never a secret: keys whose name says key/token/secret/password are refused here.
   */
  agentSettings?: Record<string, string>;
  /** Secret settings by the name of a stored key (`run:secretSet`), e.g. `{ "llm.api_key": "openai" }`: the core fills in the value. */
  secretSettings?: Record<string, string>;
  /** How each device is brought to a task's start (default `task`). */
  reset?: RunReset;
  /** Device configurations (B-MoCA): every task runs under each chosen configuration (docs/device-configs.md). */
  configs?: RunConfigChoice;
}

/** Which configurations of a configuration file a run uses: the named ones (all, or `names`), or a seeded split. */
export interface RunConfigChoice {
  /** The configuration file, relative to the dataset folder. */
  file: string;
  /** Only these named configurations (default: all of them); ignored with `split`. */
  names?: string[];
  /** A generated train / test split of the file's factor combinations (as `--config-split`). */
  split?: 'train' | 'test';
  /** Seed of the split (default 0). */
  seed?: number;
}

/** One device configuration as the run form shows it: its name, split and factors (unset factors are left out). */
export interface RunDeviceConfig { name: string; split?: 'train' | 'test'; factors: Record<string, string | number | boolean> }

/**
 * Most configurations `run:configs` lists (named ones, and chosen ones): a file may name 100,000; the counts
 * say how many there are, and a run uses them all.
 */
export const RUN_CONFIGS_SHOWN = 500;

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
export type RunResetMethod = 'task' | 'clear-app' | 'home' | 'none' | 'snapshot';
export interface RunReset { method: RunResetMethod; snapshot?: string }

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
}

export interface RunCalls extends RunCallsLive {
  /** Every agent kind (shared/kinds/agents) with its settings described, for the run form. */
  'run:agents': Call<NoArgs, AgentInfo[]>;
  /** Runs agents as a job of kind 'run' (progress: episodes); traces go to `<dataset>/runs/<time>/`. */
  'run:start': Call<RunRequest, RunSummary>;
  /** The stored API keys (names, never values) and where they are kept. */
  'run:secrets': Call<NoArgs, SecretList>;
  /** Stores (or replaces) a key under a name; answers without the key. */
  'run:secretSet': Call<{ name: string; value: string }, SecretInfo>;
  'run:secretDelete': Call<{ name: string }, boolean>;
  /**
   * The demo dataset's folder: generated on first use (a job of kind 'demo', progress: tasks
   * recorded, then agent episodes) by running the virtual phone through the capture path.
   * The client then opens it with `dataset:open`.
   */
  'run:demoDataset': Call<JobArgs, { path: string; created: boolean }>;
  /** Lists the configuration files (`*.json` with `"format": "touchstone-configs/1"` or configs/factors) in the dataset folder. */
  'run:configFiles': Call<{ datasetId: string }, string[]>;
  /**
   * Reads and validates a configuration file; with `choice.split` also the generated configurations (the core's
   * messages on error). Lists at most RUN_CONFIGS_SHOWN of each; `configCount` / `chosenCount` give the totals.
   */
  'run:configs': Call<{ datasetId: string; choice: RunConfigChoice }, RunConfigFile & { chosen: RunDeviceConfig[]; chosenCount: number }>;
  /** The per-factor breakdown of a finished run with configurations (null when it had none or is unknown). */
  'run:configReport': Call<{ jobId: string }, RunConfigReport | null>;
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
}

/** A demonstration being recorded: the screen captured last. */
export interface RecordScreen { sessionId: string; step: number; url: string; activity: string; components: number }

export interface RunCallsLive {
  /** The live state of a run job (null when unknown, e.g. after the core restarted). */
  'run:live': Call<{ jobId: string }, RunLive | null>;
  /** Cancels the episode running on one device; its recorded steps are kept and the run goes on. */
  'run:cancelEpisode': Call<{ jobId: string; device: string }, boolean>;
  /** Starts recording a demonstration on a device into an open dataset (captures the first screen). */
  'run:recordStart': Call<{ datasetId: string; device: string; description: string; category?: string; episode?: string }, RecordScreen>;
  /** Performs and records one input, then captures the next screen. */
  'run:recordAct': Call<{ sessionId: string; input: DeviceInput }, RecordScreen>;
  /** Writes instruction.txt and the index row; returns the new episode's folder relative to the dataset. */
  'run:recordSave': Call<{ sessionId: string }, { path: string; steps: number }>;
}

export interface RunEvents {
  'run:step': RunStepEvent;
  'run:episode': RunEpisodeEvent;
}

export const RUN_CALLS: NameSet<RunCalls> = {
  'run:start': true, 'run:agents': true, 'run:secrets': true, 'run:secretSet': true, 'run:secretDelete': true, 'run:demoDataset': true, 'run:live': true, 'run:cancelEpisode': true, 'run:recordStart': true, 'run:recordAct': true, 'run:recordSave': true,
  'run:configFiles': true, 'run:configs': true, 'run:configReport': true,
};
export const RUN_EVENTS: NameSet<RunEvents> = { 'run:step': true, 'run:episode': true };
