import { AGENT_SPECS } from '../../../shared/kinds/agents';
import type { AgentFactory } from './agent';
import { noopAgent } from './noop-agent';
import { randomAgent } from './random-agent';
import { replayAgent } from './replay-agent';
import { llmAgent } from './llm/llm-agent';
import { httpAgent, mcpAgent } from './external/external-agents';

/** The core's factory of every kind in shared/kinds/agents, one line each (a test checks the two lists name the same kinds). */
export const AGENT_FACTORIES: readonly AgentFactory[] = [
  replayAgent,
  noopAgent,
  randomAgent,
  llmAgent,
  httpAgent,
  mcpAgent,
];

const byName = new Map(AGENT_FACTORIES.map((f) => [f.spec.name, f]));

/**
 * The factory for `--agent NAME`, among the registry's kinds and a run's own (`extra`: the demo's
 * scripted agent, the agent host's attached one); throws listing the known ones.
 */
export function agentFactory(name: string, extra: readonly AgentFactory[] = []): AgentFactory {
  const f = extra.find((x) => x.spec.name === name) ?? byName.get(name);
  if (!f) throw new Error(`Unknown agent "${name}"; known agents: ${[...extra.map((x) => x.spec.name), ...AGENT_SPECS.map((s) => s.name)].join(', ')}.`);
  return f;
}
