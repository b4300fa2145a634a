import { open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Writes `data` to `path` so that readers see either the old file or the
 * complete new one, never a half-written file: the data goes to a temporary
 * file in the same directory (same filesystem, so rename is atomic), is
 * fsynced, then renamed over the target. The temp file is removed on failure.
 * `mode` sets the new file's permissions from its creation on (e.g. 0o600 for secrets).
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, mode?: number): Promise<void> {
  await writeFilesAtomic([[path, data]], mode);
}

/**
 * Several files, each written as writeFileAtomic writes one (readers see the old or the whole new
 * file), in one batch: the temp files are written and flushed side by side, renamed, and each folder
 * is synced once after its renames. A failure names the file; the files renamed before it stay (each
 * is whole), the others keep their old content, and no temp file is left.
 */
export async function writeFilesAtomic(files: readonly (readonly [path: string, data: string | Uint8Array])[], mode?: number): Promise<void> {
  const jobs = files.map(([path, data]) => ({ path, data, tmp: join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`), renamed: false }));
  let failed: { path: string; err: unknown } | undefined;
  const fail = (path: string) => (err: unknown): void => { failed ??= { path, err }; };
  await Promise.all(jobs.map(async (j) => {
    const fh = await open(j.tmp, 'wx', mode ?? 0o666);
    try {
      await fh.writeFile(j.data);
      await fh.sync();
    } finally {
      await fh.close();
    }
  }).map((p, i) => p.catch(fail(jobs[i]!.path))));
  if (!failed) {
    for (const j of jobs) {
      try {
        await rename(j.tmp, j.path);
        j.renamed = true;
      } catch (err) { fail(j.path)(err); break; }
    }
  }
  await Promise.all(jobs.filter((j) => !j.renamed).map((j) => unlink(j.tmp).catch(() => undefined)));
  if (failed) {
    const why = failed.err instanceof Error ? failed.err.message : String(failed.err);
    throw new Error(`Could not write ${failed.path}: ${why}. Check that the folder exists and is writable.`, { cause: failed.err });
  }
  const dirs = [...new Set(jobs.map((j) => dirname(j.path)))];
  await Promise.all(dirs.map(syncDir));
  // Temps a killed writer left beside its target (a SIGKILL mid-save) go with the next save there.
  for (const dir of dirs) if (dueForSweep(dir)) await sweepStaleTemps(dir);
}

/** Our temp names: `.<target>.<pid>.<12 hex>.tmp` (see writeFileAtomic). */
const TEMP_NAME = /^\.(.+)\.(\d+)\.[0-9a-f]{12}\.tmp$/;

/** Folders swept lately (each at most once per SWEEP_MS: a writer of thousands of files lists its folder rarely). */
const swept = new Map<string, number>();
const SWEEP_MS = 30_000;

function dueForSweep(dir: string): boolean {
  const now = Date.now();
  if ((swept.get(dir) ?? -Infinity) > now - SWEEP_MS) return false;
  if (swept.size > 1000) swept.clear();
  swept.set(dir, now);
  return true;
}

/** True when no process has this id (its writes are over for good). */
export function pidIsGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** When this process started (ms since the epoch): temp files older than this are no one's work in progress here. */
const PROCESS_START = Date.now() - process.uptime() * 1000;

/**
 * Removes the temp files writeFileAtomic leaves when a process is killed
 * mid-write (SIGKILL, power loss): in `dir`, those named like ours (for the
 * target `name` when given) whose writer's process is gone, or last modified
 * before this process started, so a write another running process has in
 * flight is left alone. writeFileAtomic calls it after each save (at most
 * every 30 s per folder). Returns how many were removed; never throws (a
 * missing folder has none).
 */
export async function sweepStaleTemps(dir: string, name?: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const n of names) {
    const m = TEMP_NAME.exec(n);
    if (!m || (name !== undefined && m[1] !== name)) continue;
    const p = join(dir, n);
    const st = await stat(p).catch(() => null);
    if (!st?.isFile()) continue;
    const pid = Number(m[2]);
    if (pid === process.pid || (!pidIsGone(pid) && st.mtimeMs >= PROCESS_START)) continue;
    if (await unlink(p).then(() => true, () => false)) removed++;
  }
  return removed;
}

/** fsync the directory so the rename itself survives a crash; not supported everywhere, so best effort. */
async function syncDir(dir: string): Promise<void> {
  try {
    const dh = await open(dir, 'r');
    try {
      await dh.sync();
    } finally {
      await dh.close();
    }
  } catch {
    // Windows and some filesystems refuse fsync on directories; the rename is still atomic there.
  }
}

/** Writes a new file (in a private staging folder, renamed into place by the caller) and flushes it to disk. */
export async function writeFileSynced(path: string, data: string | Uint8Array): Promise<void> {
  const fh = await open(path, 'w');
  try {
    await fh.writeFile(data);
    await fh.sync();
  } finally {
    await fh.close();
  }
}
