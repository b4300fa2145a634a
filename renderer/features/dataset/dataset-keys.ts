import type { KeyBinding } from '../../keymap/keymap';
import type { AppStore } from '../../store/create-store';
import { filterTasks } from '../tasks/filter-tasks';

/**
 * The dataset view's keys: ←/→ (h/l) steps, Home/End first/last step, ↑/↓
 * (j/k) tasks, Esc unpins the component, a/e/b toggle the action,
 * essential-state and box overlays, "/" focuses the task search.
 */
export function datasetBindings(store: AppStore): KeyBinding[] {
  const s = () => store.getState();
  const withEpisode = (run: (st: ReturnType<typeof s>, last: number) => void) => () => {
    const st = s();
    if (!st.episode) return false;
    run(st, st.episode.steps.length - 1);
  };
  const moveTask = (delta: number) => () => {
    const st = s();
    const tasks = filterTasks(st.dataset?.tasks ?? [], st.query);
    const next = tasks[tasks.findIndex((t) => t.path === st.taskPath) + delta];
    if (!next) return false;
    void st.selectTask(next.path);
  };
  return [
    { keys: ['ArrowRight', 'l'], label: 'Next step', group: 'Steps', run: withEpisode((st) => void st.selectStep(st.step + 1)) },
    { keys: ['ArrowLeft', 'h'], label: 'Previous step', group: 'Steps', run: withEpisode((st) => void st.selectStep(st.step - 1)) },
    { keys: ['Home'], label: 'First step', group: 'Steps', run: withEpisode((st) => void st.selectStep(0)) },
    { keys: ['End'], label: 'Last step', group: 'Steps', run: withEpisode((st, last) => void st.selectStep(last)) },
    { keys: ['ArrowDown', 'j'], label: 'Next task', group: 'Tasks', run: moveTask(1) },
    { keys: ['ArrowUp', 'k'], label: 'Previous task', group: 'Tasks', run: moveTask(-1) },
    { keys: ['/'], label: 'Search tasks', group: 'Tasks', run: () => void document.getElementById('task-search')?.focus() },
    { keys: ['b'], id: 'overlay:boxes', label: 'Show or hide the numbered boxes', group: 'Screen', run: () => s().toggleOverlay('boxes') },
    { keys: ['e'], id: 'overlay:ess', label: 'Show or hide the essential-state targets', group: 'Screen', run: () => s().toggleOverlay('ess') },
    { keys: ['a'], id: 'overlay:action', label: 'Show or hide the recorded action', group: 'Screen', run: () => s().toggleOverlay('action') },
    { keys: ['Escape'], label: 'Unpin the component', group: 'Screen', run: () => s().select(null) },
  ];
}
