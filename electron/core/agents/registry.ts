import type { AgentFactory } from './agent';
import { noopAgent } from './noop-agent';
import { randomAgent } from './random-agent';
import { replayAgent } from './replay-agent';

const factories = new Map<string, AgentFactory>([replayAgent, noopAgent, randomAgent].map((f) => [f.name, f]));

/** Adds an agent kind (LLM, HTTP and MCP agents register here). */
export function registerAgent(f: AgentFactory): void {
  factories.set(f.name, f);
}

/** The factory for `--agent NAME`; throws listing the known ones. */
export function agentFactory(name: string): AgentFactory {
  const f = factories.get(name);
  if (!f) throw new Error(`Unknown agent "${name}"; known agents: ${[...factories.keys()].join(', ')}.`);
  return f;
}

export function agentNames(): string[] {
  return [...factories.keys()];
}
