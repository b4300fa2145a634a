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
}

/**
 * Checks every agent's settings against its spec, prepares the kinds (the http and mcp agents'
 * servers), runs the queue over the devices with RUN_DEFAULTS under whatever is not given, and
 * closes the kinds' servers however it ends.
 */
export async function startRun(o: StartRunOptions): Promise<RunResult> {
  const agentSettings = o.agentSettings ?? {};
  const prepared = await prepareAgents(o.agents, agentSettings, o.kinds);
  try {
    if (prepared.lines.length) o.onAgentLines?.(prepared.lines);
    return await runAgents({
      ...o, agentSettings, prepared, repeat: o.repeat ?? RUN_DEFAULTS.repeat, limits: runLimits(o.limits), seed: o.seed ?? RUN_DEFAULTS.seed, resume: o.resume ?? false,
      onEpisode: (item, record, device) => { prepared.onEpisode(record); o.onEpisode?.(item, record, device); },
    });
  } finally {
    await prepared.close();
  }
}
