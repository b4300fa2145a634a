import { createHash } from 'node:crypto';
import { closeSync } from 'node:fs';
import path from 'node:path';
import { ConfinedFiles, MAX_TEXT_BYTES, readRange, type Confinement } from '../../platform/confined-read';

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
function hashFile(files: ConfinedFiles, abs: string): string {
  const h = createHash('sha1');
  // Images are sampled, so any size is fine; other files over the reader's cap are refused (hashed as such below).
  const f = files.open(abs, IMAGE.test(abs) ? Number.MAX_SAFE_INTEGER : MAX_TEXT_BYTES);
  if (!f) return h.update('missing').digest('hex');
  try {
    const size = f.st.size;
    if (!IMAGE.test(abs) || size <= 2 * SAMPLE) return h.update(readRange(f, 0, size)).digest('hex');
    h.update(`${size}\0`);
    h.update(readRange(f, 0, SAMPLE));
    h.update(readRange(f, size - SAMPLE, SAMPLE));
    return h.digest('hex');
  } finally {
    closeSync(f.fd);
  }
}

/** Hash of a file that cannot be hashed (a FIFO, a device, a dangling link, a link out of the roots): its reason, so a fix changes it. */
const unreadable = (err: unknown): string => createHash('sha1').update(`unreadable\0${(err as Error).message}`).digest('hex');

/**
 * Content hashes of folders, remembering each file's hash under its size and mtime (as git's index
 * does), so a re-open stats the files but reads only the ones that changed. The key is the content:
 * touching a file without changing it gives the same folder hash. Synchronous per folder (a folder
 * is a few dozen stats); callers yield between folders. Everything goes through the confined reader
 * (`confine`: the opened roots): a FIFO is never opened, a device or a link out of the roots never
 * read, a huge text file never read whole; such a file gets a hash of its reason, never an exception,
 * so one bad file fails its episode when evaluated, not the whole open.
 */
export class ContentHasher {
  /** Files read and hashed (not taken from the memo) since creation. */
  hashedFiles = 0;
  private readonly files: ConfinedFiles;

  constructor(readonly memo: Map<string, FileMemo> = new Map(), confine?: Confinement) {
    // Long-lived (one per open): folders are resolved anew on each call.
    this.files = new ConfinedFiles(confine ?? { roots: ['/'] }, false);
  }

  /** Hash of one file's content (memoised by size + mtime); never throws. */
  file(abs: string): string {
    try {
      const st = this.files.stat(abs);
      if (!st) return unreadable(new Error('missing'));
      if (!st.isFile()) throw new Error(`Cannot read ${abs}: it is not a regular file. Replace it with the file it should be.`);
      const m = this.memo.get(abs);
      if (m && m[0] === st.size && m[1] === st.mtimeMs) return m[2];
      const hash = hashFile(this.files, abs);
      this.hashedFiles++;
      this.memo.set(abs, [st.size, st.mtimeMs, hash]);
      return hash;
    } catch (err) {
      return unreadable(err);
    }
  }

  /** Hash over every file under `dir` (names relative to it, and contents), in a stable order; never throws. `keep` picks files by relative name. */
  folder(dir: string, keep?: (rel: string) => boolean): string {
    return this.folderSplit(dir, keep ?? (() => true))[0];
  }

  /** folder(dir, pick) and folder(dir, the files pick leaves) from one listing. */
  folderSplit(dir: string, pick: (rel: string) => boolean): [picked: string, rest: string] {
    const picked = createHash('sha1');
    const rest = createHash('sha1');
    for (const f of listFiles(this.files, dir)) (pick(f) ? picked : rest).update(`${f}\0${this.file(path.join(dir, f))}\n`);
    return [picked.digest('hex'), rest.digest('hex')];
  }

  /** Drops memo entries of files not under these folders (keeps the memo file small). */
  retainUnder(dirs: readonly string[]): void {
    const prefixes = dirs.map((d) => (d.endsWith(path.sep) ? d : d + path.sep));
    for (const k of this.memo.keys()) if (!prefixes.some((p) => k.startsWith(p))) this.memo.delete(k);
  }
}

/**
 * Every file under `dir` (following symlinked folders inside the roots, as trace collections use them),
 * relative, sorted. Links that cannot be followed are listed as files (their hash says why).
 */
function listFiles(files: ConfinedFiles, dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string, depth: number): void => {
    let entries;
    try {
      entries = files.entries(path.join(dir, rel));
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name.startsWith('.')) continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      const isDir = e.isDirectory() || (e.isSymbolicLink() && files.isDir(path.join(dir, r)));
      if (isDir) { if (depth < 6) walk(r, depth + 1); } else out.push(r);
    }
  };
  walk('', 0);
  return out.sort();
}
