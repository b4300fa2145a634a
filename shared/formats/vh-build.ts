import type { VhNode, ViewHierarchy } from '../model';

/** A node's own fields, before pushNode places it in the tree (order, xpath, parent, children). */
export type NodeFields = Omit<VhNode, 'order' | 'indexPath' | 'xpath' | 'parent' | 'children'>;

/** Creates a node placed under `parent` (null for a root) and appends it to `nodes` in pre-order. */
export function pushNode(nodes: VhNode[], parent: number | null, fields: NodeFields): VhNode {
  const order = nodes.length;
  const parentNode = parent === null ? null : nodes[parent];
  // indexPath and xpath are filled by assignXpaths once the tree is complete.
  const node: VhNode = { order, indexPath: [], xpath: '', parent, children: [], ...fields };
  if (parentNode) parentNode.children.push(order);
  nodes.push(node);
  return node;
}

/** Element name a node gets in an xpath: its class, as UIAutomator2/Appium name elements. */
export function xpathName(n: VhNode): string {
  return n.className || 'node';
}

/**
 * Fills `xpath` and `indexPath` of every node reachable from the roots:
 * `/hierarchy/<class>[k]/...` where k is the 1-based position among siblings
 * of the same class, the absolute form UIAutomator2 and Appium generate and
 * upstream stores in `.ess`. Walks explicitly from the roots (DroidBot lists
 * need not be in pre-order) and never revisits a node, so cyclic input cannot hang.
 */
export function assignXpaths(vh: ViewHierarchy): void {
  const done = new Uint8Array(vh.nodes.length);
  const stack: Array<{ ids: number[]; prefix: string; path: number[] }> = [{ ids: vh.roots, prefix: '/hierarchy', path: [] }];
  while (stack.length) {
    const { ids, prefix, path } = stack.pop() as { ids: number[]; prefix: string; path: number[] };
    const seen = new Map<string, number>();
    ids.forEach((id, i) => {
      const n = vh.nodes[id];
      if (!n || done[id]) return;
      done[id] = 1;
      const name = xpathName(n);
      const k = (seen.get(name) ?? 0) + 1;
      seen.set(name, k);
      n.xpath = `${prefix}/${name}[${k}]`;
      n.indexPath = [...path, i];
      if (n.children.length) stack.push({ ids: n.children, prefix: n.xpath, path: n.indexPath });
    });
  }
}
