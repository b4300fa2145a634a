import type { EssItem } from '../../model';
import { matchType } from '../../evaluation/match-simple';
import { hasReserved } from './syntax';
import type { PrimitiveSpec } from './spec';

type TypeItem = Extract<EssItem, { kind: 'type' }>;

// Typed text is kept exactly, so text with a reserved character has no spelling.
const fromText = (text: string): Omit<TypeItem, 'raw'> | null => (hasReserved(text) ? null : { kind: 'type', text });

/** `type<text>`: the agent's action on this step types exactly `text` (spaces, commas and case kept). */
export const type = {
  kind: 'type',
  keywords: ['type'],
  parse: (_keyword, content, raw) => ({ kind: 'type', text: content, raw }),
  format: (item) => `type<${item.text}>`,
  fromText,
  needs: {},
  order: { fixed: 20, legacy: 4 },
  cost: () => 'string',
  match: (item, _gt, exec, _trace, svc) => matchType(item.raw, item.text, exec, svc),
  content: (item) => item.text,
  describe: (item) => `The agent types exactly “${item.text}”.`,
  ui: {
    label: 'Type', input: 'recorded-text',
    adds: [{
      key: 't', label: 'Type', title: 'The agent must type the text this step typed (type<text>)', input: 'recorded-text', slot: 70,
      make: (_c, a) => (a?.kind === 'input' ? fromText(a.text) : null),
    }],
  },
} satisfies PrimitiveSpec<TypeItem>;
