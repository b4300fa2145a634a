import type { DatasetOverview, TaskEntry } from '../../shared/contract';
import { problemKey as key, type Problem } from '../../shared/model';

/**
 * The task entry once its episode has been loaded: the cheap checks made when
 * the dataset opened, plus whatever loading found (a truncated XML, a bad
 * eventStructs line), so the task list shows every known error. The annotation
 * count is kept whatever the errors.
 */
export function withLoadedProblems(task: TaskEntry, loaded: readonly Problem[]): TaskEntry {
  const seen = new Set(task.problems.map(key));
  const problems = [...task.problems, ...loaded.filter((p) => !seen.has(key(p)))];
  const errors = problems.filter((p) => p.severity === 'error').length;
  if (problems.length === task.problems.length) return task;
  return { ...task, problems, errors, status: errors > 0 ? 'error' : task.annotatedSteps > 0 ? 'annotated' : 'none' };
}

/** The dataset with one task's entry updated by `withLoadedProblems` (the same object when nothing changed). */
export function datasetWithLoadedProblems(ds: DatasetOverview, path: string, loaded: readonly Problem[]): DatasetOverview {
  const i = ds.tasks.findIndex((t) => t.path === path);
  if (i < 0) return ds;
  const next = withLoadedProblems(ds.tasks[i], loaded);
  if (next === ds.tasks[i]) return ds;
  const tasks = [...ds.tasks];
  tasks[i] = next;
  return { ...ds, tasks };
}
