import type { TaskEntry } from '../../shared/contract';

/**
 * The task a problem's file belongs to: the task whose folder is the longest
 * prefix of the (root-relative) file path, or which is the path itself. Null
 * for dataset-level files (the index).
 */
export function taskOfFile(tasks: readonly TaskEntry[], file: string): TaskEntry | null {
  const f = file.replace(/\\/g, '/');
  let best: TaskEntry | null = null;
  for (const t of tasks) {
    if ((f === t.path || f.startsWith(`${t.path}/`)) && (!best || t.path.length > best.path.length)) best = t;
  }
  return best;
}

/** The step a problem is about: its `step`, else the number of an `i.<ext>` file name. */
export function stepOfFile(file: string, step: number | undefined): number | undefined {
  if (step !== undefined) return step;
  const m = /(?:^|\/)(\d+)(?:_drawed)?\.[a-z]+$/i.exec(file);
  return m ? Number(m[1]) : undefined;
}
