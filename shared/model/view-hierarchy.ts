import type { Bounds } from './geometry';

/**
 * One node of a view hierarchy, from a uiautomator XML dump or a DroidBot
 * `.vh` JSON node list. Every source attribute is kept in `attrs`; the common
 * ones are lifted into typed fields.
 */
export interface VhNode {
  /** Position in DFS pre-order over the whole tree (DroidBot `temp_id` for `.vh`). */
  order: number;
  /** Child index path from the root, e.g. [0, 2, 1]. */
  indexPath: number[];
  /** Absolute xpath in uiautomator style: /hierarchy/android.widget.FrameLayout[1]/... */
  xpath: string;
  className: string;
  text: string;
  resourceId: string;
  contentDesc: string;
  packageName: string;
  bounds: Bounds | null;
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
  /** uiautomator has no 'visible' attribute before API 30; treated as true then. */
  visible: boolean;
  /** Every raw attribute as found in the source, unparsed. */
  attrs: Record<string, string>;
  parent: number | null;
  children: number[];
}

/** A parsed hierarchy: nodes in DFS pre-order (index = `order`). */
export interface ViewHierarchy {
  source: 'uiautomator' | 'droidbot';
  nodes: VhNode[];
  /** Indices of root nodes (a uiautomator dump may hold several windows). */
  roots: number[];
  /** Rotation attribute of the dump, when present. */
  rotation?: number;
}

/**
 * One entry of an `i.json` numbered component list (the list annotations point
 * into). Field names are exactly upstream's.
 */
export interface NumberedComponent {
  id: number;
  class: string;
  text: string;
  'resource-id': string;
  'content-desc': string;
  /** "[x1,y1][x2,y2]" */
  bounds: string;
  enabled: boolean;
  checked: boolean;
  checkable: boolean;
  visible: boolean;
  selected: boolean;
  focused: boolean;
  focusable: boolean;
  clickable: boolean;
  'long-clickable': boolean;
  password: boolean;
  scrollable: boolean;
  xpath?: string;
  /** Any further keys found in a file are preserved for byte-stable rewrite. */
  [extra: string]: unknown;
}
