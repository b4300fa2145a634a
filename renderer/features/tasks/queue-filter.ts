import type { TaskEntry, TaskReview } from '../../../shared/contract';

export type StatusFilter = 'all' | TaskEntry['status'] | 'reviewed' | 'returned';
export const STATUS_LABELS: Record<StatusFilter, string> = { all: 'Any status', none: 'Not started', annotated: 'Annotated', error: 'Has problems', reviewed: 'Reviewed', returned: 'Returned' };

/** The annotation queue's filters (besides the search): status, app, category and a step-count range. */
export interface QueueFilter {
  status: StatusFilter;
  /** '' for any. */
  app: string;
  category: string;
  minSteps: number | null;
  maxSteps: number | null;
}

export const ANY_TASK: QueueFilter = { status: 'all', app: '', category: '', minSteps: null, maxSteps: null };

/** The steps a task has: those found on disk when the folder was scanned, the index's count otherwise. */
export const stepsOf = (t: TaskEntry): number => t.stepsOnDisk ?? t.nsteps;

/** Whether a task passes every filter (`reviews`: the review file's decisions, by task path). */
export function matchesQueue(t: TaskEntry, f: QueueFilter, reviews: Record<string, TaskReview> | null): boolean {
  if (f.status === 'reviewed' || f.status === 'returned') {
    if (reviews?.[t.path]?.status !== f.status) return false;
  } else if (f.status !== 'all' && t.status !== f.status) return false;
  if (f.app && t.app !== f.app) return false;
  if (f.category && t.category !== f.category) return false;
  const n = stepsOf(t);
  if (f.minSteps !== null && n < f.minSteps) return false;
  if (f.maxSteps !== null && n > f.maxSteps) return false;
  return true;
}

/** The apps and categories to pick from (sorted, with how many tasks each has). */
export function queueFacets(tasks: readonly TaskEntry[]): { apps: [string, number][]; categories: [string, number][] } {
  const count = (key: (t: TaskEntry) => string) => {
    const m = new Map<string, number>();
    for (const t of tasks) if (key(t)) m.set(key(t), (m.get(key(t)) ?? 0) + 1);
    return [...m].sort((a, b) => a[0].localeCompare(b[0]));
  };
  return { apps: count((t) => t.app), categories: count((t) => t.category) };
}
