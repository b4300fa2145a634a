import { join } from 'node:path';
import type { TaskReview } from '../../../shared/contract/annotation';
import { AppError } from '../../kernel/errors';
import { writeFileAtomic } from '../../platform/atomic-write';
import { serialised } from '../../platform/serial-queue';
import { readTextIn } from '../../platform/confined-read';

/** Touchstone's own file in the dataset folder; LlamaTouch tools ignore it, and no LlamaTouch file is ever changed for a review. */
export const REVIEW_FILE = 'touchstone-review.json';

interface ReviewFile {
  format: 'touchstone-review';
  version: 1;
  tasks: Record<string, TaskReview>;
}

function isReview(v: unknown): v is TaskReview {
  const r = v as TaskReview;
  return !!r && (r.status === 'reviewed' || r.status === 'returned') && typeof r.comment === 'string' && typeof r.at === 'string';
}

/** Every task's review; {} when the dataset has no review file. */
export async function readReviews(root: string): Promise<Record<string, TaskReview>> {
  const text = await readTextIn(root, REVIEW_FILE);
  if (text === undefined) return {};
  let data: ReviewFile;
  try {
    data = JSON.parse(text) as ReviewFile;
  } catch (err) {
    throw new AppError('bad-request', `${REVIEW_FILE} in ${root} is not valid JSON (${(err as Error).message}). Restore it from a backup, or remove it to start the reviews over.`);
  }
  if (data?.format !== 'touchstone-review' || typeof data.tasks !== 'object' || data.tasks === null) {
    throw new AppError('bad-request', `${REVIEW_FILE} in ${root} is not a Touchstone review file (expected "format": "touchstone-review"). Move it away; Touchstone will write a new one.`);
  }
  const out: Record<string, TaskReview> = {};
  for (const [path, r] of Object.entries(data.tasks)) if (isReview(r)) out[path] = r;
  return out;
}

/** Sets (or with status null clears) a task's review and returns every review. */
export function writeReview(root: string, path: string, status: TaskReview['status'] | null, comment: string, now = new Date()): Promise<Record<string, TaskReview>> {
  const run = async () => {
    const tasks = await readReviews(root);
    if (status === null) delete tasks[path];
    else tasks[path] = { status, comment: comment.trim(), at: now.toISOString() };
    const file: ReviewFile = { format: 'touchstone-review', version: 1, tasks };
    await writeFileAtomic(join(root, REVIEW_FILE), `${JSON.stringify(file, null, 2)}\n`);
    return tasks;
  };
  // One review write at a time per dataset, each reading the file the previous one wrote.
  return serialised(join(root, REVIEW_FILE), run);
}
