import type { EssItem } from '../model';
import type { ExecStepInput, GtStateInput, ItemVerdict, MatchServices, TraceInput } from './types';
import { PRIMITIVE_REGISTRY, type PrimitiveRegistry } from '../kinds/primitives';

/**
 * Evaluates one essential-state item on one execution step through its primitive's spec
 * (shared/kinds/primitives). Never throws: an unexpected exception becomes an `error` verdict
 * naming the item, so one bad check cannot stop the run. Returns null for items that are ignored
 * (`fuzzy<-2>`, legacy only-marker).
 */
export function matchItem(item: EssItem, gt: GtStateInput, exec: ExecStepInput, trace: TraceInput, svc: MatchServices, registry: PrimitiveRegistry = PRIMITIVE_REGISTRY): ItemVerdict | null {
  try {
    const spec = registry.spec(item.kind);
    if (!spec) throw new Error(`no primitive '${item.kind}' in shared/kinds/primitives`);
    return spec.match(item, gt, exec, trace, svc) as ItemVerdict | null;
  } catch (err) {
    return { item: item.raw, kind: item.kind, status: 'error', sentence: `Checking ${item.raw} on step ${exec.index} failed: ${(err as Error).message}`, evidence: {} };
  }
}

/** Items whose check may decode a screenshot, embed texts or run OCR (everything else is string work). */
export function isCostlyItem(item: EssItem, gt: GtStateInput, registry: PrimitiveRegistry = PRIMITIVE_REGISTRY): boolean {
  return registry.isCostly(item, gt);
}

/**
 * Items of a state in evaluation order for the mode (stable within a rank). Fixed mode runs the
 * string checks first (by each primitive's rank), then, given the state, icon comparisons
 * (exact/exclude on a component without text: a partial screenshot decode, ~2 ms) in line order,
 * then model checks: fuzzy items (a screen text that differs costs the sentence model ~50-90 ms per
 * 128-token window) and OCR. Legacy mode keeps upstream's order (fuzzy, activity, exact, type,
 * click, install), which decides which exception fires first. The order never changes a verdict,
 * only its cost and which failing item is named first.
 */
export function orderItems(items: readonly EssItem[], mode: 'fixed' | 'legacy', gt?: GtStateInput, registry: PrimitiveRegistry = PRIMITIVE_REGISTRY): EssItem[] {
  return [...items].sort((a, b) => registry.orderKey(a, mode, gt) - registry.orderKey(b, mode, gt));
}
