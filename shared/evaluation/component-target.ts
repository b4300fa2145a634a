import type { EssTarget, NumberedComponent } from '../model';
import type { GtStateInput, MatchServices } from './types';
import { isEmptyValue } from './normalise';

/** Component lookup outcome: the annotated component, or why it cannot be found. */
export type TargetLookup = { ok: true; component: NumberedComponent } | { ok: false; reason: string };

/**
 * Resolves an item's target to a ground-truth component: an index into `i.json`, or an xpath
 * evaluated on the ground-truth hierarchy and mapped to the component with the same bounds.
 */
export function lookupTarget(target: EssTarget, gt: GtStateInput, svc: MatchServices): TargetLookup {
  if ('index' in target) {
    const c = gt.components[target.index];
    if (!c) return { ok: false, reason: `Node ${target.index} is not in step ${gt.step}'s i.json (${gt.components.length} components).` };
    return { ok: true, component: c };
  }
  if (!gt.hierarchy) return { ok: false, reason: `Step ${gt.step} has no hierarchy to resolve xpath ${target.xpath}.` };
  const nodes = svc.resolveXpath(gt.hierarchy, target.xpath);
  const n = nodes[0];
  if (!n) return { ok: false, reason: `Xpath ${target.xpath} matches no node on ground-truth step ${gt.step}.` };
  const b = n.bounds;
  const bounds = b ? `[${b.x1},${b.y1}][${b.x2},${b.y2}]` : '';
  const same = gt.components.find((c) => c.bounds === bounds && c.class === n.className);
  return {
    ok: true,
    component: same ?? {
      id: -1, class: n.className, text: n.text, 'resource-id': n.resourceId, 'content-desc': n.contentDesc, bounds,
      enabled: n.enabled, checked: n.checked, checkable: n.checkable, visible: n.visible, selected: n.selected,
      focused: n.focused, focusable: n.focusable, clickable: n.clickable, 'long-clickable': n.longClickable,
      password: n.password, scrollable: n.scrollable, xpath: target.xpath,
    },
  };
}

/** An icon: a component with neither text nor content-desc (compared by image, not attributes). */
export function isIconComponent(c: NumberedComponent): boolean {
  return isEmptyValue(c.text) && isEmptyValue(c['content-desc']);
}
