import { settingsFor } from '../agent-settings';
import type { EpisodeRecord } from '../../runner/episode-record';
import { startAgentApi } from '../http-api/agent-api-server';
import { llmSettings } from '../llm/llm-settings';
import { startMcpHttp } from '../mcp/mcp-http';
import { AgentHub } from './agent-hub';
import { setRunnerHub } from './external-agents';

export interface ExternalAgents {
  /** Lines telling the user how to attach (URL and token), for stderr. */
  lines: string[];
  onEpisode(record: EpisodeRecord): void;
  close(): Promise<void>;
}

/**
 * For `touchstone run`: checks the LLM agent's settings before any device is
 * touched, and starts the agent HTTP API / MCP server the http and mcp agents
 * wait behind (their `port` setting picks the port).
 */
export async function prepareAgents(agents: string[], settings: Record<string, string>): Promise<ExternalAgents> {
  if (agents.includes('llm')) llmSettings(settingsFor('llm', settings));
  const lines: string[] = [];
  const closers: (() => Promise<void>)[] = [];
  const hubs: AgentHub[] = [];
  const port = (k: string): number => {
    const v = settingsFor(k, settings).port;
    const n = v === undefined ? 0 : Number(v);
    if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`--agent-opt ${k}.port must be a port number 0-65535; got "${v}".`);
    return n;
  };
  if (agents.includes('http')) {
    const hub = new AgentHub();
    const api = await startAgentApi({ hub, port: port('http') });
    setRunnerHub('http', hub);
    hubs.push(hub);
    closers.push(() => { setRunnerHub('http', null); return api.close(); });
    lines.push(`http agent: attach with the agent API (e.g. resources/python/touchstone_env.py, setup_task() without a task):`, `TOUCHSTONE_URL=${api.url}`, `TOUCHSTONE_TOKEN=${api.token}`);
  }
  if (agents.includes('mcp')) {
    const hub = new AgentHub();
    const mcp = await startMcpHttp({ hub, port: port('mcp') });
    setRunnerHub('mcp', hub);
    hubs.push(hub);
    closers.push(() => { setRunnerHub('mcp', null); return mcp.close(); });
    lines.push(`mcp agent: connect an MCP client (streamable HTTP, start_episode without a task):`, `TOUCHSTONE_MCP_URL=${mcp.url}`, `TOUCHSTONE_MCP_TOKEN=${mcp.token}`);
  }
  return {
    lines,
    onEpisode: (r) => { for (const h of hubs) h.finished(r.episode, r); },
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
