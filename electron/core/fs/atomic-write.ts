import { open, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Writes `data` to `path` so that readers see either the old file or the
 * complete new one, never a half-written file: the data goes to a temporary
 * file in the same directory (same filesystem, so rename is atomic), is
 * fsynced, then renamed over the target. The temp file is removed on failure.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const dir = dirname(path);
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let renamed = false;
  try {
    const fh = await open(tmp, 'wx');
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, path);
    renamed = true;
    await syncDir(dir);
  } catch (err) {
    if (!renamed) await unlink(tmp).catch(() => undefined);
    const why = err instanceof Error ? err.message : String(err);
    throw new Error(`Could not write ${path}: ${why}. Check that the folder exists and is writable.`, { cause: err });
  }
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
