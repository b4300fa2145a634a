import type { EssItem } from '../../model';
import { matchClick } from '../../evaluation/match-click';
import { componentTarget } from './component-kinds';
import type { PrimitiveSpec } from './spec';

type ClickItem = Extract<EssItem, { kind: 'click' }>;

/** `click<n|xpath>`: the agent's action on this step taps inside the annotated component. */
export const click = {
  kind: 'click',
  keywords: ['click'],
  ...componentTarget('click'),
  needs: { hierarchy: true },
  order: { fixed: 30, legacy: 5 },
  cost: () => 'string',
  match: (item, gt, exec, _trace, svc) => matchClick(item.raw, item.target, gt, exec, svc),
  describe: (_item, what) => `The agent taps inside ${what}.`,
  ui: {
    label: 'Click', input: 'component', colour: '#ff9f40',
    adds: [{ key: 'c', label: 'Click', title: 'The agent must tap inside the selected component on this step (click<n>)', input: 'component', slot: 40, make: (c) => (c === null ? null : { kind: 'click', target: { index: c } }) }],
  },
} satisfies PrimitiveSpec<ClickItem>;
