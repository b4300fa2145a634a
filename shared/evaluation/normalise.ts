import type { Bounds, NumberedComponent, VhNode } from '../model';
import type { NodeSummary } from './types';

/** Values upstream treats as "no value". */
const EMPTY = new Set(['', 'none', 'null']);

/** True for "", whitespace, null, undefined, "None" and "null" (upstream's notion of empty). */
export function isEmptyValue(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  return EMPTY.has(String(v).trim().toLowerCase());
}

/** Case- and whitespace-insensitive form used for text comparisons (NFKC folds NBSP and full-width forms). */
export function normaliseText(s: string | null | undefined): string {
  if (isEmptyValue(s)) return '';
  const t = String(s);
  // Fast path for plain printable ASCII (most UI text): NFKC cannot change it.
  if (/^[\x21-\x7e]+(?: [\x21-\x7e]+)*$/.test(t)) return t.toLowerCase();
  return t.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();
}

/**
 * Memo of normalisedNodeTexts on the node itself under a symbol key: JSON and structured clone
 * skip symbol keys, so nodes sent to the renderer or a worker are unchanged. (A WeakMap did the
 * same at an ephemeron per node, which every garbage collection has to trace.)
 */
const NODE_TEXTS: unique symbol = Symbol('normalisedNodeTexts');
type WithTexts = VhNode & { [NODE_TEXTS]?: { text: string; desc: string } };

/** normaliseText of a node's text and content-desc, computed once per node (nodes are compared many times). */
export function normalisedNodeTexts(n: VhNode): { text: string; desc: string } {
  const m = n as WithTexts;
  let v = m[NODE_TEXTS];
  if (!v) {
    v = { text: normaliseText(n.text), desc: normaliseText(n.contentDesc) };
    if (Object.isExtensible(n)) Object.defineProperty(n, NODE_TEXTS, { value: v, enumerable: false });
  }
  return v;
}

/** Parses an `i.json` bounds string "[x1,y1][x2,y2]"; null when malformed. */
export function parseComponentBounds(s: string): Bounds | null {
  const m = /^\s*\[(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)\]\[(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)\]\s*$/.exec(s);
  if (!m) return null;
  return { x1: Number(m[1]), y1: Number(m[2]), x2: Number(m[3]), y2: Number(m[4]) };
}

/** Evidence summary of an execution node. */
export function summariseNode(n: VhNode): NodeSummary {
  return { ref: n.order, className: n.className, text: n.text, resourceId: n.resourceId, contentDesc: n.contentDesc, bounds: n.bounds };
}

/** Evidence summary of a ground-truth component. */
export function summariseComponent(c: NumberedComponent): NodeSummary {
  return {
    ref: c.id,
    className: c.class,
    text: c.text ?? '',
    resourceId: c['resource-id'] ?? '',
    contentDesc: c['content-desc'] ?? '',
    bounds: parseComponentBounds(c.bounds ?? ''),
  };
}

/** A node rendered for a sentence: `Button "Done" (com.x:id/ok)`. */
export function describeNode(n: NodeSummary): string {
  const cls = n.className.split('.').pop() || n.className || 'node';
  const label = n.text || n.contentDesc;
  return `${cls}${label ? ` "${label}"` : ''}${n.resourceId ? ` (${n.resourceId})` : ''}`;
}
