import type { NumberedComponent, VhNode } from '../model';

/**
 * Upstream's exact<n> node comparison (exact_match.py `_check_exact_single_node_match`), reproduced
 * for legacy mode: the raw XML attribute against the i.json value, "true"/"false" read as booleans,
 * text and content-desc lower-cased and nothing else (no trimming, no whitespace or Unicode folding),
 * an attribute absent from the node equal only to an empty annotated value.
 */
const CHECKED = ['class', 'text', 'resource-id', 'content-desc', 'enabled', 'checked', 'checkable', 'selected', 'focused', 'focusable', 'clickable', 'long-clickable', 'password', 'scrollable'] as const;

/** Upstream's `null_state`: exactly these, nothing trimmed. */
const NULL_STATE = new Set<unknown>(['', ' ', 'null', null, undefined]);

/** Upstream compares a node by its screenshot crop when both its text and content-desc are in `null_state`. */
export function upstreamIsIcon(c: NumberedComponent): boolean {
  return NULL_STATE.has(c.text) && NULL_STATE.has(c['content-desc']);
}

/** Python `==` on the value kinds a JSON entry and a converted XML attribute can hold. */
function pyEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const num = (v: unknown): number | undefined => (typeof v === 'boolean' ? Number(v) : typeof v === 'number' ? v : undefined);
  const x = num(a);
  return x !== undefined && x === num(b);
}

/**
 * The first execution node upstream would call equal to component `c`, or why upstream raised (an
 * attribute missing from the i.json entry, a null text it lower-cased). Only uiautomator XML nodes
 * carry the raw attributes this reads; legacy mode reads nothing else.
 */
export function upstreamEqualNode(c: NumberedComponent, nodes: readonly VhNode[]): { node?: VhNode; error?: string } {
  const entry = c as unknown as Record<string, unknown>;
  const missing = CHECKED.find((k) => !(k in entry));
  if (missing && nodes.length) return { error: `node ${c.id} of the ground-truth i.json has no "${missing}" (upstream asserted every compared attribute is there)` };
  for (const n of nodes) {
    let equal = true;
    for (const k of CHECKED) {
      const raw = n.attrs[k];
      let want = entry[k];
      if (raw === undefined) {
        if (NULL_STATE.has(want)) continue;
        equal = false;
        break;
      }
      let got: string | boolean = raw === 'true' ? true : raw === 'false' ? false : raw;
      if (k === 'text' || k === 'content-desc') {
        if (typeof got === 'boolean') return { error: `a node's ${k} is "${raw}", which upstream read as a boolean and then lower-cased, and raised` };
        if (typeof want !== 'string') return { error: `node ${c.id} of the ground-truth i.json has ${k} ${JSON.stringify(want)}, which upstream lower-cased and raised on` };
        want = want.toLowerCase();
        got = typeof got === 'string' ? got.toLowerCase() : got;
      }
      if (!pyEqual(got, want)) { equal = false; break; }
    }
    if (equal) return { node: n };
  }
  return {};
}
