import type { Agent, AgentFactory, AgentOptions, PreparedKind } from './agent';
import { parseAgentSettings, settingsFor } from './agent-settings';
import { agentFactory } from './registry';
import type { EpisodeRecord } from '../runner/episode-record';

/** A run's agent kinds, made ready: attach lines, each episode's agent, and the end of the run. */
export interface PreparedAgents {
  /** Lines telling the user how to attach (URL and token), for stderr and the live run. */
  lines: string[];
  create(agent: string, o: AgentOptions): Agent;
  onEpisode(record: EpisodeRecord): void;
  close(): Promise<void>;
}

/**
 * Checks every agent's settings against its spec (unknown agents and bad values throw, naming the
 * setting), before any device is touched. Throws the first problem.
 */
export function checkAgentSettings(agents: readonly string[], settings: Record<string, string>, extra: readonly AgentFactory[] = []): void {
  for (const a of agents) parseAgentSettings(agentFactory(a, extra).spec, settingsFor(a, settings));
}

/**
 * Checks the settings, then runs each kind's prepare hook once for the run (the http and mcp agents
 * start their own servers here). A failed prepare closes what the others started.
 */
export async function prepareAgents(agents: readonly string[], settings: Record<string, string>, extra: readonly AgentFactory[] = []): Promise<PreparedAgents> {
  checkAgentSettings(agents, settings, extra);
  const kinds = new Map<string, PreparedKind>();
  const close = async (): Promise<void> => { for (const k of kinds.values()) await k.close?.(); };
  try {
    for (const a of new Set(agents)) {
      const f = agentFactory(a, extra);
      if (f.prepare) kinds.set(a, await f.prepare(settingsFor(a, settings)));
    }
  } catch (err) {
    await close();
    throw err;
  }
  return {
    lines: [...kinds.values()].flatMap((k) => k.lines ?? []),
    create: (a, o) => (kinds.get(a) ?? agentFactory(a, extra)).create(o),
    onEpisode: (r) => { for (const k of kinds.values()) k.onEpisode?.(r); },
    close,
  };
}
