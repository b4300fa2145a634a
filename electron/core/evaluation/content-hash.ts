import { createHash } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** What a file looked like when it was hashed: a later stat with the same size and mtime reuses the hash. */
export type FileMemo = [size: number, mtimeMs: number, hash: string];

/**
 * Content hashes of folders, remembering each file's hash under its size and mtime (as git's index
 * does), so a re-open stats the files but reads only the ones that changed. The key is the content:
 * touching a file without changing it gives the same folder hash.
 */
export class ContentHasher {
  /** Files read and hashed (not taken from the memo) since creation. */
  hashedFiles = 0;

  constructor(readonly memo: Map<string, FileMemo> = new Map()) {}

  /** Hash of one file's content (memoised by size + mtime). */
  async file(abs: string): Promise<string> {
    const st = await stat(abs);
    const m = this.memo.get(abs);
    if (m && m[0] === st.size && m[1] === st.mtimeMs) return m[2];
    const hash = createHash('sha1').update(await readFile(abs)).digest('hex');
    this.hashedFiles++;
    this.memo.set(abs, [st.size, st.mtimeMs, hash]);
    return hash;
  }

  /** Hash over every file under `dir` (names relative to it, and contents), in a stable order. */
  async folder(dir: string): Promise<string> {
    const files = await listFiles(dir);
    const h = createHash('sha1');
    // A few at a time: the stats overlap, without opening thousands of files at once.
    const hashes = await mapLimit(files, 16, (f) => this.file(path.join(dir, f)));
    files.forEach((f, i) => h.update(`${f}\0${hashes[i]}\n`));
    return h.digest('hex');
  }

  /** Drops memo entries of files not seen under these folders (keeps the memo file small). */
  retainUnder(dirs: readonly string[]): void {
    const prefixes = dirs.map((d) => d.endsWith(path.sep) ? d : d + path.sep);
    for (const k of this.memo.keys()) if (!prefixes.some((p) => k.startsWith(p))) this.memo.delete(k);
  }
}

/** Every regular file under `dir` (following symlinked folders one level, as trace collections use them), relative, sorted. */
async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string, depth: number): Promise<void> => {
    const entries = await readdir(path.join(dir, rel), { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      let isDir = e.isDirectory();
      if (e.isSymbolicLink()) isDir = (await stat(path.join(dir, r)).catch(() => null))?.isDirectory() ?? false;
      if (isDir) { if (depth < 6) await walk(r, depth + 1); } else out.push(r);
    }
  };
  await walk('', 0);
  return out.sort();
}

/** Maps with at most `limit` promises in flight, results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (x: T, i: number) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
