import type { EssItem, EssTarget, EssentialState, NumberedComponent, VhNode, ViewHierarchy } from '../model';
import { formatBounds } from '../formats/bounds';
import { resolveXpath } from '../formats/xpath';
import { PRIMITIVE_REGISTRY, type EssPrimitive, type PrimitiveRegistry } from '../kinds/primitives';
import { targetLabel } from '../kinds/primitives/syntax';

export type { EssPrimitive } from '../kinds/primitives';

/** One item of a step's `.ess`, resolved against that step's components for display. */
export interface EssItemView {
  /** Position of the item in the line (0-based). */
  index: number;
  keyword: EssItem['kind'];
  /** Exact source spelling, e.g. `click<//*[@text="Done"]>`. */
  raw: string;
  /** What the item points at: `#14`, an xpath, an app name or typed text; null for `activity`/screen fuzzy. */
  target: string | null;
  /** The primitive drawn on the canvas, when the item points at a component. */
  primitive?: EssPrimitive;
  /** What the item checks, as one sentence. */
  sentence: string;
  /** The i.json component ids the item points at (an xpath may name several, or none). */
  componentIds: number[];
  /** Why the target could not be resolved on this step, when it could not. */
  problem?: string;
}

/**
 * The i.json components that are the same screen element as `node`: same
 * bounds and class (an `xpath` field, when the file has one, settles it).
 * Bounds alone decide when no class matches, since i.json may shorten classes.
 */
export function componentsForNode(node: VhNode, components: readonly NumberedComponent[]): number[] {
  const byXpath = components.filter((c) => typeof c.xpath === 'string' && c.xpath === node.xpath);
  if (byXpath.length) return byXpath.map((c) => c.id);
  if (!node.bounds) return [];
  const b = formatBounds(node.bounds);
  const sameBox = components.filter((c) => typeof c.bounds === 'string' && c.bounds.replace(/\s/g, '') === b);
  const sameClass = sameBox.filter((c) => c.class === node.className);
  return (sameClass.length ? sameClass : sameBox).map((c) => c.id);
}

function labelOf(components: readonly NumberedComponent[], ids: number[]): string {
  if (ids.length !== 1) return ids.length ? `components ${ids.map((i) => `#${i}`).join(', ')}` : 'the component';
  const c = components.find((x) => x.id === ids[0]);
  const name = c ? c.text || c['content-desc'] || c.class.split('.').pop() || '' : '';
  return name ? `#${ids[0]} (“${name}”)` : `#${ids[0]}`;
}

/**
 * Resolves every item of a step's `.ess` to the components it points at: a
 * number is an index into `components` (the step's i.json list position); an
 * xpath is resolved on the step's own hierarchy `vh` and mapped to i.json ids.
 */
export function resolveEssItems(ess: EssentialState, components: readonly NumberedComponent[], vh?: ViewHierarchy, registry: PrimitiveRegistry = PRIMITIVE_REGISTRY): EssItemView[] {
  return ess.items.map((item, index) => {
    const base = { index, keyword: item.kind, raw: item.raw };
    const spec = registry.spec(item.kind);
    const describe = (what: string): string => spec?.describe(item, what) ?? `${item.raw}: no primitive '${item.kind}' is known.`;
    const t: EssTarget | null = spec?.target?.(item) ?? null;
    if (!t) {
      const target: string | null = spec?.content?.(item) ?? null;
      return { ...base, target, sentence: describe(''), componentIds: [] };
    }
    // A primitive that points at a component is drawn on the canvas (its spec gives it a colour).
    const primitive = item.kind as EssPrimitive;
    let ids: number[] = [];
    let problem: string | undefined;
    if ('index' in t) {
      const c = components[t.index];
      if (c) ids = [c.id];
      else problem = `${item.raw} points past the component list (${components.length} components).`;
    } else if (!vh) {
      problem = `${item.raw}: this step has no readable hierarchy to resolve the xpath on.`;
    } else {
      try {
        const nodes = resolveXpath(vh, t.xpath);
        ids = [...new Set(nodes.flatMap((n) => componentsForNode(n, components)))];
        if (!nodes.length) problem = 'The xpath matches no node on this step’s screen.';
        else if (!ids.length) problem = `The xpath matches ${nodes.length} node(s), none of them a numbered component.`;
      } catch (err) {
        problem = (err as Error).message;
      }
    }
    return { ...base, target: targetLabel(t), primitive, sentence: describe(labelOf(components, ids)), componentIds: ids, ...(problem ? { problem } : {}) };
  });
}
