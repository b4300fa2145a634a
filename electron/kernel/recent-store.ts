import { readFile } from 'node:fs/promises';
import { makePrivateDir } from '../platform/private-dir';
import { basename, join } from 'node:path';
import type { RecentDataset } from '../../shared/contract';
import { sweepStaleTemps, writeFileAtomic } from '../platform/atomic-write';
import { serialised } from '../platform/serial-queue';

const MAX_RECENT = 12;

/**
 * The recently opened dataset folders, kept as JSON in the app's state folder
 * (`~/.config/touchstone` by default; tests pass a temp folder). Updates are
 * serialised (read, change, atomic write, one at a time), so concurrent opens
 * all land; temp files a killed process left are swept when the store starts.
 */
export class RecentStore {
  private readonly file: string;
  /** Sweeping starts with the store (at app start); updates wait for it. Never rejects. */
  private readonly swept: Promise<number>;

  constructor(private readonly stateDir: string) {
    this.file = join(stateDir, 'recent-datasets.json');
    this.swept = sweepStaleTemps(stateDir, 'recent-datasets.json');
  }

  /** Runs `update` after every earlier update of the same file (by any store of this process) has settled. */
  private serialised<T>(update: () => Promise<T>): Promise<T> {
    return serialised(this.file, () => this.swept.then(update));
  }

  async list(): Promise<RecentDataset[]> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch {
      return []; // first launch: nothing opened yet
    }
    try {
      const data: unknown = JSON.parse(text);
      return Array.isArray(data) ? data.filter(isRecent) : [];
    } catch {
      // A damaged recent list must not block the app; it is rewritten on the next open.
      return [];
    }
  }

  /** Moves `path` to the top of the list. */
  add(path: string): Promise<RecentDataset[]> {
    return this.serialised(async () => {
      const entry: RecentDataset = { path, name: basename(path) || path, openedAt: new Date().toISOString() };
      const next = [entry, ...(await this.list()).filter((r) => r.path !== path)].slice(0, MAX_RECENT);
      await makePrivateDir(this.stateDir);
      await writeFileAtomic(this.file, JSON.stringify(next, null, 2) + '\n');
      return next;
    });
  }
}

function isRecent(x: unknown): x is RecentDataset {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as Record<string, unknown>;
  return typeof r.path === 'string' && typeof r.name === 'string' && typeof r.openedAt === 'string';
}
