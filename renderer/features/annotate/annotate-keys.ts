import type { KeyBinding } from '../../keymap/keymap';
import type { AppStore } from '../../store/create-store';
import { datasetBindings } from '../dataset/dataset-keys';
import { ADD_ACTIONS, type AddAction } from './add-actions';
import { useOcrStore } from './ocr-store';
import { useCanvasView } from './canvas-view-store';
import { canvasBindings } from './screen-keys';

/**
 * The components a key adds an item for: the number just typed ("18 e", which also selects it),
 * else every component of the multi-selection and the selected (or hovered) one. Null when the
 * typed number is not on this screen (the annotator is told).
 */
function targetsNow(store: AppStore): number[] | null {
  const st = store.getState();
  const v = useCanvasView.getState();
  if (v.entry) {
    const id = Number(v.entry);
    v.setEntry('');
    if (!st.hierarchy?.components.some((c) => c.id === id)) {
      v.say(`There is no component #${id} on this screen.`);
      return null;
    }
    st.select(id);
    return [id];
  }
  const one = st.selected ?? st.hovered;
  return [...new Set([...v.multi, ...(one === null ? [] : [one])])];
}

/**
 * The annotation view's keys: the dataset view's navigation, the one-key adds
 * the primitives declare (e exact, f fuzzy, x exclude, c click, a activity,
 * s screen fuzzy, t type, m text only, p pattern, u number range; see shared/kinds/primitives), undo/redo, and n for
 * the next task without annotation. `actions` are the production adds unless
 * a test passes those of its own primitive table.
 */
export function annotateBindings(store: AppStore, actions: readonly AddAction[] = ADD_ACTIONS): KeyBinding[] {
  const s = () => store.getState();
  // Keys the annotation view takes over from the dataset view's (they add items here).
  const taken = new Set([...actions.map((a) => a.key), 'y', 'r', 'o', 'i', 'Escape']);
  const adds: KeyBinding[] = actions.map((a) => ({
    keys: [a.key], label: `${a.label}: ${a.title}`, group: 'Annotate', id: `add:${a.key}`,
    run: () => {
      const targets = targetsNow(store);
      const st = s();
      if (!targets || !st.draft) return false;
      const action = st.episode?.steps.find((x) => x.index === st.step)?.action;
      const items = [...new Set((targets.length ? targets : [null]).map((id) => a.item(id, action, id === null ? undefined : st.hierarchy?.components[id]?.text)).filter((x): x is string => x !== null))];
      if (!items.length) return false;
      // Each add is applied to the draft at once (before its save), so the next one sees it.
      if (a.toggle) void st.toggleItem(items[0]);
      else for (const item of items) void st.addItem(item);
    },
  }));
  const decideFirst = (accept: boolean) => {
    const st = s();
    const first = st.pendingSuggestions().find((x) => x.step === st.step);
    if (!first) return false;
    void st.decideSuggestion(first, accept);
  };
  const nav = datasetBindings(store).filter((b) => !b.keys.some((k) => taken.has(k)));
  return [
    ...adds,
    { keys: ['y'], label: 'Accept the first suggestion of this step', group: 'Suggestions', run: () => decideFirst(true) },
    { keys: ['r'], label: 'Reject the first suggestion of this step', group: 'Suggestions', run: () => decideFirst(false) },
    { keys: ['o'], label: 'Show or hide the text OCR finds on the screenshot (click a text box to add ocr<text>)', group: 'Screen', run: () => useOcrStore.getState().toggle() },
    { keys: ['i'], label: 'Pick an app for an install / uninstall check', group: 'Annotate', run: () => {
      const input = document.getElementById('app-picker-input');
      if (!input) return false;
      input.focus();
    } },
    { keys: ['Backspace', 'Delete'], label: 'Remove the last item', group: 'Annotate', run: () => void s().removeItem((s().draft?.items.length ?? 0) - 1) },
    { keys: ['Ctrl+Z'], label: 'Undo', group: 'Annotate', run: () => void s().undo() },
    { keys: ['Ctrl+Shift+Z', 'Ctrl+Y'], label: 'Redo', group: 'Annotate', run: () => void s().redo() },
    { keys: ['n'], label: 'Next task without annotation', group: 'Tasks', run: () => {
      const st = s();
      const tasks = st.dataset?.tasks ?? [];
      const from = tasks.findIndex((t) => t.path === st.taskPath);
      const next = [...tasks.slice(from + 1), ...tasks.slice(0, Math.max(0, from))].find((t) => t.annotatedSteps === 0 && t.errors === 0);
      if (!next) {
        useCanvasView.getState().say(tasks.length ? `Every task is annotated (${tasks.length} of ${tasks.length}); nothing left for n.` : 'This dataset lists no tasks.');
        return;
      }
      void st.selectTask(next.path);
    } },
    ...canvasBindings(store),
    ...nav,
  ];
}
