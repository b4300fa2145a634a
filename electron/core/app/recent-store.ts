import { readFile, mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { RecentDataset } from '../../../shared/contract';
import { writeFileAtomic } from '../fs/atomic-write';

const MAX_RECENT = 12;

/**
 * The recently opened dataset folders, kept as JSON in the app's state folder
 * (`~/.config/touchstone` by default; tests pass a temp folder).
 */
export class RecentStore {
  private readonly file: string;

  constructor(private readonly stateDir: string) {
    this.file = join(stateDir, 'recent-datasets.json');
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
  async add(path: string): Promise<RecentDataset[]> {
    const entry: RecentDataset = { path, name: basename(path) || path, openedAt: new Date().toISOString() };
    const next = [entry, ...(await this.list()).filter((r) => r.path !== path)].slice(0, MAX_RECENT);
    await mkdir(this.stateDir, { recursive: true });
    await writeFileAtomic(this.file, JSON.stringify(next, null, 2) + '\n');
    return next;
  }
}

function isRecent(x: unknown): x is RecentDataset {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as Record<string, unknown>;
  return typeof r.path === 'string' && typeof r.name === 'string' && typeof r.openedAt === 'string';
}
