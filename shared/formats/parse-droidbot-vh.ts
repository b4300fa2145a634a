import type { Parsed, Problem, VhNode, ViewHierarchy } from '../model';
import { boundsFromPairs } from './bounds';
import { assignXpaths } from './vh-build';
import { TREE_LIMITS, clip, jsonNesting, limitProblem, sizeProblem, treeDepth } from './tree-limits';

/** How parseDroidbotVh builds nodes. */
export interface DroidbotVhOptions {
  /**
   * Build each node's raw `attrs` on first read instead of while parsing. Building them for every
   * node is over half of the parse time, and a reader that resolves only a few xpaths (the
   * evaluator) reads them on a handful of nodes. The nodes then hold `attrs` as a getter of their
   * class, not an own property: spreading, JSON or structured clone (IPC, workers) leave it out,
   * so keep such nodes in-process. Default false: every node carries `attrs` as plain data.
   */
  lazyAttrs?: boolean;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);
}

/** Every source key of a view as a string, as uiautomator attributes are. */
function rawAttrs(o: Record<string, unknown>): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const k in o) {
    const v = o[k];
    attrs[k] = typeof v === 'string' ? v : JSON.stringify(v) ?? 'undefined';
  }
  return attrs;
}

// The node classes take VhNode's fields by declaration merging rather than restating them; the
// constructor below sets every one (parse-droidbot-vh.test.ts checks the shape against the XML parser's nodes).
interface DroidbotNode extends Omit<VhNode, 'attrs'> {}

/** The DroidBot field mapping, shared by both node kinds; `attrs` is theirs to provide. */
abstract class DroidbotNode implements VhNode {
  abstract readonly attrs: Record<string, string>;

  constructor(o: Record<string, unknown>, order: number) {
    this.order = order;
    this.indexPath = [];
    this.xpath = '';
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
    this.parent = null;
    this.children = [];
  }
}

class EagerNode extends DroidbotNode {
  attrs: Record<string, string>;
  constructor(o: Record<string, unknown>, order: number) {
    super(o, order);
    this.attrs = rawAttrs(o);
  }
}

class LazyNode extends DroidbotNode {
  #src: Record<string, unknown>;
  #attrs?: Record<string, string>;
  constructor(o: Record<string, unknown>, order: number) {
    super(o, order);
    this.#src = o;
  }
  get attrs(): Record<string, string> {
    return (this.#attrs ??= rawAttrs(this.#src));
  }
}

/**
 * Parses a DroidBot view list: LlamaTouch `i.vh` (a bare JSON list) or a
 * DroidBot state file (`{"views": [...]}`). Node order is the list order
 * (list index = `temp_id`), which is what upstream numbers in. Never throws.
 * `options.lazyAttrs` trades plain-data nodes for speed (see DroidbotVhOptions).
 */
export function parseDroidbotVh(text: string, file: string, options: DroidbotVhOptions = {}): Parsed<ViewHierarchy> {
  try {
    return parseOrProblems(text, file, options.lazyAttrs ? LazyNode : EagerNode);
  } catch (err) {
    return { ok: false, problems: [{ severity: 'error', file, message: `Cannot read the view list: ${err instanceof Error ? err.message : String(err)}.`, hint: 'Re-capture the screen.' }] };
  }
}

function parseOrProblems(text: string, file: string, Node: typeof EagerNode | typeof LazyNode): Parsed<ViewHierarchy> {
  const fail = (message: string, hint: string): Parsed<ViewHierarchy> => ({ ok: false, problems: [{ severity: 'error', file, message, hint }] });
  // Limits first: the size before parsing; the nesting right after (JSON.parse does not recurse), so a
  // 100,000-level value never reaches anything that does (JSON.stringify of a field, the xpaths, a structured clone).
  const tooBig = sizeProblem(text, file);
  if (tooBig) return { ok: false, problems: [tooBig] };
  let data: unknown;
  try {
    data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (err) {
    return fail(`Not valid JSON: ${(err as Error).message}.`, 'The .vh file is damaged or truncated; re-capture the screen.');
  }
  const nesting = jsonNesting(data, TREE_LIMITS.jsonNesting);
  if (nesting > TREE_LIMITS.jsonNesting) return { ok: false, problems: [limitProblem(file, `JSON nested more than ${TREE_LIMITS.jsonNesting} levels deep`, TREE_LIMITS.jsonNesting)] };
  const list = Array.isArray(data) ? data : data && typeof data === 'object' && Array.isArray((data as { views?: unknown }).views) ? (data as { views: unknown[] }).views : null;
  if (!list) return fail('Unsupported format: expected a JSON list of views or an object with a "views" list.', 'Provide a LlamaTouch i.vh or a DroidBot state_*.json file.');
  if (list.length > TREE_LIMITS.nodes) return { ok: false, problems: [limitProblem(file, `${list.length.toLocaleString('en')} views`, TREE_LIMITS.nodes)] };
  const warnings: Problem[] = [];
  let unlisted = 0; // warnings past the first 20 are counted, so a million bad child ids cost one line
  const warn = (message: string): void => {
    if (warnings.length < 20) warnings.push({ severity: 'warning', file, message });
    else unlisted++;
  };
  const nodes: DroidbotNode[] = [];
  for (let i = 0; i < list.length; i++) {
    const v = list[i];
    if (!v || typeof v !== 'object' || Array.isArray(v)) return fail(`View ${i} is not a JSON object.`, 'The .vh file is damaged; re-capture the screen.');
    const o = v as Record<string, unknown>;
    nodes.push(new Node(o, i));
    if (o.temp_id !== undefined && o.temp_id !== i) {
      warn(`View ${i} has temp_id ${clip(str(o.temp_id), 40)}; the list position is used.`);
    }
  }
  const roots: number[] = [];
  for (let i = 0; i < list.length; i++) {
    const o = list[i] as Record<string, unknown>;
    const p = o.parent;
    const hasParent = typeof p === 'number' && Number.isInteger(p) && p >= 0 && p < nodes.length && p !== i;
    if (hasParent) nodes[i].parent = p;
    else roots.push(i);
    const kids = Array.isArray(o.children) ? o.children : [];
    for (const c of kids) {
      if (typeof c === 'number' && Number.isInteger(c) && c >= 0 && c < nodes.length && c !== i) nodes[i].children.push(c);
      else warn(`View ${i} lists child ${clip(JSON.stringify(c) ?? 'undefined', 40)}, which is not in the list; ignored.`);
    }
  }
  if (unlisted) warnings.push({ severity: 'warning', file, message: `${unlisted.toLocaleString('en')} more warnings like these.` });
  const depth = treeDepth(roots, (i) => nodes[i].children, nodes.length, TREE_LIMITS.depth);
  if (depth > TREE_LIMITS.depth) return { ok: false, problems: [limitProblem(file, `views nested more than ${TREE_LIMITS.depth} levels deep`, TREE_LIMITS.depth)] };
  const vh: ViewHierarchy = { source: 'droidbot', nodes, roots };
  assignXpaths(vh);
  return { ok: true, value: vh, warnings };
}
