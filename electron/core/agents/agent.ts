import type { Size } from '../../../shared/model';
import type { DeviceAction } from '../capture/device-action';

/** The task an agent works on. */
export interface AgentTask {
  /** Episode id in the dataset. */
  episode: string;
  description: string;
  /** App named by the task index (may be empty). */
  app: string;
  /** Absolute folder of the ground-truth episode (replay reads its actions; others ignore it). */
  groundTruthDir: string;
}

/** What the agent sees at one step. */
export interface Observation {
  step: number;
  /** PNG bytes of the screen. */
  screenshot: Buffer;
  /** Raw `uiautomator dump` XML. */
  xml: string;
  activity: string;
  screen: Size;
  /** Actions taken so far in this episode (oldest first). */
  history: readonly DeviceAction[];
}

/**
 * An agent drives one episode: `start` once, then `next` per screen until it
 * returns `complete` or `impossible` (or the runner's step limit ends it).
 * Built-in agents live here; LLM, HTTP and MCP agents implement the same
 * interface and register a factory.
 */
export interface Agent {
  readonly name: string;
  start(task: AgentTask, signal: AbortSignal): Promise<void>;
  next(obs: Observation, signal: AbortSignal): Promise<DeviceAction>;
  /** Releases resources (connections, processes); called once per episode, also after errors. */
  stop?(): Promise<void>;
}

/** Options every agent factory receives (from the CLI or the run view). */
export interface AgentOptions {
  /** Seed for agents with randomness (the run's seed + episode + repeat, so repeats differ but runs reproduce). */
  seed: number;
  /** Free-form `key=value` settings from `--agent-opt`. */
  settings: Record<string, string>;
}

export interface AgentFactory {
  name: string;
  /** One line for `--help` and the run view. */
  summary: string;
  create(opts: AgentOptions): Agent;
}
