import type { EssItem } from '../../model';
import { legacyUnknown, matchDynamicText } from '../../evaluation/match-tolerant';
import { compileSafePattern, patternForText, testSafePattern } from '../../evaluation/safe-pattern';
import { splitIndexed, TOLERANT } from './tolerant-kinds';
import type { PrimitiveSpec } from './spec';

type RegexItem = Extract<EssItem, { kind: 'regex' }>;

/**
 * `regex<n:PATTERN>` (Touchstone's own): component n (same class and resource-id) is on the screen
 * and its whole text matches PATTERN, a JavaScript regular expression in the safe subset of
 * shared/evaluation/safe-pattern.ts (no `|`, lookarounds, backreferences or nested repeats).
 */
export const regex = {
  kind: 'regex',
  keywords: ['regex'],
  parse(keyword, content, raw) {
    const s = splitIndexed(keyword, content, 'a pattern');
    if (typeof s === 'string') return s;
    const p = compileSafePattern(s.rest);
    return p.ok ? { kind: 'regex', target: s.target, pattern: s.rest, raw } : `${keyword}<${content}>: ${p.reason}`;
  },
  format: (item) => `regex<${item.target.index}:${item.pattern}>`,
  ...TOLERANT,
  order: { fixed: 63, legacy: 2 },
  match(item, gt, exec, _trace, svc) {
    if (svc.mode === 'legacy') return legacyUnknown(item.raw, 'regex');
    const p = compileSafePattern(item.pattern);
    if (!p.ok) return { item: item.raw, kind: 'regex', status: 'error', sentence: p.reason, evidence: {} };
    return matchDynamicText('regex', item.raw, item.target, (t) => testSafePattern(p.re, t), `matching /${item.pattern}/`, gt, exec, svc);
  },
  describe: (item, what) => `${what} is on the screen and its text matches /${item.pattern}/ (for texts that change: times, prices).`,
  ui: {
    label: 'Pattern', input: 'component', colour: '#f472b6',
    adds: [{
      key: 'p', label: 'Pattern', title: 'The selected component must be on the screen with a text of the same shape, any digits (regex<n:pattern>, edit the pattern in the line)', input: 'component', slot: 82,
      make: (c, _a, text) => {
        const pattern = c === null || text === undefined ? null : patternForText(text);
        return pattern === null || c === null ? null : { kind: 'regex', target: { index: c }, pattern };
      },
    }],
  },
} satisfies PrimitiveSpec<RegexItem>;
