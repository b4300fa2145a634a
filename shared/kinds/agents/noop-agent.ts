import { z } from 'zod';
import { defineAgent } from './agent-spec';

/** Declares completion on the first screen: an annotation this passes is too weak. */
export const noopSpec = defineAgent({
  name: 'noop', label: 'no-op (declares completion at once)',
  summary: 'declares the task complete at once, without acting (catches annotations that pass without any action)',
  settings: z.object({}),
});
