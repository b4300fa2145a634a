import type { RunCalls } from '../../../shared/contract/run';
import { AGENT_SPECS, describeAgent, type AgentSpec } from '../../../shared/kinds/agents';

/** `run:agents`: the agent kinds of the registry (or of `specs`), described for the run form. */
export function agentHandlers(specs: readonly AgentSpec[] = AGENT_SPECS): Pick<RunCalls, 'run:agents'> {
  const infos = specs.map(describeAgent);
  return { 'run:agents': async () => infos };
}
