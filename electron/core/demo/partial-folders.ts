import { rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { pidIsGone } from '../../platform/atomic-write';
import { listIn } from '../../platform/confined-read';

/** The folder `demo create` builds in before moving it to `root`: one per process, beside the target. */
export function partialFolder(root: string, pid = process.pid): string {
  return `${root}.partial-${pid}`;
}

/**
 * Removes the partial folders of `demo create` runs that were killed (their process is gone): a killed
 * run left ~44 MB behind each time, forever. A run still going (another process) keeps its folder.
 * Returns the folders removed; never throws.
 */
export async function sweepPartialFolders(root: string): Promise<string[]> {
  const prefix = `${basename(root)}.partial-`;
  let entries;
  try {
    entries = await listIn(dirname(root), '.');
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const e of entries) {
    if (!e.isDirectory() || !e.name.startsWith(prefix)) continue;
    const pid = Number(e.name.slice(prefix.length));
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !pidIsGone(pid)) continue;
    const dir = join(dirname(root), e.name);
    if (await rm(dir, { recursive: true, force: true }).then(() => true, () => false)) removed.push(dir);
  }
  return removed;
}
