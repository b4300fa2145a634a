import type { NumberedComponent } from '../../../shared/model';
import { parseBounds } from '../../../shared/formats/bounds';

/** One node of the hierarchy tree: a numbered component, or an unnumbered container on the way to one. */
export interface TreeNode {
  /** Index in the flat node list (pre-order). */
  index: number;
  /** The component's number, or null for a container upstream's keep rule left out. */
  id: number | null;
  /** The node's own xpath step (`FrameLayout[1]`), or the short class for a node without xpath. */
  label: string;
  /** The node's absolute xpath when known. */
  xpath: string | null;
  depth: number;
  parent: number | null;
  children: number[];
}

const shortClass = (cls: string) => cls.split('.').pop() ?? cls;
const steps = (xpath: string) => xpath.split('/').filter(Boolean);

/**
 * The tree of a step's numbered components, in pre-order. With xpaths (from
 * an XML dump or `.vh`), every xpath prefix is a node: the unnumbered
 * containers between the root and a component appear as such. Without (an
 * `i.json` without xpath), components nest by their boxes: numbering is in
 * document order, so a component's parent is the nearest earlier one whose box holds it.
 */
export function buildTree(components: readonly NumberedComponent[]): TreeNode[] {
  const withXpath = components.length > 0 && components.every((c) => typeof c.xpath === 'string' && c.xpath.startsWith('/'));
  return withXpath ? byXpath(components) : byBounds(components);
}

function byXpath(components: readonly NumberedComponent[]): TreeNode[] {
  const nodes: TreeNode[] = [];
  // A node by its parent's index and its own step: short keys (a deep xpath is ~600 characters, and
  // hashing every prefix of every component's was most of the tree's time on a 300-component screen).
  const at = new Map<string, number>();
  const idOf = new Map(components.map((c) => [c.xpath as string, c.id]));
  for (const c of components) {
    const parts = steps(c.xpath as string);
    let parent: number | null = null;
    let path = '';
    for (let i = 0; i < parts.length; i++) {
      path += `/${parts[i]}`;
      const key = `${parent ?? ''}/${parts[i]}`;
      let index = at.get(key);
      if (index === undefined) {
        index = nodes.length;
        nodes.push({ index, id: idOf.get(path) ?? null, label: parts[i].replace(/^[\w.$]*\./, ''), xpath: path, depth: i, parent, children: [] });
        at.set(key, index);
        if (parent !== null) nodes[parent].children.push(index);
      }
      parent = index;
    }
  }
  return nodes;
}

function byBounds(components: readonly NumberedComponent[]): TreeNode[] {
  const nodes: TreeNode[] = [];
  const stack: Array<{ index: number; b: ReturnType<typeof parseBounds> }> = [];
  const holds = (o: ReturnType<typeof parseBounds>, b: ReturnType<typeof parseBounds>) =>
    !!o && !!b && o.x1 <= b.x1 && o.y1 <= b.y1 && o.x2 >= b.x2 && o.y2 >= b.y2;
  for (const c of components) {
    const b = typeof c.bounds === 'string' ? parseBounds(c.bounds) : null;
    while (stack.length && !holds(stack[stack.length - 1].b, b)) stack.pop();
    const parent = stack.length ? stack[stack.length - 1].index : null;
    const index = nodes.length;
    nodes.push({ index, id: c.id, label: shortClass(c.class), xpath: typeof c.xpath === 'string' ? c.xpath : null, depth: stack.length, parent, children: [] });
    if (parent !== null) nodes[parent].children.push(index);
    stack.push({ index, b });
  }
  return nodes;
}

/** The rows shown: pre-order, skipping the descendants of collapsed nodes and, with `only`, every node not in it. */
export function visibleRows(nodes: readonly TreeNode[], collapsed: ReadonlySet<number>, only?: ReadonlySet<number>): number[] {
  const out: number[] = [];
  let skipBelow = -1;
  for (const n of nodes) {
    if (skipBelow >= 0) {
      if (n.depth > skipBelow) continue;
      skipBelow = -1;
    }
    if (only && !only.has(n.index)) continue;
    out.push(n.index);
    if (collapsed.has(n.index) && n.children.length) skipBelow = n.depth;
  }
  return out;
}

/**
 * Nodes matching a search (every term found in the number as `#18` (only) or `18` (also in any text), the text, content-desc,
 * resource-id, class or xpath), and with them their ancestors, so each hit shows where it sits.
 */
export function searchTree(nodes: readonly TreeNode[], components: readonly NumberedComponent[], query: string): { hits: number[]; shown: Set<number> } {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  const byId = new Map(components.map((c) => [c.id, c]));
  const hits: number[] = [];
  const shown = new Set<number>();
  for (const n of nodes) {
    const c = n.id === null ? undefined : byId.get(n.id);
    const hay = `${n.id === null ? '' : `#${n.id} `}${n.label} ${n.xpath ?? ''} ${c ? `${c.text} ${c['content-desc']} ${c['resource-id']} ${c.class}` : ''}`.toLowerCase();
    // "#18" is a number only; a bare "18" is the number or any text holding it ("18 min").
    const ok = (t: string) => (/^#\d+$/.test(t) ? n.id === Number(t.slice(1)) : (/^\d+$/.test(t) && n.id === Number(t)) || hay.includes(t));
    if (!terms.every(ok)) continue;
    hits.push(n.index);
    for (let p: number | null = n.index; p !== null && !shown.has(p); p = nodes[p].parent) shown.add(p);
  }
  return { hits, shown };
}
