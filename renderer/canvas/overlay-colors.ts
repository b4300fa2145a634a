import type { EssPrimitive } from '../../shared/contract';
import { PRIMITIVE_REGISTRY } from '../../shared/kinds/primitives';

const coloured = PRIMITIVE_REGISTRY.list.filter((p) => p.ui.colour !== undefined);

/** One colour per essential-state primitive (its spec's), shared by the canvas, its legend and the item list. */
export const ESS_COLORS = Object.fromEntries(coloured.map((p) => [p.kind, p.ui.colour])) as Record<EssPrimitive, string>;

/** Whether a primitive is drawn dashed (its component must be absent, e.g. exclude). */
export const isDashedPrimitive = (p: string): boolean => PRIMITIVE_REGISTRY.spec(p)?.ui.dashed === true;

/** The recorded ground-truth action (white reads on any screenshot; the dot is the exact point). */
export const ACTION_COLOR = '#ffffff';
export const ACTION_DOT = '#ffe14d';

/** Legend/list order of the primitives (the table's order). */
export const ESS_PRIMITIVES = coloured.map((p) => p.kind) as readonly EssPrimitive[];

/** Component outlines and numbers, the hovered one, the selected one. */
export const BOX_COLOR = '#ff5470';
export const HOVER_COLOR = '#ffc145';
export const SELECT_COLOR = '#3ddbd9';
