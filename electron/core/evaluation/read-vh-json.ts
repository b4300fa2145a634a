import type { Parsed, VhNode, ViewHierarchy } from '../../../shared/model';
import { boundsFromPairs } from '../../../shared/formats/bounds';
import { assignXpaths } from '../../../shared/formats/vh-build';
import { parseDroidbotVh } from '../../../shared/formats/parse-droidbot-vh';

const str = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v));

/** A DroidBot view whose raw `attrs` (all source keys as strings) are built only when an xpath predicate asks. */
class JsonNode implements VhNode {
  order: number;
  indexPath: number[] = [];
  xpath = '';
  className: string;
  text: string;
  resourceId: string;
  contentDesc: string;
  packageName: string;
  bounds: VhNode['bounds'];
  checkable: boolean;
  checked: boolean;
  clickable: boolean;
  enabled: boolean;
  focusable: boolean;
  focused: boolean;
  scrollable: boolean;
  longClickable: boolean;
  password: boolean;
  selected: boolean;
  visible: boolean;
  parent: number | null = null;
  children: number[] = [];
  #src: Record<string, unknown>;
  #attrs?: Record<string, string>;

  constructor(o: Record<string, unknown>, i: number) {
    this.#src = o;
    this.order = i;
    this.className = str(o.class);
    this.text = str(o.text);
    this.resourceId = str(o.resource_id);
    this.contentDesc = str(o.content_description);
    this.packageName = str(o.package);
    this.bounds = boundsFromPairs(o.bounds);
    this.checkable = o.checkable === true;
    this.checked = o.checked === true;
    this.clickable = o.clickable === true;
    this.enabled = o.enabled === true;
    this.focusable = o.focusable === true;
    this.focused = o.focused === true;
    this.scrollable = o.scrollable === true;
    this.longClickable = o.long_clickable === true;
    this.password = o.is_password === true;
    this.selected = o.selected === true;
    this.visible = o.visible === true;
  }

  get attrs(): Record<string, string> {
    if (!this.#attrs) {
      const a: Record<string, string> = {};
      for (const k in this.#src) { const v = this.#src[k]; a[k] = typeof v === 'string' ? v : JSON.stringify(v) ?? 'undefined'; }
      this.#attrs = a;
    }
    return this.#attrs;
  }
}

/**
 * The evaluator's reader for DroidBot view lists (`view_hierarchy/i.json`, `i.vh`, DroidBot states):
 * the same nodes as shared/formats' parseDroidbotVh (read-vh-json.test.ts checks every real fixture),
 * but each node's raw `attrs` map is built on first use. Building it for every node was over half of
 * the parse time and most of the garbage on the evaluator's hot path, and only xpath predicates read it.
 * Anything unusual (not a list, a view that is not an object) goes to parseDroidbotVh for its exact problem.
 */
export function parseVhJsonLazy(text: string, file: string): Parsed<ViewHierarchy> {
  let data: unknown;
  try { data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text); } catch { data = undefined; }
  const list = Array.isArray(data) ? data : (data as { views?: unknown } | undefined)?.views;
  if (!Array.isArray(list) || list.some((v) => !v || typeof v !== 'object' || Array.isArray(v))) return parseDroidbotVh(text, file);
  const nodes = list.map((v, i) => new JsonNode(v as Record<string, unknown>, i));
  const roots: number[] = [];
  for (let i = 0; i < list.length; i++) {
    const o = list[i] as Record<string, unknown>;
    const p = o.parent;
    if (typeof p === 'number' && Number.isInteger(p) && p >= 0 && p < nodes.length && p !== i) nodes[i]!.parent = p;
    else roots.push(i);
    if (Array.isArray(o.children)) for (const c of o.children) if (typeof c === 'number' && Number.isInteger(c) && c >= 0 && c < nodes.length && c !== i) nodes[i]!.children.push(c);
  }
  const vh: ViewHierarchy = { source: 'droidbot', nodes, roots };
  assignXpaths(vh);
  // Warnings (temp_id != position, dangling children) are not needed here: the evaluator never shows them.
  return { ok: true, value: vh, warnings: [] };
}
