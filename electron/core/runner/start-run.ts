/**
 * Starting a run, written once: `touchstone run`, the run view's `run:start`, the agent host
 * (`touchstone agent-api`, `touchstone mcp`, `serve --agent-dataset`) and the demo generator all
 * come here, so the same task with the same options is the same experiment whichever way it starts.
 */
import type { AgentFactory } from '../agents/agent';
import { prepareAgents } from '../agents/prepare-agents';
import { runAgents, type RunOptions, type RunResult } from './run-agents';
import type { EpisodeLimits } from './run-episode';
import { RUN_DEFAULTS } from '../../../shared/contract/run-defaults';
import type { CanaryResult } from '../../../shared/contract/run-canary';
import { runCanary } from './canary';

/** Every default of a run (defined with the contract, so the run form reads the same values). */
export { RUN_DEFAULTS };

/** A run's limits: the given ones over RUN_DEFAULTS. */
export function runLimits(l: Partial<EpisodeLimits> = {}): EpisodeLimits {
  return {
    maxSteps: l.maxSteps ?? RUN_DEFAULTS.maxSteps,
    stepTimeoutMs: l.stepTimeoutMs ?? RUN_DEFAULTS.stepTimeoutMs,
    episodeTimeoutMs: l.episodeTimeoutMs ?? RUN_DEFAULTS.episodeTimeoutMs,
  };
}

export interface StartRunOptions extends Omit<RunOptions, 'limits' | 'repeat' | 'seed' | 'resume' | 'agentSettings' | 'prepared'> {
  repeat?: number;
  limits?: Partial<EpisodeLimits>;
  seed?: number;
  resume?: boolean;
  /** `--agent-opt` settings: `key` for every agent, `agent.key` for one. */
  agentSettings?: Record<string, string>;
  /** Kinds of this run only, beside the registry's (the demo's scripted agent, the host's attached agent). */
  kinds?: readonly AgentFactory[];
  /** How to attach to the run's external agents (URL and token), once their servers listen. */
  onAgentLines?(lines: string[]): void;
  /** Replay each task's recording first and leave out those that no longer complete (default RUN_DEFAULTS.canary). */
  canary?: boolean;
  /** Tasks the canary replays (default RUN_DEFAULTS.canarySample: all). */
  canarySample?: number;
  /** The canary ended (before any agent runs). */
  onCanary?(c: CanaryResult): void;
}

/** A run's result, with its canary's when it had one. */
export type StartRunResult = RunResult & { canary?: CanaryResult };

/**
 * Checks every agent's settings against its spec, prepares the kinds (the http and mcp agents'
 * servers), runs the queue over the devices with RUN_DEFAULTS under whatever is not given, and
 * closes the kinds' servers however it ends.
 */
export async function startRun(o: StartRunOptions): Promise<StartRunResult> {
  const agentSettings = o.agentSettings ?? {};
  const prepared = await prepareAgents(o.agents, agentSettings, o.kinds);
  try {
    const seed = o.seed ?? RUN_DEFAULTS.seed;
    let canary: CanaryResult | undefined;
    let tasks = o.tasks;
    if (o.canary ?? RUN_DEFAULTS.canary) {
      canary = await runCanary({ ...o, limits: runLimits(o.limits), seed, agentSettings: {}, sample: o.canarySample ?? RUN_DEFAULTS.canarySample });
      const out = new Set(canary.quarantined.map((q) => q.episode));
      tasks = tasks.filter((t) => !out.has(t.episode));
      o.onCanary?.(canary);
    }
    if (prepared.lines.length) o.onAgentLines?.(prepared.lines);
    const r = await runAgents({
      ...o, tasks, agentSettings, prepared, repeat: o.repeat ?? RUN_DEFAULTS.repeat, limits: runLimits(o.limits), seed, resume: o.resume ?? false,
      onEpisode: (item, record, device) => { prepared.onEpisode(record); o.onEpisode?.(item, record, device); },
    });
    return canary ? { ...r, canary } : r;
  } finally {
    await prepared.close();
  }
}
