import type { EssItem } from '../../model';
import { matchActivity } from '../../evaluation/match-activity';
import type { PrimitiveSpec } from './spec';

type ActivityItem = Extract<EssItem, { kind: 'activity' }>;

/** `activity<0>`: the agent's foreground activity is the annotated step's (the content is ignored). */
export const activity = {
  kind: 'activity',
  keywords: ['activity'],
  parse: (_keyword, _content, raw) => ({ kind: 'activity', raw }),
  format: () => 'activity<0>',
  needs: {},
  order: { fixed: 10, legacy: 1 },
  cost: () => 'string',
  match: (item, gt, exec, _trace, svc) => matchActivity(item.raw, gt, exec, svc),
  describe: () => 'The agent’s screen shows the same activity as this step.',
  ui: {
    label: 'Activity', input: 'none',
    adds: [{ key: 'a', label: 'Activity', title: 'The foreground activity must be this step\'s (activity<0>)', input: 'none', toggle: true, slot: 50, make: () => ({ kind: 'activity' }) }],
  },
} satisfies PrimitiveSpec<ActivityItem>;
