import type { EssItem } from '../../model';
import { matchNodePresence } from '../../evaluation/match-exact';
import { exactUndone } from '../../evaluation/undone';
import { componentCost, componentTarget } from './component-kinds';
import type { PrimitiveSpec } from './spec';

type ExactItem = Extract<EssItem, { kind: 'exact' }>;

/** `exact<n|xpath>`: a component equal to the annotated one (class, text, id, description, flags) is on the screen. */
export const exact = {
  kind: 'exact',
  keywords: ['exact'],
  ...componentTarget('exact'),
  needs: { hierarchy: true, icons: true },
  order: { fixed: 60, legacy: 2 },
  cost: componentCost,
  match: (item, gt, exec, _trace, svc) => matchNodePresence('exact', item.raw, item.target, gt, exec, svc),
  undoneBy: (item, gt, reached, later, svc) => exactUndone(item.target, gt, reached, later, svc),
  describe: (_item, what) => `A component equal to ${what} (class, text, id, description, state flags) is on the screen.`,
  ui: {
    label: 'Exact', input: 'component', colour: '#3ecf8e',
    adds: [{ key: 'e', label: 'Exact', title: 'The selected component must be on the screen, equal (exact<n>)', input: 'component', slot: 10, make: (c) => (c === null ? null : { kind: 'exact', target: { index: c } }) }],
  },
} satisfies PrimitiveSpec<ExactItem>;
