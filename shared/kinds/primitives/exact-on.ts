import type { EssItem } from '../../model';
import { EXACT_ON_ATTRIBUTES, legacyUnknown, matchAttributes } from '../../evaluation/match-tolerant';
import { splitIndexed, TOLERANT } from './tolerant-kinds';
import type { PrimitiveSpec } from './spec';

type ExactOnItem = Extract<EssItem, { kind: 'exact_on' }>;

/**
 * `exact_on<n:a,b,...>` (Touchstone's own): `exact` compared on the named attributes only: class,
 * text, resource-id, content-desc, `flags` (every state flag) or single flags (checked, selected...).
 * No screenshot comparison, also for icons.
 */
export const exactOn = {
  kind: 'exact_on',
  keywords: ['exact_on'],
  parse(keyword, content, raw) {
    const s = splitIndexed(keyword, content, 'attributes');
    if (typeof s === 'string') return s;
    const attrs = s.rest.split(',').map((a) => a.trim());
    const bad = attrs.filter((a) => !EXACT_ON_ATTRIBUTES.includes(a));
    if (bad.length || attrs.length === 0) return `${keyword}<${content}>: unknown attribute ${bad.map((b) => `'${b}'`).join(', ')}; use ${EXACT_ON_ATTRIBUTES.join(', ')}`;
    return { kind: 'exact_on', target: s.target, attrs, raw };
  },
  format: (item) => `exact_on<${item.target.index}:${item.attrs.join(',')}>`,
  ...TOLERANT,
  order: { fixed: 62, legacy: 2 },
  match: (item, gt, exec, _trace, svc) => (svc.mode === 'legacy' ? legacyUnknown(item.raw, 'exact_on') : matchAttributes('exact_on', item.raw, item.target, item.attrs, gt, exec, svc)),
  describe: (item, what) => `A component equal to ${what} on ${item.attrs.join(', ')} only is on the screen.`,
  ui: { label: 'Exact on', input: 'component', colour: '#60a5fa', adds: [] },
} satisfies PrimitiveSpec<ExactOnItem>;
