import { AppError } from '../../../kernel/errors';
import { settingsFor } from '../agent-settings';
import type { EpisodeRecord } from '../../runner/episode-record';
import { startAgentApi } from '../http-api/agent-api-server';
import { llmSettings } from '../llm/llm-settings';
import { AgentHub } from './agent-hub';
import type { RunnerHubs } from './external-agents';

export interface ExternalAgents {
  /** Lines telling the user how to attach (URL and token), for stderr. */
  lines: string[];
  /** This run's hubs, for the agent factories' create options (runAgents `hubs`). */
  hubs: RunnerHubs;
  onEpisode(record: EpisodeRecord): void;
  close(): Promise<void>;
}

/**
 * For `touchstone run`: checks the LLM agent's settings before any device is
 * touched, and starts the agent HTTP API / MCP server the http and mcp agents
 * wait behind (their `port` setting picks the port). Each call starts servers
 * of its own (own port, own token), so concurrent runs stay apart.
 */
export async function prepareAgents(agents: string[], settings: Record<string, string>): Promise<ExternalAgents> {
  if (agents.includes('llm')) llmSettings(settingsFor('llm', settings));
  const lines: string[] = [];
  const closers: (() => Promise<void>)[] = [];
  const hubs: RunnerHubs = {};
  const port = (k: string): number => {
    const v = settingsFor(k, settings).port;
    const n = v === undefined ? 0 : Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`--agent-opt ${k}.port must be a port number 0-65535; got "${v}".`);
    return n;
  };
  // Two runs at once each need a port of their own: a fixed port a running run holds fails here, before any
  // device is touched. A 'conflict', not an internal error: the port `serve` itself listens on is taken too.
  const listening = async <T>(k: string, start: Promise<T>): Promise<T> => start.catch(async (err: Error) => {
    for (const c of closers) await c();
    throw new AppError('conflict', `The ${k} agent's server could not listen on 127.0.0.1:${port(k)} (${err.message}); another run, or this app's own server, holds that port: leave ${k}.port unset (any free port) or pick another.`, { cause: err });
  });
  if (agents.includes('http')) {
    const hub = new AgentHub();
    const api = await listening('http', startAgentApi({ hub, port: port('http') }));
    hubs.http = hub;
    closers.push(() => api.close());
    lines.push(`http agent: attach with the agent API (e.g. resources/python/touchstone_env.py, setup_task() without a task):`, `TOUCHSTONE_URL=${api.url}`, `TOUCHSTONE_TOKEN=${api.token}`);
  }
  if (agents.includes('mcp')) {
    const hub = new AgentHub();
    // The MCP SDK (and zod) load only for a run with the MCP agent: ~200 ms at every start otherwise.
    const { startMcpHttp } = await import('../mcp/mcp-http');
    const mcp = await listening('mcp', startMcpHttp({ hub, port: port('mcp') }));
    hubs.mcp = hub;
    closers.push(() => mcp.close());
    lines.push(`mcp agent: connect an MCP client (streamable HTTP, start_episode without a task):`, `TOUCHSTONE_MCP_URL=${mcp.url}`, `TOUCHSTONE_MCP_TOKEN=${mcp.token}`);
  }
  return {
    lines, hubs,
    onEpisode: (r) => { for (const h of Object.values(hubs)) h.finished(r.episode, r); },
    close: async () => { for (const c of closers) await c(); },
  };
}

/** Token and cost totals of the run's LLM-backed episodes, one line per agent; empty when none used a model. */
export function usageLines(items: { agent: string; record: EpisodeRecord }[]): string[] {
  const by = new Map<string, { requests: number; tokensIn: number; tokensOut: number; cost?: number; episodes: number }>();
  for (const { agent, record } of items) {
    const u = record.agentUsage;
    if (!u) continue;
    const t = by.get(agent) ?? { requests: 0, tokensIn: 0, tokensOut: 0, episodes: 0 };
    t.requests += u.requests; t.tokensIn += u.tokensIn; t.tokensOut += u.tokensOut; t.episodes++;
    if (u.costUsd !== undefined) t.cost = (t.cost ?? 0) + u.costUsd;
    by.set(agent, t);
  }
  return [...by].map(([agent, t]) => `${agent}: ${t.requests} request(s), ${t.tokensIn} tokens in, ${t.tokensOut} tokens out over ${t.episodes} episode(s)${t.cost !== undefined ? `, cost $${t.cost.toFixed(4)}` : ''}`);
}
