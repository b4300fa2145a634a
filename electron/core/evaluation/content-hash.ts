import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What a file looked like when it was hashed: a later stat with the same size and mtime reuses the hash. */
export type FileMemo = [size: number, mtimeMs: number, hash: string];

const IMAGE = /\.(png|jpe?g|webp)$/i;
const SAMPLE = 64 * 1024;

/**
 * Content hash of one file. Text files (annotations, hierarchies, actions, activities) are hashed
 * whole. Screenshots are hashed by size plus their first and last 64 KiB: a PNG ends with the
 * zlib stream's Adler-32 of every pixel row (then IEND), so any pixel change shows in the tail, and
 * a re-encoded JPEG changes size and header tables; reading 128 KiB instead of ~1 MB per screen is
 * what keeps a first open of thousands of traces quick.
 */
function hashFile(abs: string, size: number): string {
  const h = createHash('sha1');
  if (!IMAGE.test(abs) || size <= 2 * SAMPLE) return h.update(readFileSync(abs)).digest('hex');
  const fd = openSync(abs, 'r');
  try {
    const buf = Buffer.alloc(SAMPLE);
    h.update(`${size}\0`);
    h.update(buf.subarray(0, readSync(fd, buf, 0, SAMPLE, 0)));
    h.update(buf.subarray(0, readSync(fd, buf, 0, SAMPLE, size - SAMPLE)));
    return h.digest('hex');
  } finally {
    closeSync(fd);
  }
}

/**
 * Content hashes of folders, remembering each file's hash under its size and mtime (as git's index
 * does), so a re-open stats the files but reads only the ones that changed. The key is the content:
 * touching a file without changing it gives the same folder hash. Synchronous per folder (a folder
 * is a few dozen stats); callers yield between folders.
 */
export class ContentHasher {
  /** Files read and hashed (not taken from the memo) since creation. */
  hashedFiles = 0;

  constructor(readonly memo: Map<string, FileMemo> = new Map()) {}

  /** Hash of one file's content (memoised by size + mtime). */
  file(abs: string): string {
    const st = statSync(abs);
    const m = this.memo.get(abs);
    if (m && m[0] === st.size && m[1] === st.mtimeMs) return m[2];
    const hash = hashFile(abs, st.size);
    this.hashedFiles++;
    this.memo.set(abs, [st.size, st.mtimeMs, hash]);
    return hash;
  }

  /** Hash over every file under `dir` (names relative to it, and contents), in a stable order. */
  folder(dir: string): string {
    const h = createHash('sha1');
    for (const f of listFiles(dir)) h.update(`${f}\0${this.file(path.join(dir, f))}\n`);
    return h.digest('hex');
  }

  /** Drops memo entries of files not under these folders (keeps the memo file small). */
  retainUnder(dirs: readonly string[]): void {
    const prefixes = dirs.map((d) => (d.endsWith(path.sep) ? d : d + path.sep));
    for (const k of this.memo.keys()) if (!prefixes.some((p) => k.startsWith(p))) this.memo.delete(k);
  }
}

/** Every regular file under `dir` (following symlinked folders, as trace collections use them), relative, sorted. */
function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string, depth: number): void => {
    let entries;
    try {
      entries = readdirSync(path.join(dir, rel), { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      const isDir = e.isDirectory() || (e.isSymbolicLink() && (statSync(path.join(dir, r), { throwIfNoEntry: false })?.isDirectory() ?? false));
      if (isDir) { if (depth < 6) walk(r, depth + 1); } else out.push(r);
    }
  };
  walk('', 0);
  return out.sort();
}
