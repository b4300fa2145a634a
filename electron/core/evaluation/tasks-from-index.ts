import type { TaskEntry } from '../../../shared/contract-types';
import type { Problem } from '../../../shared/model';
import { readTaskIndex } from '../datasets/write-dataset';

/**
 * The tasks of a dataset from its `llamatouch_task_metadata.tsv` alone, without scanning episode
 * folders (statuses unknown: 'none'); undefined when there is no readable index. For showing a
 * cached evaluation at once; the full open scans the dataset as usual.
 */
export async function tasksFromIndex(root: string): Promise<{ columns: 6 | 7; tasks: TaskEntry[]; problems: Problem[] } | undefined> {
  const r = await readTaskIndex(root).catch(() => undefined);
  if (!r?.ok) return undefined;
  return {
    columns: r.value.columns,
    tasks: r.value.rows.map((x) => ({ episode: x.episode, category: x.category, path: x.path, description: x.description, nsteps: x.nsteps, app: x.app, status: 'none', annotatedSteps: 0, errors: 0, problems: [] })),
    problems: [],
  };
}
