import type { GtStateInput } from '../../evaluation/types';
import type { CostTier, ItemBase, PrimitiveAdd, PrimitiveInput, SomePrimitiveSpec } from './spec';

/** A one-key add with the kind it adds. */
export type KindAdd = PrimitiveAdd & { kind: string };

/**
 * A set of primitives, looked up by kind and by keyword. Built from a list so a test can add a
 * throw-away primitive to the production list; the production registry is `PRIMITIVE_REGISTRY`.
 */
export interface PrimitiveRegistry {
  /** The specs in table order (legend order of the coloured ones). */
  readonly list: readonly SomePrimitiveSpec[];
  /** Every one-key add of every spec, in button order (`slot`). */
  readonly adds: readonly KindAdd[];
  /** The spec of a kind, or undefined. */
  spec(kind: string): SomePrimitiveSpec | undefined;
  /** The spec that parses a keyword, or undefined. */
  byKeyword(keyword: string): SomePrimitiveSpec | undefined;
  /**
   * Sort key of an item in evaluation order. Fixed mode: string checks by rank, then icon
   * comparisons in line order, then model checks by rank. Legacy mode: upstream's rank.
   */
  orderKey(item: ItemBase, mode: 'fixed' | 'legacy', gt?: GtStateInput): number;
  /** Whether checking the item may decode a screenshot, embed texts or run OCR. */
  isCostly(item: ItemBase, gt: GtStateInput): boolean;
  /** Whether any of the items needs this evaluation input (e.g. `ocr`: recognise the screenshots). */
  needs(items: readonly ItemBase[], input: PrimitiveInput): boolean;
}

const TIER: Record<CostTier, number> = { string: 0, icon: 1, model: 2 };

/** Builds a registry; throws on a kind, keyword or key given twice, or a keyword the parser cannot read. */
export function createPrimitiveRegistry(specs: readonly SomePrimitiveSpec[]): PrimitiveRegistry {
  const kinds = new Map<string, SomePrimitiveSpec>();
  const keywords = new Map<string, SomePrimitiveSpec>();
  const keys = new Map<string, string>();
  for (const s of specs) {
    if (kinds.has(s.kind)) throw new Error(`Two primitives have the kind '${s.kind}'; each kind has one spec in shared/kinds/primitives.`);
    kinds.set(s.kind, s);
    for (const k of s.keywords) {
      if (!/^[A-Za-z_]+$/.test(k)) throw new Error(`Primitive '${s.kind}': the keyword '${k}' must be letters and underscores (the .ess parser reads [A-Za-z_]+<).`);
      const other = keywords.get(k);
      if (other) throw new Error(`The keyword '${k}' is claimed by both '${other.kind}' and '${s.kind}'.`);
      keywords.set(k, s);
    }
    for (const a of s.ui.adds) {
      const other = keys.get(a.key);
      if (other) throw new Error(`The annotation key '${a.key}' is claimed by both '${other}' and '${s.kind}'.`);
      keys.set(a.key, s.kind);
    }
  }
  const adds = specs.flatMap((s) => s.ui.adds.map((a: PrimitiveAdd) => ({ ...a, kind: s.kind }))).sort((a, b) => a.slot - b.slot);
  return {
    list: specs,
    adds,
    spec: (kind) => kinds.get(kind),
    byKeyword: (keyword) => keywords.get(keyword),
    orderKey(item, mode, gt) {
      const s = kinds.get(item.kind);
      if (!s) return Number.MAX_SAFE_INTEGER; // an unknown kind is reported by the dispatch; last
      if (mode === 'legacy') return s.order.legacy;
      const tier: CostTier = s.cost(item, gt);
      // Icon comparisons keep their line order among themselves (one tier, one key).
      return TIER[tier] * 1e6 + (tier === 'icon' ? 0 : s.order.fixed);
    },
    isCostly: (item, gt) => ((kinds.get(item.kind)?.cost(item, gt) as CostTier | undefined) ?? 'string') !== 'string',
    needs: (items, input) => items.some((i) => kinds.get(i.kind)?.needs[input] === true),
  };
}
