import type { EssItem } from '../../model';
import { legacyUnknown, matchAttributes } from '../../evaluation/match-tolerant';
import { parseTarget, targetText } from './syntax';
import { TOLERANT } from './tolerant-kinds';
import type { PrimitiveSpec } from './spec';

type TextItem = Extract<EssItem, { kind: 'text' }>;

/** The attributes `text<n>` compares. */
export const TEXT_ONLY = ['text', 'content-desc'] as const;

/**
 * `text<n|xpath>` (Touchstone's own): a component with the same text and content-desc as the
 * annotated one is on the screen; class, resource-id, state flags (checked, selected, focused...)
 * and an icon's pixels are ignored.
 */
export const text = {
  kind: 'text',
  keywords: ['text'],
  parse(_keyword, content, raw) {
    const target = parseTarget(content);
    return target ? { kind: 'text', target, raw } : `text<${content}> needs a component number or an xpath`;
  },
  format: (item) => `text<${targetText(item.target)}>`,
  ...TOLERANT,
  order: { fixed: 61, legacy: 2 },
  match: (item, gt, exec, _trace, svc) => (svc.mode === 'legacy' ? legacyUnknown(item.raw, 'text') : matchAttributes('text', item.raw, item.target, TEXT_ONLY, gt, exec, svc)),
  describe: (_item, what) => `A component with the same text and content-desc as ${what} is on the screen (class, id and state flags ignored).`,
  ui: {
    label: 'Text only', input: 'component', colour: '#2dd4bf',
    adds: [{ key: 'm', label: 'Text only', title: 'A component with the selected one\'s text must be on the screen; state flags, class and id ignored (text<n>)', input: 'component', slot: 80, make: (c) => (c === null ? null : { kind: 'text', target: { index: c } }) }],
  },
} satisfies PrimitiveSpec<TextItem>;
