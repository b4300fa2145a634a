import { noopSpec } from '../../../shared/kinds/agents/noop-agent';
import type { Agent, AgentFactory } from './agent';

/** Declares the task complete on the first screen without acting: an annotation that passes this is too weak. */
export const noopAgent: AgentFactory = {
  spec: noopSpec,
  create: (): Agent => ({ name: 'noop', start: async () => undefined, next: async () => ({ kind: 'complete' }) }),
};
