import type { Size } from '../../../shared/model';
import type { DeviceAction } from '../capture/device-action';
import type { RunnerHubs } from './external/external-agents';

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
  /** What the agent wants kept with the step it just decided (prompt, reply, tokens, latency, calls); into episode.json. */
  stepNote?(): Record<string, unknown> | undefined;
  /** Totals for the episode (tokens, cost), into episode.json's `agentUsage`. */
  usage?(): AgentUsage | undefined;
}

/** Token and cost totals of one episode (LLM-backed agents). */
export interface AgentUsage { requests: number; tokensIn: number; tokensOut: number; costUsd?: number }

/**
 * Thrown by an agent that cannot go on through no fault of the device (its
 * endpoint is unreachable, the external agent went away): the runner ends the
 * episode as interrupted with this reason, and the device stays in the pool.
 */
export class AgentInterrupted extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'AgentInterrupted';
  }
}

/** Options every agent factory receives (from the CLI or the run view). */
export interface AgentOptions {
  /** Seed for agents with randomness (the run's seed + episode + repeat, so repeats differ but runs reproduce). */
  seed: number;
  /** Free-form `key=value` settings from `--agent-opt`. */
  settings: Record<string, string>;
  /** The run's own agent API / MCP hubs (the http and mcp agents wait behind them); see prepareAgents. */
  hubs?: RunnerHubs;
}

export interface AgentFactory {
  name: string;
  /** One line for `--help` and the run view. */
  summary: string;
  create(opts: AgentOptions): Agent;
}
