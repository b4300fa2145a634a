import type { Bounds, NumberedComponent, VhNode, ViewHierarchy } from '../model';
import { formatBounds, parseBounds } from './bounds';

/** Leaf classes upstream keeps even without text or content-desc. */
const LEAF_CLASSES = new Set([
  'android.widget.Switch', 'android.widget.CheckBox', 'android.widget.RadioButton', 'android.widget.ToggleButton',
  'android.widget.Button', 'android.widget.ImageButton', 'android.widget.ImageView', 'android.widget.TextView',
  'android.widget.EditText', 'android.widget.ProgressBar', 'android.widget.SeekBar', 'android.widget.Spinner',
]);
/** Container classes upstream never keeps as leaves. */
const CONTAINERS = new Set([
  'android.view.ViewGroup', 'android.widget.FrameLayout', 'android.widget.LinearLayout',
  'android.widget.RelativeLayout', 'android.widget.HorizontalScrollView',
]);

/** Upstream's "null state": these strings count as no value (Python None serialised). */
function isEmpty(s: string): boolean {
  return s === '' || s === 'None' || s === 'null';
}

/** DroidBot's child_count is what upstream tests; uiautomator nodes use their real children. */
function hasChildren(n: VhNode, source: ViewHierarchy['source']): boolean {
  if (source === 'droidbot' && n.attrs.child_count !== undefined) return n.attrs.child_count !== '0';
  return n.children.length > 0;
}

/** Upstream's keep rule (LlamaTouch dataset/gen_uijson.py `filter_condition`). */
export function keepsNode(n: VhNode, source: ViewHierarchy['source']): boolean {
  const hasText = !isEmpty(n.text);
  const hasDesc = !isEmpty(n.contentDesc);
  if (hasChildren(n, source)) return hasText || (hasDesc && n.visible);
  return (
    n.visible &&
    (hasText || hasDesc || LEAF_CLASSES.has(n.className)) &&
    !n.className.includes('Menu') &&
    !CONTAINERS.has(n.className)
  );
}

/** Node indices (into `vh.nodes`) that get numbers, in numbering order (node list order). */
export function numberedNodeIndices(vh: ViewHierarchy): number[] {
  const out: number[] = [];
  for (const n of vh.nodes) if (keepsNode(n, vh.source)) out.push(n.order);
  return out;
}

/** Converts one node into an `i.json` entry with upstream's field names and order. */
export function toComponent(n: VhNode, id: number, withXpath = true): NumberedComponent {
  const c: NumberedComponent = {
    id,
    class: n.className,
    text: n.text,
    'resource-id': n.resourceId,
    'content-desc': n.contentDesc,
    bounds: n.bounds ? formatBounds(n.bounds) : '',
    enabled: n.enabled,
    checked: n.checked,
    checkable: n.checkable,
    visible: n.visible,
    selected: n.selected,
    focused: n.focused,
    focusable: n.focusable,
    clickable: n.clickable,
    'long-clickable': n.longClickable,
    // Upstream read a non-existent key here, so its files always say false; we keep the real flag.
    password: n.password,
    scrollable: n.scrollable,
  };
  if (withXpath) c.xpath = n.xpath;
  return c;
}

/**
 * The numbered component list (`i.json`) of a hierarchy, by upstream's keep
 * rules, numbered 0,1,2,... in node order. Only for screens without an
 * `i.json`: once annotations point into a file, that file is authoritative.
 */
export function numberComponents(vh: ViewHierarchy, opts: { xpath?: boolean } = {}): NumberedComponent[] {
  return numberedNodeIndices(vh).map((i, id) => toComponent(vh.nodes[i], id, opts.xpath ?? true));
}

/** Parsed bounds of a numbered component, or null when its bounds string is unreadable. */
export function componentBounds(c: NumberedComponent): Bounds | null {
  return typeof c.bounds === 'string' ? parseBounds(c.bounds) : null;
}
