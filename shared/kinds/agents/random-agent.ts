import { z } from 'zod';
import { defineAgent } from './agent-spec';
import { setting } from './settings';

/** The seeded random baseline. */
export const randomSpec = defineAgent({
  name: 'random', label: 'random (seeded taps and swipes)',
  summary: 'random taps on clickable elements, swipes, back and typing (seeded baseline)',
  settings: z.object({
    complete: setting.number({ label: 'Chance to declare completion', min: 0, max: 1, default: '0.1', help: 'Per step, from 0 to 1' }),
  }),
});
