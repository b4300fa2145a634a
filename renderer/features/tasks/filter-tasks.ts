import type { TaskEntry } from '../../../shared/contract';
import { problemKey, type Problem } from '../../../shared/model';

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

/**
 * Problems of the dataset itself (the index, a missing root): the overview
 * lists every problem, so those already shown on a task row are left out.
 */
export function datasetLevelProblems(all: readonly Problem[], tasks: readonly TaskEntry[]): Problem[] {
  const keys = new Set(tasks.flatMap((t) => t.problems).map(problemKey));
  return all.filter((p) => !keys.has(problemKey(p)));
}
