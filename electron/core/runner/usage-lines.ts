import type { EpisodeRecord } from './episode-record';

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
