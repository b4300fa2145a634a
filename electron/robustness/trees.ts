/**
 * Generated view trees in every form a tree parser reads: uiautomator XML,
 * LlamaTouch `.vh` (a bare list), `{"views": [...]}` and a DroidBot state.
 * A shape is a chain `depth` views deep; every chain view also carries
 * `width` leaf children, and the root `flat` more.
 */
export interface Shape {
  depth: number;
  width: number;
  flat: number;
}

export type TreeForm = 'xml' | 'vh' | 'views' | 'state';

/** Views a shape has. */
export function nodeCount(s: Shape): number {
  return s.depth * (1 + s.width) + (s.depth > 0 ? s.flat : 0);
}

/** Deepest level (root = 1). */
export function depthOf(s: Shape): number {
  if (s.depth === 0) return 0;
  return Math.max(s.depth + (s.width > 0 ? 1 : 0), s.flat > 0 ? 2 : 1);
}

const ATTRS = 'class="android.widget.FrameLayout" text="" resource-id="" package="p" content-desc="" clickable="false" bounds="[0,0][10,10]"';

export function treeXml(s: Shape): string {
  const parts: string[] = ['<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0">'];
  const leaf = `<node index="0" ${ATTRS} />`;
  for (let d = 0; d < s.depth; d++) {
    parts.push(`<node index="0" ${ATTRS}>`);
    if (d === 0 && s.flat) parts.push(leaf.repeat(s.flat));
    if (s.width) parts.push(leaf.repeat(s.width));
  }
  for (let d = 0; d < s.depth; d++) parts.push('</node>');
  parts.push('</hierarchy>');
  return parts.join('');
}

interface View { class: string; bounds: number[][]; parent: number; children: number[]; temp_id: number; text: string }

function views(s: Shape): View[] {
  const list: View[] = [];
  const add = (parent: number): number => {
    const i = list.length;
    list.push({ class: 'android.widget.FrameLayout', bounds: [[0, 0], [10, 10]], parent, children: [], temp_id: i, text: '' });
    if (parent >= 0) list[parent].children.push(i);
    return i;
  };
  let parent = -1;
  let root = -1;
  for (let d = 0; d < s.depth; d++) {
    const me = add(parent);
    if (d === 0) root = me;
    for (let k = 0; k < s.width; k++) add(me);
    parent = me;
  }
  if (root >= 0) for (let k = 0; k < s.flat; k++) add(root);
  return list;
}

/** The text of a shape in one form. */
export function treeText(form: TreeForm, s: Shape): string {
  if (form === 'xml') return treeXml(s);
  const list = views(s);
  if (form === 'vh') return JSON.stringify(list);
  if (form === 'views') return JSON.stringify({ views: list });
  return JSON.stringify({ tag: '2026-01-01_000000', state_str: 'x', foreground_activity: 'a/.B', width: 1080, height: 2400, views: list });
}

/** JSON whose brackets nest `n` deep inside one view's attribute. */
export function nestedJsonVh(n: number): string {
  return `[{"class":"a","bounds":[[0,0],[1,1]],"parent":-1,"children":[],"text":${'['.repeat(n)}${']'.repeat(n)}}]`;
}
