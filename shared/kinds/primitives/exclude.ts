import type { EssItem } from '../../model';
import { matchNodePresence } from '../../evaluation/match-exact';
import { excludeUndone } from '../../evaluation/undone';
import { componentCost, componentTarget } from './component-kinds';
import type { PrimitiveSpec } from './spec';

type ExcludeItem = Extract<EssItem, { kind: 'exclude' }>;

/** `exclude<n|xpath>`: no component equal to the annotated one may be on the screen. */
export const exclude = {
  kind: 'exclude',
  keywords: ['exclude'],
  ...componentTarget('exclude'),
  needs: { hierarchy: true, icons: true },
  order: { fixed: 70, legacy: 3 },
  cost: componentCost,
  match: (item, gt, exec, _trace, svc) => matchNodePresence('exclude', item.raw, item.target, gt, exec, svc),
  undoneBy: (item, gt, reached, later, svc) => excludeUndone(item.raw, item.target, gt, reached, later, svc),
  describe: (_item, what) => `No component equal to ${what} may be on the screen.`,
  ui: {
    label: 'Exclude', input: 'component', colour: '#e879f9', dashed: true,
    adds: [{ key: 'x', label: 'Exclude', title: 'The selected component must NOT be on the screen (exclude<n>)', input: 'component', slot: 30, make: (c) => (c === null ? null : { kind: 'exclude', target: { index: c } }) }],
  },
} satisfies PrimitiveSpec<ExcludeItem>;
