import type { EssItem } from '../../model';
import { legacyUnknown, matchDynamicText } from '../../evaluation/match-tolerant';
import { firstNumber } from '../../evaluation/safe-pattern';
import { splitIndexed, TOLERANT } from './tolerant-kinds';
import type { PrimitiveSpec } from './spec';

type RangeItem = Extract<EssItem, { kind: 'range' }>;

const NUMBER = '-?\\d+(?:\\.\\d+)?';
const RANGE = new RegExp(`^(${NUMBER})\\.\\.(${NUMBER})$`);

/**
 * `range<n:LO..HI>` (Touchstone's own): component n (same class and resource-id) is on the screen
 * and the first number in its text ("2 500 ₽" reads 2500) lies in [LO, HI].
 */
export const range = {
  kind: 'range',
  keywords: ['range'],
  parse(keyword, content, raw) {
    const s = splitIndexed(keyword, content, 'a number range');
    if (typeof s === 'string') return s;
    const m = RANGE.exec(s.rest);
    if (!m) return `${keyword}<${content}> needs LO..HI after the colon, e.g. ${keyword}<${s.target.index}:0..100>`;
    const [min, max] = [Number(m[1]), Number(m[2])];
    return min <= max ? { kind: 'range', target: s.target, min, max, raw } : `${keyword}<${content}>: ${min} is more than ${max}`;
  },
  format: (item) => `range<${item.target.index}:${item.min}..${item.max}>`,
  ...TOLERANT,
  order: { fixed: 64, legacy: 2 },
  match(item, gt, exec, _trace, svc) {
    if (svc.mode === 'legacy') return legacyUnknown(item.raw, 'range');
    const accepts = (t: string): boolean => { const v = firstNumber(t); return v !== null && v >= item.min && v <= item.max; };
    return matchDynamicText('range', item.raw, item.target, accepts, `a number from ${item.min} to ${item.max}`, gt, exec, svc);
  },
  describe: (item, what) => `${what} is on the screen showing a number from ${item.min} to ${item.max}.`,
  ui: {
    label: 'Number range', input: 'component', colour: '#fb923c',
    adds: [{
      key: 'u', label: 'Range', title: 'The selected component must be on the screen showing a number of the same order, 0 to ten times it (range<n:lo..hi>, edit the bounds in the line)', input: 'component', slot: 84,
      make: (c, _a, text) => {
        const v = text === undefined ? null : firstNumber(text);
        return c === null || v === null ? null : { kind: 'range', target: { index: c }, min: Math.min(0, v * 10), max: Math.max(0, v * 10) };
      },
    }],
  },
} satisfies PrimitiveSpec<RangeItem>;
