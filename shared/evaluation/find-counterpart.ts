import type { Bounds, NumberedComponent, Size, ViewHierarchy, VhNode } from '../model';
import { isEmptyValue, normaliseText, parseComponentBounds } from './normalise';

/** How the execution counterpart of an annotated node was found. */
export type Counterpart = { node: VhNode; how: 'xpath' | 'anchor'; score: number } | { node?: undefined; reason: string; best?: VhNode };

/** Screen size of a hierarchy: the union of its roots' bounds (falls back to all nodes). */
export function hierarchySize(vh: ViewHierarchy): Size | undefined {
  let w = 0;
  let h = 0;
  const pool = vh.roots.length ? vh.roots.map((r) => vh.nodes[r]!) : vh.nodes;
  for (const n of pool) if (n?.bounds) { w = Math.max(w, n.bounds.x2); h = Math.max(h, n.bounds.y2); }
  return w > 0 && h > 0 ? { width: w, height: h } : undefined;
}

function centre(b: Bounds, s: Size): [number, number] {
  return [(b.x1 + b.x2) / 2 / s.width, (b.y1 + b.y2) / 2 / s.height];
}

/**
 * Finds the execution node that corresponds to an annotated component by anchoring on identity
 * (resource-id, text, content-desc, class) and breaking ties by normalised position. A component
 * with no identity (icon without id) needs the same class close to the same place.
 */
export function anchorCounterpart(c: NumberedComponent, gtSize: Size | undefined, exec: ViewHierarchy): Counterpart {
  const rid = isEmptyValue(c['resource-id']) ? '' : String(c['resource-id']);
  const text = normaliseText(c.text);
  const desc = normaliseText(c['content-desc']);
  const hasIdentity = Boolean(rid || text || desc);
  const gb = parseComponentBounds(c.bounds ?? '');
  const execSize = hierarchySize(exec);
  const gc = gb && gtSize ? centre(gb, gtSize) : undefined;
  let best: VhNode | undefined;
  let bestScore = -Infinity;
  for (const n of exec.nodes) {
    if (!n.bounds) continue;
    let id = 0;
    if (rid && n.resourceId === rid) id += 4;
    if (text && normaliseText(n.text) === text) id += 4;
    if (desc && normaliseText(n.contentDesc) === desc) id += 3;
    if (hasIdentity && id === 0) continue;
    // A conflicting text on a node with the same id is a different item of a list, not the counterpart.
    if (text && normaliseText(n.text) && normaliseText(n.text) !== text) id -= 3;
    const cls = n.className === c.class ? 1 : 0;
    if (!hasIdentity && !cls) continue;
    const dist = gc && execSize ? Math.hypot(...centre(n.bounds, execSize).map((v, i) => v - gc[i]!) as [number, number]) : 0;
    if (!hasIdentity && dist > 0.1) continue;
    const score = id + cls - dist;
    if (score > bestScore) { bestScore = score; best = n; }
  }
  if (!best || bestScore <= 0) return { reason: hasIdentity ? 'no execution node shares its resource-id, text or content-desc' : 'no node of the same class near the same place', best };
  return { node: best, how: 'anchor', score: Math.round(bestScore * 1000) / 1000 };
}
