import { assertNever, type EssItem } from '../model';
import type { ExecStepInput, GtStateInput, ItemVerdict, MatchServices, TraceInput } from './types';
import { matchActivity } from './match-activity';
import { matchNodePresence } from './match-exact';
import { matchFuzzyNode, matchFuzzyScreen } from './match-fuzzy';
import { matchClick } from './match-click';
import { matchInstalled, matchOcr, matchType } from './match-simple';
import { isIconComponent } from './component-target';

/**
 * Evaluates one essential-state item on one execution step. Never throws: an unexpected exception
 * becomes an `error` verdict naming the item, so one bad check cannot stop the run.
 * Returns null for items that are ignored (`fuzzy<-2>`, legacy only-marker).
 */
export function matchItem(item: EssItem, gt: GtStateInput, exec: ExecStepInput, trace: TraceInput, svc: MatchServices): ItemVerdict | null {
  try {
    switch (item.kind) {
      case 'activity': return matchActivity(item.raw, gt, exec, svc);
      case 'exact': return matchNodePresence('exact', item.raw, item.target, gt, exec, svc);
      case 'exclude': return matchNodePresence('exclude', item.raw, item.target, gt, exec, svc);
      case 'fuzzy':
        if ('legacy' in item.target) return null; // fuzzy<-2>: legacy marker, ignored (upstream skipped it too)
        if ('screen' in item.target) return matchFuzzyScreen(item.raw, gt, exec, svc);
        return matchFuzzyNode(item.raw, item.target, gt, exec, svc);
      case 'click': return matchClick(item.raw, item.target, gt, exec, svc);
      case 'type': return matchType(item.raw, item.text, exec, svc);
      case 'installed': return matchInstalled('installed', item.raw, item.app, trace, svc);
      case 'uninstalled': return matchInstalled('uninstalled', item.raw, item.app, trace, svc);
      case 'ocr': return matchOcr(item.raw, item.text, exec);
      default: return assertNever(item, 'essential-state item');
    }
  } catch (err) {
    return { item: item.raw, kind: item.kind, status: 'error', sentence: `Checking ${item.raw} on step ${exec.index} failed: ${(err as Error).message}`, evidence: {} };
  }
}

/** Cheap checks first, so a scan rejects most steps before touching images or embeddings. */
const FIXED_ORDER: EssItem['kind'][] = ['activity', 'type', 'click', 'installed', 'uninstalled', 'exact', 'exclude', 'fuzzy', 'ocr'];
/** Upstream's order (fuzzy, activity, exact, type, click, install); it decides which exception fires first. */
const LEGACY_ORDER: EssItem['kind'][] = ['fuzzy', 'activity', 'exact', 'exclude', 'type', 'click', 'installed', 'uninstalled', 'ocr'];

/** Items whose check may decode a screenshot, embed texts or run OCR (everything else is string work). */
export function isCostlyItem(item: EssItem, gt: GtStateInput): boolean {
  if (item.kind === 'fuzzy' || item.kind === 'ocr') return true;
  if ((item.kind === 'exact' || item.kind === 'exclude') && 'index' in item.target) {
    const c = gt.components[item.target.index];
    return Boolean(c && isIconComponent(c));
  }
  return false;
}

/**
 * Items of a state in evaluation order for the mode (stable within a kind). Fixed mode, given the
 * state, also moves icon comparisons (exact/exclude on a component without text: a partial
 * screenshot decode, ~2 ms) after the string checks and before fuzzy items (a screen text that
 * differs costs the sentence model ~50-90 ms per 128-token window) and OCR. The order never
 * changes a verdict, only its cost and which failing item is named first.
 */
export function orderItems(items: readonly EssItem[], mode: 'fixed' | 'legacy', gt?: GtStateInput): EssItem[] {
  const order = mode === 'legacy' ? LEGACY_ORDER : FIXED_ORDER;
  const rank = (i: EssItem): number => {
    const r = order.indexOf(i.kind);
    if (mode === 'fixed' && gt && (i.kind === 'exact' || i.kind === 'exclude') && 'index' in i.target) {
      const c = gt.components[i.target.index];
      if (c && isIconComponent(c)) return order.indexOf('fuzzy') - 0.5;
    }
    return r;
  };
  return [...items].sort((a, b) => rank(a) - rank(b));
}
