import type { Size } from '../../../shared/model';
import type { DeviceAction } from '../../../shared/kinds/actions';
import type { AgentSpec } from '../../../shared/kinds/agents';
import type { EpisodeRecord } from '../runner/episode-record';

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
  /** This agent's `key=value` settings from `--agent-opt` (unscoped and `<agent>.key` ones), checked against its spec. */
  settings: Record<string, string>;
}

/** A kind made ready for one run: what it tells the user, how it makes an episode's agent, what it does when the run ends. */
export interface PreparedKind {
  /** How to attach (URL and token), for stderr and the live run. */
  lines?: string[];
  create(o: AgentOptions): Agent;
  /** An episode of the run was recorded and evaluated. */
  onEpisode?(record: EpisodeRecord): void;
  close?(): Promise<void>;
}

/** The core's half of an agent kind, keyed by its spec (shared/kinds/agents/). */
export interface AgentFactory {
  spec: AgentSpec;
  /** An episode's agent; kinds with `prepare` make theirs through the prepared kind instead. */
  create(o: AgentOptions): Agent;
  /**
   * Once per run, before any episode: starts what the run's agents of this kind need (the http and
   * mcp agents' servers, each run its own port and token) with the kind's settings for the run.
   */
  prepare?(settings: Record<string, string>): Promise<PreparedKind>;
}
