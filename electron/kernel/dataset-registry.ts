import { createHash } from 'node:crypto';
import { isAbsolute, posix, relative, sep } from 'node:path';
import type { DatasetOverview } from '../../shared/contract';
import type { RootGuard } from '../platform/roots';
import { AppError } from './errors';

/**
 * The datasets opened in this app, by id, and the checks every call that names
 * one makes: the id is open, a relative path stays inside it.
 */
export class DatasetRegistry {
  private readonly byId = new Map<string, DatasetOverview>();

  constructor(private readonly guard: RootGuard) {}

  /** The stable id of a dataset root. */
  static idOf(root: string): string {
    return createHash('sha256').update(root).digest('hex').slice(0, 12);
  }

  set(overview: DatasetOverview): void {
    this.byId.set(overview.id, overview);
  }

  /** The opened dataset with this id, or AppError('not-found'). */
  get(id: string): DatasetOverview {
    const ds = this.byId.get(id);
    if (!ds) throw new AppError('not-found', `Dataset ${id} is not open. Open its folder again (the app may have restarted).`);
    return ds;
  }

  /** Root-relative, forward-slash path of `rel` inside the dataset, or AppError('refused'). */
  confine(ds: DatasetOverview, rel: string): { rel: string; abs: string } {
    // Call arguments passed their schema; the file route's paths (from a URL) did not.
    if (rel === '' || rel.includes('\0')) throw new AppError('bad-request', 'Expected a path relative to the dataset folder.');
    let abs: string;
    try {
      abs = this.guard.resolve(isAbsolute(rel) ? rel : `${ds.root}${sep}${rel}`);
    } catch (err) {
      throw new AppError('refused', (err as Error).message, { cause: err });
    }
    const r = relative(ds.root, abs);
    if (r.startsWith('..') || isAbsolute(r)) {
      throw new AppError('refused', `Access to ${rel} refused: it lies outside the dataset ${ds.root}. Open its folder as a dataset first.`);
    }
    return { rel: r.split(sep).join(posix.sep), abs };
  }
}
