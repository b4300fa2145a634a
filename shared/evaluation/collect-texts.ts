import type { GtStateInput, MatchServices, TraceInput } from './types';
import { lookupTarget } from './component-target';
import { candidateTexts, fuzzyTargetText } from './match-fuzzy';

/**
 * Every text the fuzzy matchers of these states may ask `similarity` about on this trace, so the
 * core can embed them in one batch (through the cache) before the synchronous scan.
 * Empty when no state has a fuzzy item (the common case costs nothing).
 */
export function textsToEmbed(states: readonly GtStateInput[], trace: TraceInput, svc: MatchServices): string[] {
  const out = new Set<string>();
  let nodeLevel = false;
  let screenLevel = false;
  for (const gt of states) {
    for (const item of gt.ess.items) {
      if (item.kind !== 'fuzzy' || 'legacy' in item.target) continue;
      if ('screen' in item.target) {
        screenLevel = true;
        if (gt.screenText) out.add(gt.screenText);
        continue;
      }
      nodeLevel = true;
      const t = lookupTarget(item.target, gt, svc);
      if (t.ok) {
        const s = fuzzyTargetText(t.component);
        if (s) out.add(s);
      }
    }
  }
  if (svc.mode === 'legacy' && !screenLevel) return [];
  for (const step of trace.steps) {
    if (nodeLevel && svc.mode === 'fixed') for (const t of candidateTexts(step)) out.add(t);
    if (screenLevel && step.screenText) out.add(step.screenText);
  }
  return [...out];
}
