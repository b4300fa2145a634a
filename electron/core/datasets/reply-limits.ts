import type { TaskEntry } from '../../../shared/contract';
import type { Problem } from '../../../shared/model';

/** Problems sent in full in a dataset's reply (dataset:open, eval:open): the rest are counted. */
export const MAX_PROBLEMS_IN_REPLY = 200;
/** Tasks whose own problem lists are sent in full; later tasks keep their counts (`errors`, `status`), and one warning says where the lists are. */
export const MAX_TASKS_WITH_PROBLEMS = 500;

/**
 * Tasks or problems handled between two turns of the event loop while a reply is put together: the
 * reply of a 100,000-row index took the server's thread for 200 ms in one piece.
 */
export const REPLY_PART = 2000;

/** One turn of the event loop (other calls are answered meanwhile). */
export const turn = (): Promise<void> => new Promise((r) => setImmediate(r));

const WHERE = '`touchstone dataset check` (or Check in the dataset window) lists every problem.';

/**
 * Bounds a dataset's reply: an index of 30,000 rows pointing nowhere made a 20 MB answer that held
 * the server while it was written. The first MAX_PROBLEMS_IN_REPLY problems go out as they are, then
 * one warning with the number left out and where to see them; tasks past the first
 * MAX_TASKS_WITH_PROBLEMS with problems keep `errors` and `status` but not the list (a second
 * warning counts them).
 */
export async function capReplyProblems(tasks: TaskEntry[], problems: Problem[], file: string): Promise<{ tasks: TaskEntry[]; problems: Problem[] }> {
  let withProblems = 0;
  let unlisted = 0;
  const capped: TaskEntry[] = [];
  for (const [i, t] of tasks.entries()) {
    if (i % REPLY_PART === REPLY_PART - 1) await turn();
    if (!t.problems.length || ++withProblems <= MAX_TASKS_WITH_PROBLEMS) capped.push(t);
    else {
      unlisted++;
      capped.push({ ...t, problems: [] });
    }
  }
  const out = problems.slice(0, MAX_PROBLEMS_IN_REPLY);
  const left = problems.length - out.length;
  if (left > 0) {
    let errors = 0;
    for (let i = MAX_PROBLEMS_IN_REPLY; i < problems.length; i++) {
      if (i % REPLY_PART === 0) await turn();
      if (problems[i]!.severity === 'error') errors++;
    }
    out.push({
      severity: 'warning', file,
      message: `${left.toLocaleString('en')} more problems (${errors.toLocaleString('en')} errors) are not listed here; ${problems.length.toLocaleString('en')} in all.`,
      hint: WHERE,
    });
  }
  if (unlisted > 0) {
    out.push({
      severity: 'warning', file,
      message: `${unlisted.toLocaleString('en')} more tasks have problems: their counts are in the task list, their problems are not sent.`,
      hint: WHERE,
    });
  }
  return { tasks: capped, problems: out };
}
