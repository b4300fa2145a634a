import type { KeyBinding } from '../../keymap/keymap';
import type { AppStore } from '../../store/create-store';
import { datasetBindings } from '../dataset/dataset-keys';
import { ADD_ACTIONS, type AddAction } from './add-actions';
import { useOcrStore } from './ocr-store';

/**
 * The annotation view's keys: the dataset view's navigation, the one-key adds
 * the primitives declare (e exact, f fuzzy, x exclude, c click, a activity,
 * s screen fuzzy, t type; see shared/kinds/primitives), undo/redo, and n for
 * the next task without annotation. `actions` are the production adds unless
 * a test passes those of its own primitive table.
 */
export function annotateBindings(store: AppStore, actions: readonly AddAction[] = ADD_ACTIONS): KeyBinding[] {
  const s = () => store.getState();
  // Keys the annotation view takes over from the dataset view's (they add items here).
  const taken = new Set([...actions.map((a) => a.key), 'y', 'r', 'o', 'i']);
  const adds: KeyBinding[] = actions.map((a) => ({
    keys: [a.key], label: `${a.label}: ${a.title}`, group: 'Annotate',
    run: () => {
      const st = s();
      const item = a.item(st.selected ?? st.hovered, st.episode?.steps.find((x) => x.index === st.step)?.action);
      if (!item || !st.draft) return false;
      void (a.toggle ? st.toggleItem(item) : st.addItem(item));
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
      if (!next) return false;
      void st.selectTask(next.path);
    } },
    ...nav,
  ];
}
