import type { EssItem } from '../../model';
import { matchFuzzyNode, matchFuzzyScreen } from '../../evaluation/match-fuzzy';
import { fuzzyUndone } from '../../evaluation/undone';
import { parseTarget, targetText } from './syntax';
import type { PrimitiveSpec } from './spec';

type FuzzyItem = Extract<EssItem, { kind: 'fuzzy' }>;

/**
 * `fuzzy<n|xpath>`: some component carries text similar to the annotated one's; `fuzzy<-1>`: the
 * whole screen's text is similar; `fuzzy<-2>` (any other negative number) is upstream's legacy
 * marker, parsed with a warning and ignored.
 */
export const fuzzy = {
  kind: 'fuzzy',
  keywords: ['fuzzy'],
  parse(_keyword, content, raw) {
    if (content === '-1') return { kind: 'fuzzy', target: { screen: true }, raw };
    if (/^-\d+$/.test(content)) return { kind: 'fuzzy', target: { legacy: Number(content) }, raw };
    const target = parseTarget(content);
    return target ? { kind: 'fuzzy', target, raw } : `fuzzy<${content}> needs -1, a component number or an xpath`;
  },
  format(item) {
    const t = item.target;
    return `fuzzy<${'screen' in t ? '-1' : 'legacy' in t ? String(t.legacy) : targetText(t)}>`;
  },
  warning: (item) => ('legacy' in item.target ? `${item.raw} is a legacy item and is ignored.` : undefined),
  needs: { hierarchy: true, embeddings: true },
  order: { fixed: 80, legacy: 0 },
  cost: () => 'model',
  match(item, gt, exec, _trace, svc) {
    const t = item.target;
    if ('legacy' in t) return null; // fuzzy<-2>: legacy marker, ignored (upstream skipped it too)
    if ('screen' in t) return matchFuzzyScreen(item.raw, gt, exec, svc);
    return matchFuzzyNode(item.raw, t, gt, exec, svc);
  },
  // fuzzy<-1> is never undone: a keyboard closing or a dialog dismissed changes the whole screen's text.
  undoneBy: (item, gt, reached, later, svc) => ('index' in item.target || 'xpath' in item.target ? fuzzyUndone(item.raw, item.target, gt, reached, later, svc) : null),
  target: (item) => ('index' in item.target || 'xpath' in item.target ? item.target : null),
  describe(item, what) {
    if ('screen' in item.target) return 'The whole screen’s text is semantically similar to this step’s.';
    if ('legacy' in item.target) return 'Legacy item; ignored by the evaluator.';
    return `Some component carries text similar to ${what}.`;
  },
  ui: {
    label: 'Fuzzy', input: 'component', colour: '#a78bfa',
    adds: [
      { key: 'f', label: 'Fuzzy', title: 'A component with similar text must be on the screen (fuzzy<n>)', input: 'component', slot: 20, make: (c) => (c === null ? null : { kind: 'fuzzy', target: { index: c } }) },
      { key: 's', label: 'Screen fuzzy', title: 'The whole screen must be similar (fuzzy<-1>)', input: 'none', toggle: true, slot: 60, make: () => ({ kind: 'fuzzy', target: { screen: true } }) },
    ],
  },
} satisfies PrimitiveSpec<FuzzyItem>;
