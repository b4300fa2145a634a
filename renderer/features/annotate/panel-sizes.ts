/** The annotation view's panel sizes in CSS pixels; `editor` null: as tall as its content (up to a share of the column). */
export interface PanelSizes {
  task: number;
  side: number;
  editor: number | null;
}

export type PanelName = keyof PanelSizes;

export const DEFAULT_SIZES: PanelSizes = { task: 300, side: 380, editor: null };
/** Each panel's bounds; the screen keeps at least STAGE_MIN px of width whatever the panels ask. */
export const LIMITS: Record<PanelName, [number, number]> = { task: [200, 560], side: [300, 720], editor: [120, 900] };
export const STAGE_MIN = 360;
const KEY = 'touchstone.annotate.panels';

const clamp = (v: number, [lo, hi]: [number, number]) => Math.round(Math.max(lo, Math.min(hi, v)));

/**
 * Sizes that fit the window: each panel within its bounds, the two side
 * panels narrowed (the side first, then the task list) until the screen
 * keeps STAGE_MIN px, and the editor leaves the component list 140 px.
 */
export function fitSizes(s: PanelSizes, viewport: { width: number; height: number }): PanelSizes {
  let task = clamp(s.task, LIMITS.task);
  let side = clamp(s.side, LIMITS.side);
  const over = task + side + STAGE_MIN - viewport.width;
  if (over > 0) {
    const fromSide = Math.min(over, side - LIMITS.side[0]);
    side -= fromSide;
    task = Math.max(LIMITS.task[0], task - (over - fromSide));
  }
  const editorMax = Math.max(LIMITS.editor[0], Math.min(LIMITS.editor[1], viewport.height - 140 - 120));
  const editor = s.editor === null ? null : clamp(s.editor, [LIMITS.editor[0], editorMax]);
  return { task, side, editor };
}

/** The remembered sizes (defaults for anything missing or malformed). */
export function loadSizes(storage: Pick<Storage, 'getItem'> | undefined): PanelSizes {
  try {
    const v = JSON.parse(storage?.getItem(KEY) ?? 'null') as Partial<PanelSizes> | null;
    const num = (x: unknown, d: number) => (typeof x === 'number' && Number.isFinite(x) ? x : d);
    return {
      task: num(v?.task, DEFAULT_SIZES.task),
      side: num(v?.side, DEFAULT_SIZES.side),
      editor: typeof v?.editor === 'number' && Number.isFinite(v.editor) ? v.editor : null,
    };
  } catch {
    return { ...DEFAULT_SIZES };
  }
}

export function saveSizes(storage: Pick<Storage, 'setItem'> | undefined, s: PanelSizes): void {
  try {
    storage?.setItem(KEY, JSON.stringify(s));
  } catch {
    // Storage full or refused (private mode): the sizes hold for this session only.
  }
}

/**
 * The new size after a key on a separator: arrows by 16 px (64 with Shift) in
 * the direction that grows the panel (`grow`: which arrow grows it), Home /
 * End to the bounds; null for other keys.
 */
export function sizeAfterKey(value: number, key: string, shift: boolean, grow: 'ArrowRight' | 'ArrowLeft' | 'ArrowDown' | 'ArrowUp', [lo, hi]: [number, number]): number | null {
  const step = shift ? 64 : 16;
  const opposite = { ArrowRight: 'ArrowLeft', ArrowLeft: 'ArrowRight', ArrowDown: 'ArrowUp', ArrowUp: 'ArrowDown' }[grow];
  if (key === grow) return Math.min(hi, value + step);
  if (key === opposite) return Math.max(lo, value - step);
  if (key === 'Home') return lo;
  if (key === 'End') return hi;
  return null;
}
