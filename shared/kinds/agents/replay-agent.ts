import { z } from 'zod';
import { defineAgent } from './agent-spec';

/** Replays the ground-truth actions, then declares completion: every annotated task should pass its own replay. */
export const replaySpec = defineAgent({
  name: 'replay', label: 'replay (the ground-truth actions)',
  summary: 'replays the ground-truth actions, then declares the task complete',
  settings: z.object({}),
});
