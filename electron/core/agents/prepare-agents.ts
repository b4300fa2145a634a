import type { Agent, AgentFactory, AgentOptions, PreparedKind } from './agent';
import { settingFields } from '../../../shared/kinds/agents';
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

/** Edit distance, for "did you mean" on a mistyped setting. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

function unknownSetting(key: string, known: readonly string[], who: string): Error {
  const near = known.filter((k) => distance(k, key) <= Math.max(1, Math.floor(k.length / 4))).sort((x, y) => distance(x, key) - distance(y, key))[0];
  return new Error(`${who} "${key}"${near ? `; did you mean ${near}?` : ''} (${known.length ? `settings: ${known.join(', ')}` : 'it takes none'}; see touchstone run --help).`);
}

/**
 * Checks every agent's settings against its spec, before any device is touched: unknown agents,
 * settings no agent of the run takes (`agent.key` for an agent of the run, or a `key` none of them
 * knows) and bad values throw, naming the setting. Throws the first problem.
 */
export function checkAgentSettings(agents: readonly string[], settings: Record<string, string>, extra: readonly AgentFactory[] = []): void {
  const keys = new Map(agents.map((a) => [a, settingFields(agentFactory(a, extra).spec.settings).map((f) => f.key)]));
  for (const k of Object.keys(settings)) {
    const dot = k.indexOf('.');
    const [agent, key] = dot > 0 ? [k.slice(0, dot), k.slice(dot + 1)] : [null, k];
    const known = agent === null ? [...new Set([...keys.values()].flat())] : keys.get(agent);
    // A scoped setting of an agent not in this run is left alone: one command line can serve several runs.
    if (known && !known.includes(key)) throw unknownSetting(key, known, agent === null ? `No agent of this run (${agents.join(', ')}) takes a setting` : `The ${agent} agent has no setting`);
  }
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
