import type { KeyBinding } from '../../keymap/keymap';
import type { AppStore } from '../../store/create-store';
import { boxesOf } from '../../canvas/hit-test';
import { componentsAt, cycleStack } from '../../canvas/stack';
import { ZOOM_STEP } from '../../canvas/use-zoom';
import { annotateZoom, useCanvasView } from './canvas-view-store';
import { readingOrder, stepThrough } from './reading-order';

const view = () => useCanvasView.getState();

/** The boxes of the shown step and the selected one's box. */
function boxesNow(store: AppStore) {
  const st = store.getState();
  const boxes = boxesOf(st.hierarchy?.components ?? []);
  return { st, boxes, sel: boxes.find((b) => b.id === st.selected) ?? null };
}

/**
 * Keys of the screen while it has the focus (Tab to it, or F6): arrows walk
 * the boxes in reading order, Shift+arrows extend the multi-selection, Space
 * adds the selected box to it or takes it out.
 */
export function screenBindings(store: AppStore): KeyBinding[] {
  const walk = (delta: 1 | -1, extend: boolean) => () => {
    const { st, boxes } = boxesNow(store);
    const next = stepThrough(readingOrder(boxes), st.selected, delta);
    if (next === null) return false;
    if (extend && st.selected !== null && !view().multi.includes(st.selected)) view().toggleMulti(st.selected);
    if (extend && !view().multi.includes(next)) view().toggleMulti(next);
    st.select(next);
  };
  const g = 'Screen (focused)';
  return [
    { keys: ['ArrowRight', 'ArrowDown'], label: 'Next component in reading order', group: g, run: walk(1, false) },
    { keys: ['ArrowLeft', 'ArrowUp'], label: 'Previous component in reading order', group: g, run: walk(-1, false) },
    { keys: ['Shift+ArrowRight', 'Shift+ArrowDown'], label: 'Add the next component to the selection', group: g, run: walk(1, true) },
    { keys: ['Shift+ArrowLeft', 'Shift+ArrowUp'], label: 'Add the previous component to the selection', group: g, run: walk(-1, true) },
    { keys: ['Space'], label: 'Add the selected component to the selection, or take it out', group: g, run: () => {
      const id = store.getState().selected;
      if (id === null) return false;
      view().toggleMulti(id);
    } },
  ];
}

/** Moves the focus to the next (or previous) region of the view: tasks, screen, editor, components. */
function cycleFocus(delta: number): void {
  const regions = [...document.querySelectorAll<HTMLElement>('[data-focus-region]')].filter((r) => r.offsetParent !== null);
  if (!regions.length) return;
  const i = regions.findIndex((r) => r.contains(document.activeElement));
  regions[(i + delta + regions.length) % regions.length].focus({ preventScroll: true });
}

/** Shows the tree or the list in the component panel and focuses its search (once it is drawn). */
function searchIn(tab: 'tree' | 'list', selector: string): void {
  view().setSideTab(tab);
  setTimeout(() => document.querySelector<HTMLElement>(selector)?.focus({ preventScroll: true }), 0);
}

/**
 * The annotation view's screen and selection keys: "#18 e"-style entry (type
 * the number, then a primitive's key, or Enter to select it), zoom, the
 * magnifier, the label mode, stacked boxes, the two overlays whose letters
 * add items here, and F6 through the regions.
 */
export function canvasBindings(store: AppStore): KeyBinding[] {
  const s = () => store.getState();
  const stack = (delta: number) => () => {
    const { st, boxes, sel } = boxesNow(store);
    if (!sel) return false;
    const ids = componentsAt(boxes, { x: (sel.bounds.x1 + sel.bounds.x2) / 2, y: (sel.bounds.y1 + sel.bounds.y2) / 2 });
    st.select(cycleStack(ids, st.selected, delta));
  };
  return [
    { keys: ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'], label: 'Type a component\'s number, then its primitive\'s key ("18 e"), or Enter to select it', group: 'Selection',
      run: (e) => view().setEntry(`${view().entry}${e.key}`.slice(-4)) },
    { keys: ['#'], label: 'Start a number afresh ("#18 e")', group: 'Selection', run: () => view().setEntry('') },
    { keys: ['Enter'], label: 'Select the component whose number was typed', group: 'Selection', run: () => {
      const n = view().entry;
      if (!n) return false;
      view().setEntry('');
      s().select(Number(n));
    } },
    { keys: ['Escape'], label: 'Forget the typed number; else unpin and clear the selection', group: 'Selection', run: () => {
      if (view().entry) return view().setEntry('');
      view().setMulti([]);
      s().select(null);
    } },
    { keys: ['+', '='], label: 'Zoom in', group: 'Screen', id: 'zoom:in', run: () => annotateZoom.current?.zoomBy(ZOOM_STEP) },
    { keys: ['-'], label: 'Zoom out', group: 'Screen', id: 'zoom:out', run: () => annotateZoom.current?.zoomBy(1 / ZOOM_STEP) },
    { keys: ['w'], label: 'Fit the whole screen', group: 'Screen', id: 'zoom:fit', run: () => annotateZoom.current?.fit() },
    { keys: ['g'], label: 'Zoom to the selected component', group: 'Screen', id: 'zoom:selected', run: () => {
      const { sel } = boxesNow(store);
      if (!sel) return false;
      annotateZoom.current?.zoomTo(sel.bounds);
    } },
    { keys: ['z'], label: 'Magnifier under the pointer', group: 'Screen', id: 'magnifier', run: () => view().toggleMagnifier() },
    { keys: ['v'], label: 'Boxes show: numbers on screen, text only, numbers only', group: 'Screen', id: 'labels:cycle', run: () => view().cycleLabels() },
    { keys: [']'], label: 'Next component stacked under the selected one', group: 'Selection', run: stack(1) },
    { keys: ['['], label: 'Previous component stacked under the selected one', group: 'Selection', run: stack(-1) },
    { keys: ['E'], label: 'Show or hide the essential-state targets', group: 'Screen', id: 'overlay:ess', run: () => s().toggleOverlay('ess') },
    { keys: ['A'], label: 'Show or hide the recorded action', group: 'Screen', id: 'overlay:action', run: () => s().toggleOverlay('action') },
    { keys: ['F6'], label: 'Focus the next region: tasks, screen, editor, components', group: 'Focus', run: () => cycleFocus(1) },
    { keys: ['Shift+F6'], label: 'Focus the previous region', group: 'Focus', run: () => cycleFocus(-1) },
    { keys: ['Ctrl+F'], label: 'Search the hierarchy tree', group: 'Focus', run: () => searchIn('tree', '#tree-search') },
    { keys: ['Ctrl+K'], label: 'Search the numbered list (Enter or ↓ selects the first hit)', group: 'Focus', run: () => searchIn('list', '.component-search') },
  ];
}
