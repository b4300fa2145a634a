import type { Bounds } from '../../../shared/model';

/** How the renderer paints a node (the XML ignores it). */
export type Paint =
  | { kind: 'fill'; color: string; radius?: number }
  | { kind: 'text'; size: number; color: string; weight?: 'normal' | 'bold'; align?: 'left' | 'center' | 'right'; lines?: string[] }
  | { kind: 'button'; style: 'filled' | 'tonal' | 'outlined' | 'text'; color: string }
  | { kind: 'icon'; icon: string; color: string; background?: string; badge?: string; round?: boolean }
  | { kind: 'switch'; color: string }
  | { kind: 'checkbox'; color: string }
  | { kind: 'edit'; hint: string; color: string; fill?: string; ink?: string }
  | { kind: 'app-icon'; icon: string; color: string; label?: string; labelSize?: number }
  | { kind: 'divider'; color: string }
  | { kind: 'image'; seed: string };

/** One node of a rendered screen: what uiautomator reports and what the renderer paints. */
export interface ViewNode {
  cls: string;
  bounds: Bounds;
  id?: string;
  text?: string;
  desc?: string;
  clickable?: boolean;
  longClickable?: boolean;
  checkable?: boolean;
  checked?: boolean;
  focusable?: boolean;
  focused?: boolean;
  scrollable?: boolean;
  selected?: boolean;
  password?: boolean;
  enabled?: boolean;
  /** What a tap on this node means to the app. */
  action?: string;
  /** Where to paint when `bounds` were clipped to a scrolling viewport. */
  drawBounds?: Bounds;
  /** Children are painted clipped to this node's bounds (a scrolling list). */
  clip?: boolean;
  /** Stays in place when the content scrolls (floating buttons). */
  fixed?: boolean;
  paint?: Paint;
  children: ViewNode[];
}

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\n/g, '&#10;');

function nodeXml(n: ViewNode, index: number, pkg: string, out: string[]): void {
  const b = n.bounds;
  const flag = (v: boolean | undefined): string => (v ? 'true' : 'false');
  out.push(
    `<node index="${index}" text="${esc(n.text ?? '')}" resource-id="${esc(n.id ?? '')}" class="${n.cls}" package="${pkg}" content-desc="${esc(n.desc ?? '')}" ` +
      `checkable="${flag(n.checkable)}" checked="${flag(n.checked)}" clickable="${flag(n.clickable)}" enabled="${flag(n.enabled ?? true)}" ` +
      `focusable="${flag(n.focusable)}" focused="${flag(n.focused)}" scrollable="${flag(n.scrollable)}" long-clickable="${flag(n.longClickable)}" ` +
      `password="${flag(n.password)}" selected="${flag(n.selected)}" bounds="[${b.x1},${b.y1}][${b.x2},${b.y2}]"`,
  );
  if (n.children.length === 0) { out.push(' />'); return; }
  out.push('>');
  n.children.forEach((c, i) => nodeXml(c, i, pkg, out));
  out.push('</node>');
}

/** Serialises a tree exactly as `uiautomator dump` on API 31 does (one line, no trailing newline). */
export function toUiautomatorXml(root: ViewNode, pkg: string): string {
  const out: string[] = ["<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"];
  nodeXml(root, 0, pkg, out);
  out.push('</hierarchy>');
  return out.join('');
}

/** Whether a point lies in bounds (right and bottom edges excluded, as Android's Rect.contains). */
export const inside = (b: Bounds, x: number, y: number): boolean => x >= b.x1 && x < b.x2 && y >= b.y1 && y < b.y2;

/** The deepest node with an action under a point (later siblings are on top). */
export function hitTest(root: ViewNode, x: number, y: number): ViewNode | null {
  if (!inside(root.bounds, x, y)) return null;
  for (let i = root.children.length - 1; i >= 0; i--) {
    const hit = hitTest(root.children[i], x, y);
    if (hit) return hit;
  }
  return root.action ? root : null;
}

/** Every node in DFS pre-order. */
export function walk(root: ViewNode, visit: (n: ViewNode) => void): void {
  visit(root);
  for (const c of root.children) walk(c, visit);
}
