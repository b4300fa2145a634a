import type { ViewHierarchy } from '../../../shared/model';

const orNull = (s: string): string | null => (s === '' ? null : s);

/**
 * A parsed hierarchy as the DroidBot-style node list LlamaTouch stores in
 * `view_hierarchy/i.json` and `i.vh` (list index = temp_id, parent -1 for roots),
 * compact JSON (readers parse it; nobody diffs it).
 */
export function toDroidbotVh(vh: ViewHierarchy): string {
  return JSON.stringify(vh.nodes.map((n) => ({
    bounds: n.bounds ? [[n.bounds.x1, n.bounds.y1], [n.bounds.x2, n.bounds.y2]] : null,
    checkable: n.checkable, checked: n.checked, child_count: n.children.length, children: n.children,
    class: n.className, clickable: n.clickable, content_description: orNull(n.contentDesc), editable: /EditText/.test(n.className),
    enabled: n.enabled, focusable: n.focusable, focused: n.focused, is_password: n.password, long_clickable: n.longClickable,
    package: n.packageName, parent: n.parent ?? -1, resource_id: orNull(n.resourceId), scrollable: n.scrollable, selected: n.selected,
    size: n.bounds ? `${n.bounds.x2 - n.bounds.x1}*${n.bounds.y2 - n.bounds.y1}` : '0*0', temp_id: n.order, text: orNull(n.text), visible: n.visible,
  })));
}
