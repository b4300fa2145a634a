import { createHash } from 'node:crypto';
import type { ViewHierarchy, VhNode } from '../../../../shared/model';
import { inside } from '../view';
import type { RecordedAction } from '../replay/load-recording';

/**
 * Identities for the offline graph. A state is its activity plus a hash of the hierarchy's structure (index
 * path, class and resource-id of every node): text, content-desc and bounds are left out, so a clock, a
 * counter or a scrolled list does not split one screen into many. A transition is keyed by what the action
 * acted on, not where: a tap's key names the component it hit (resource-id, class, content-desc, text when
 * the node has neither, and its rank among equal nodes), so a tap anywhere on the same button follows it.
 */
export function structureHash(vh: ViewHierarchy | null): string {
  const h = createHash('sha1');
  for (const n of vh?.nodes ?? []) h.update(`${n.indexPath.join('.')}|${n.className}|${n.resourceId}\n`);
  return h.digest('hex').slice(0, 16);
}

export function stateId(activity: string, vh: ViewHierarchy | null): string {
  return `${activity || 'unknown'}#${structureHash(vh)}`;
}

const area = (n: VhNode): number => (n.bounds ? (n.bounds.x2 - n.bounds.x1) * (n.bounds.y2 - n.bounds.y1) : Infinity);

/** The node a tap at (x, y) acts on: the smallest clickable one containing it, else the smallest containing it. */
export function nodeAt(vh: ViewHierarchy, x: number, y: number): VhNode | null {
  let best: VhNode | null = null;
  let bestAny: VhNode | null = null;
  for (const n of vh.nodes) {
    if (!n.bounds || !inside(n.bounds, x, y)) continue;
    if ((n.clickable || n.longClickable) && (!best || area(n) < area(best))) best = n;
    if (!bestAny || area(n) < area(bestAny)) bestAny = n;
  }
  return best ?? bestAny;
}

function nodeKey(n: VhNode): string {
  return `${n.resourceId}|${n.className}|${n.contentDesc}|${n.resourceId || n.contentDesc ? '' : n.text}`;
}

/** The component signature of a node, unique on its screen. */
export function componentSignature(vh: ViewHierarchy, n: VhNode): string {
  const key = nodeKey(n);
  const rank = vh.nodes.filter((m) => m.order < n.order && nodeKey(m) === key).length;
  return `${key}#${rank}`;
}

const direction = (dx: number, dy: number): string => (Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : dy > 0 ? 'down' : 'up');

/**
 * The transition key of an action on a screen (`tap:SIGNATURE`, `long-press:...`, `swipe:up`, `text:...`,
 * `key:back`), or null for actions that change nothing (task complete, unknown).
 */
export function actionKey(a: RecordedAction, vh: ViewHierarchy | null): string | null {
  switch (a.kind) {
    case 'tap': case 'long-press': {
      const n = vh ? nodeAt(vh, a.x, a.y) : null;
      return `${a.kind}:${n && vh ? componentSignature(vh, n) : `@${Math.round(a.x)},${Math.round(a.y)}`}`;
    }
    case 'swipe': return `swipe:${direction(a.x2 - a.x1, a.y2 - a.y1)}`;
    case 'text': return `text:${a.text}`;
    case 'key': return `key:${a.key}`;
    case 'none': return null;
  }
}
