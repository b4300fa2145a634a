import type { EssPrimitive } from '../../shared/contract';

/** One colour per essential-state primitive, shared by the canvas, its legend and the item list. */
export const ESS_COLORS: Record<EssPrimitive, string> = {
  exact: '#3ecf8e',
  fuzzy: '#a78bfa',
  click: '#ff9f40',
  exclude: '#e879f9',
};

/** The recorded ground-truth action (white reads on any screenshot; the dot is the exact point). */
export const ACTION_COLOR = '#ffffff';
export const ACTION_DOT = '#ffe14d';

/** Legend/list order of the primitives. */
export const ESS_PRIMITIVES: readonly EssPrimitive[] = ['exact', 'fuzzy', 'click', 'exclude'];

/** Component outlines and numbers, the hovered one, the selected one. */
export const BOX_COLOR = '#ff5470';
export const HOVER_COLOR = '#ffc145';
export const SELECT_COLOR = '#3ddbd9';
