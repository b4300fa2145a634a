import type { Agent, AgentFactory } from './agent';

/** Declares the task complete on the first screen without acting: an annotation that passes this is too weak. */
export const noopAgent: AgentFactory = {
  name: 'noop',
  summary: 'declares the task complete at once, without acting (catches annotations that pass without any action)',
  create: (): Agent => ({ name: 'noop', start: async () => undefined, next: async () => ({ kind: 'complete' }) }),
};
