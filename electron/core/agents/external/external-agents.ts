import type { AgentFactory } from '../agent';
import type { AgentHub } from './agent-hub';

/** The hub `touchstone run` serves for each external agent kind while it runs. */
const hubs = new Map<string, AgentHub>();

export function setRunnerHub(kind: 'http' | 'mcp', hub: AgentHub | null): void {
  if (hub) hubs.set(kind, hub); else hubs.delete(kind);
}

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
      const hub = hubs.get(kind);
      if (!hub) throw new Error(`The ${kind} agent needs the ${kind === 'http' ? 'agent HTTP API' : 'MCP server'} that \`touchstone run --agent ${kind}\` starts.`);
      return hub.runnerAgent(kind, attachTimeout(o.settings));
    },
  };
}

export const httpAgent = external('http', 'an external agent over the agent HTTP API (Python client: resources/python/touchstone_env.py); the runner waits for it to attach');
export const mcpAgent = external('mcp', 'an external agent over MCP (streamable HTTP on loopback); the runner waits for it to attach');
