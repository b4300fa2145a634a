import { useEffect } from 'react';
import type { AppStore } from '../../store/create-store';
import { filterTasks } from '../tasks/filter-tasks';

function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.isContentEditable);
}

/**
 * Global keys: ←/→ steps, Home/End first/last step, Esc unpins the component,
 * a/e/b toggle the action, essential-state and box overlays, "/" focuses the task search. Task ↑/↓ lives on the list and the search box.
 */
export function useKeyboardNavigation(store: AppStore): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || typingIn(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
      const s = store.getState();
      if (e.key === '/') {
        e.preventDefault();
        document.getElementById('task-search')?.focus();
      } else if (e.key === 'Escape') s.select(null);
      else if (e.key === 'a' || e.key === 'e' || e.key === 'b') s.toggleOverlay(e.key === 'a' ? 'action' : e.key === 'e' ? 'ess' : 'boxes');
      else if (!s.episode) return;
      else if (e.key === 'ArrowRight' || e.key === 'l') void s.selectStep(s.step + 1);
      else if (e.key === 'ArrowLeft' || e.key === 'h') void s.selectStep(s.step - 1);
      else if (e.key === 'Home') void s.selectStep(0);
      else if (e.key === 'End') void s.selectStep(s.episode.steps.length - 1);
      else if (e.key === 'ArrowDown' || e.key === 'ArrowUp' || e.key === 'j' || e.key === 'k') {
        const tasks = filterTasks(s.dataset?.tasks ?? [], s.query);
        const i = tasks.findIndex((t) => t.path === s.taskPath);
        const next = tasks[i + (e.key === 'ArrowDown' || e.key === 'j' ? 1 : -1)];
        if (next) {
          e.preventDefault();
          void s.selectTask(next.path);
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}
