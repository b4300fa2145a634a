import type { EssTarget, NumberedComponent, VhNode } from '../model';
import type { ExecStepInput, GtStateInput, MatchServices } from './types';
import { lookupTarget, isIconComponent } from './component-target';
import { anchorCounterpart, hierarchySize } from './find-counterpart';
import { isEmptyValue, normaliseText } from './normalise';
import { parseActivityName, sameActivity } from './activity-name';
import { matchNodePresence } from './match-exact';
import { matchFuzzyNode } from './match-fuzzy';

// What "undoing" a screen item means, per primitive (the rule and its examples: README.md,
// "Persistence of the final state"). Each check answers whether a later step *contradicts* what the
// item held when the goal was reached; a node that is merely gone (a toast that faded, a dialog
// dismissed after saving, a screen left with back) is never a contradiction.

/** Whether two steps are on the same activity; `undefined` when either step recorded none. */
function sameScreen(a: ExecStepInput, b: ExecStepInput): boolean | undefined {
  const x = a.activity ? parseActivityName(a.activity) : undefined;
  const y = b.activity ? parseActivityName(b.activity) : undefined;
  return x && y ? sameActivity(x, y) : undefined;
}

const tail = (id: string): string => id.slice(id.lastIndexOf('/') + 1);

/** A short name for a component in a sentence: its text, description, id, else class and place. */
export function componentLabel(c: NumberedComponent): string {
  if (!isEmptyValue(c.text) && String(c.text).trim()) return `'${String(c.text).trim()}'`;
  if (!isEmptyValue(c['content-desc']) && String(c['content-desc']).trim()) return `'${String(c['content-desc']).trim()}'`;
  if (!isEmptyValue(c['resource-id']) && String(c['resource-id']).trim()) return `'${tail(String(c['resource-id']))}'`;
  return `the ${tail(String(c.class).replaceAll('.', '/'))} at ${c.bounds ?? '?'}`;
}

function counterpart(c: NumberedComponent, gt: GtStateInput, step: ExecStepInput): VhNode | undefined {
  if (!step.hierarchy) return undefined;
  const size = gt.screenSize ?? (gt.hierarchy ? hierarchySize(gt.hierarchy) : undefined);
  const cp = anchorCounterpart(c, size, step.hierarchy);
  return cp.node && cp.node.className === c.class ? cp.node : undefined;
}

function component(target: EssTarget, gt: GtStateInput, svc: MatchServices): NumberedComponent | undefined {
  const t = lookupTarget(target, gt, svc);
  return t.ok ? t.component : undefined;
}

/**
 * `exact<n>`: undone when the node's counterpart (same identity, or for a node without text, id or
 * description the same class at the same place on the same activity) shows the opposite `checked`
 * (a switch, checkbox, radio button) or `selected` (a tab, a chip) state from the one it had when
 * the state was reached. Other differences (focus lost when the keyboard closed, a node gone) are not.
 */
export function exactUndone(target: EssTarget, gt: GtStateInput, reached: ExecStepInput, later: ExecStepInput, svc: MatchServices): string | null {
  const c = component(target, gt, svc);
  if (!c) return null;
  const anonymous = isEmptyValue(c['resource-id']) && isIconComponent(c);
  if (anonymous && sameScreen(reached, later) !== true) return null;
  const r = counterpart(c, gt, reached);
  const l = counterpart(c, gt, later);
  if (!r || !l) return null;
  if (c.checkable === true && r.checkable && l.checkable && r.checked === Boolean(c.checked) && l.checked !== r.checked) {
    return `turned ${componentLabel(c)} ${r.checked ? 'off' : 'on'} again`;
  }
  if (c.selected !== undefined && r.selected === Boolean(c.selected) && l.selected !== r.selected) {
    return `${r.selected ? 'deselected' : 'selected'} ${componentLabel(c)} again`;
  }
  return null;
}

/**
 * `exclude<n>`: undone when the excluded node is on a later screen of the same activity (an item
 * deleted and brought back by undo, a banner dismissed that came back). Elsewhere it may rightly exist.
 */
export function excludeUndone(raw: string, target: EssTarget, gt: GtStateInput, reached: ExecStepInput, later: ExecStepInput, svc: MatchServices): string | null {
  const same = sameScreen(reached, later);
  const c = component(target, gt, svc);
  if (!c || same === false || (same === undefined && isIconComponent(c))) return null;
  const v = matchNodePresence('exclude', raw, target, gt, later, svc);
  return v.status === 'fail' ? `brought ${componentLabel(c)} back` : null;
}

/** Nodes of a step with this resource-id and class. */
function withId(step: ExecStepInput, rid: string, cls: string): VhNode[] {
  return step.hierarchy ? step.hierarchy.nodes.filter((n) => n.resourceId === rid && n.className === cls) : [];
}

/**
 * `fuzzy<n>`: undone when the one node with the target's resource-id and class on the same activity
 * now carries a text that is no longer similar (a title typed and then cleared or replaced). Nodes
 * without an id, or ids repeated on the screen (list rows), cannot be followed, so they never count.
 */
export function fuzzyUndone(raw: string, target: EssTarget, gt: GtStateInput, reached: ExecStepInput, later: ExecStepInput, svc: MatchServices): string | null {
  const c = component(target, gt, svc);
  const rid = c && !isEmptyValue(c['resource-id']) ? String(c['resource-id']) : '';
  if (!c || !rid || sameScreen(reached, later) === false) return null;
  const [r, ...r2] = withId(reached, rid, c.class);
  const [l, ...l2] = withId(later, rid, c.class);
  if (!r || !l || r2.length || l2.length || normaliseText(r.text) === normaliseText(l.text)) return null;
  const v = matchFuzzyNode(raw, target, gt, later, svc);
  return v.status === 'fail' ? `changed ${componentLabel(c)} from '${r.text}' to '${l.text}'` : null;
}
