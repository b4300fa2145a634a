import type { TaskEntry } from '../../../shared/contract';

/**
 * Tasks matching a free-text query: every whitespace-separated term must occur
 * (case-insensitive) in the id, app, category, path or description, so
 * "duolingo french" narrows as the user types.
 */
export function filterTasks(tasks: readonly TaskEntry[], query: string): TaskEntry[] {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [...tasks];
  return tasks.filter((t) => {
    const hay = `${t.episode} ${t.app} ${t.category} ${t.path} ${t.description} ${t.status}`.toLowerCase();
    return terms.every((term) => hay.includes(term));
  });
}
