import type { AgentFactory } from '../agent';
import type { AgentHub } from './agent-hub';

/**
 * The hubs one run's http and mcp agents wait behind. Each run (`touchstone
 * run`, or each run the run view starts) gets its own, with its own server,
 * URL and token (prepareAgents), and hands them to its agents through the
 * factory's create options: two runs at once never share a hub, so an agent
 * attaches to the run whose token it holds, and closing one run leaves the
 * other's server up.
 */
export type RunnerHubs = Partial<Record<'http' | 'mcp', AgentHub>>;

function attachTimeout(settings: Record<string, string>): number {
  const v = settings.attach_timeout_ms;
  const n = v === undefined ? 300_000 : Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--agent-opt attach_timeout_ms must be a whole number of milliseconds; got "${v}".`);
  return n;
}

function external(kind: 'http' | 'mcp', summary: string): AgentFactory {
  return {
    name: kind, summary,
    create: (o) => {
      const hub = o.hubs?.[kind];
      if (!hub) throw new Error(`The ${kind} agent needs the ${kind === 'http' ? 'agent HTTP API' : 'MCP server'} its run starts (\`touchstone run --agent ${kind}\` or the run view).`);
      return hub.runnerAgent(kind, attachTimeout(o.settings));
    },
  };
}

export const httpAgent = external('http', 'an external agent over the agent HTTP API (Python client: resources/python/touchstone_env.py); the runner waits for it to attach');
export const mcpAgent = external('mcp', 'an external agent over MCP (streamable HTTP on loopback); the runner waits for it to attach');
