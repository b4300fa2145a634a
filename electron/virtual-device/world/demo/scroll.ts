import type { Bounds } from '../../../../shared/model';
import type { ViewNode } from '../view';
import type { ScreenBuilder } from './ui';

function shift(n: ViewNode, dy: number, view: Bounds): ViewNode | null {
  const b = { ...n.bounds, y1: n.bounds.y1 - dy, y2: n.bounds.y2 - dy };
  if (b.y2 <= view.y1 || b.y1 >= view.y2) return null;
  const clipped = { ...b, y1: Math.max(b.y1, view.y1), y2: Math.min(b.y2, view.y2) };
  const children = n.children.map((c) => shift(c, dy, view)).filter((c): c is ViewNode => c !== null);
  return { ...n, bounds: clipped, drawBounds: b, children };
}

/**
 * When a screen's content is taller than the viewport, moves everything below
 * the app bar into a scrolling RecyclerView, offset by `offset` px: nodes out of
 * view leave the hierarchy and partly visible ones report their visible part,
 * as uiautomator does. Returns the largest useful offset (0 = no scrolling).
 */
export function applyScroll(b: ScreenBuilder, offset: number): number {
  const bottom = b.content.bounds.y2;
  const max = Math.max(0, b.y - bottom);
  if (max === 0) return 0;
  const dy = Math.min(Math.max(0, offset), max);
  const view = { x1: 0, y1: b.scrollTop, x2: b.width, y2: bottom };
  const fixed = b.content.children.filter((c) => c.fixed || c.bounds.y2 <= b.scrollTop);
  const moving = b.content.children.filter((c) => !fixed.includes(c));
  const list: ViewNode = {
    cls: 'androidx.recyclerview.widget.RecyclerView', id: b.rid('list'), scrollable: true, focusable: true, clip: true, bounds: view,
    children: moving.map((c) => shift(c, dy, view)).filter((c): c is ViewNode => c !== null),
  };
  const before = fixed.filter((c) => !c.fixed);
  const after = fixed.filter((c) => c.fixed);
  b.content.children = [...before, list, ...after];
  return max;
}
