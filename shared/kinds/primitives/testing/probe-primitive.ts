import type { EssItemInput } from '../../../formats/ess';
import { ESS_RESERVED, PRIMITIVE_LIST, createPrimitiveRegistry, type PrimitiveSpec } from '..';

/** The item of the throw-away primitive below. */
export type ProbeItem = { kind: 'probe'; word: string; raw: string };

/**
 * For tests only: a throw-away primitive, written as a primitive file would be. `probe<word>`
 * holds when the execution step's activity contains the word; key q adds `probe<Main>`. Nothing
 * else in the code base knows it.
 */
export const probe = {
  kind: 'probe',
  keywords: ['probe', 'probe_alias'],
  parse: (_keyword, content, raw) => (content ? { kind: 'probe', word: content, raw } : 'probe<> needs a word'),
  format: (item) => `probe<${item.word}>`,
  fromText: (text) => (ESS_RESERVED.test(text) ? null : { kind: 'probe', word: text }),
  needs: { hierarchy: true },
  order: { fixed: 15, legacy: 9 },
  cost: () => 'string',
  match(item, _gt, exec) {
    const ok = (exec.activity ?? '').includes(item.word);
    return { item: item.raw, kind: 'probe', status: ok ? 'pass' : 'fail', sentence: ok ? `${exec.activity} has ${item.word}.` : `${exec.activity} lacks ${item.word}.`, evidence: {} };
  },
  content: (item) => item.word,
  describe: (item) => `The activity name contains “${item.word}”.`,
  ui: { label: 'Probe', input: 'none', adds: [{ key: 'q', label: 'Probe', title: 'The activity must contain "Main" (probe<Main>)', input: 'none', slot: 65, make: () => ({ kind: 'probe', word: 'Main' }) as unknown as EssItemInput }] },
} satisfies PrimitiveSpec<ProbeItem>;

/** The production list plus one index entry: what adding a primitive to index.ts amounts to. */
export const withProbe = createPrimitiveRegistry([...PRIMITIVE_LIST, probe]);
