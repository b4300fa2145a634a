/**
 * The only way the core reads user data: every function takes the folder the
 * read is confined to (a dataset root, a trace folder) and a path relative to
 * it, resolves both once (symlinks included) and refuses anything that lands
 * outside. Lint forbids raw `fs` reads in the core's domains, so a
 * `join(dir, name)` can no longer reach the disk unchecked. The synchronous
 * reader of traces and ground truth (ConfinedFiles) lives in confined-files.ts.
 */
import type { Dirent, Stats } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { posix } from 'node:path';
import { decodeText } from './decode-text';
import { cannotRead, checkOpened, MAX_IMAGE_BYTES, MAX_TEXT_BYTES, NOFOLLOW, READ_FLAGS } from './regular-file';
import { RootGuard } from './roots';

export { MAX_IMAGE_BYTES, MAX_TEXT_BYTES };
export { ConfinedFiles, NAMED_FILES, OutsideRootsError, readImageFile, readNamedText, readRange, readRealText, readRegularFile, type Confinement, type OpenedFile } from './confined-files';

/** Forward-slash join of root-relative parts (backslashes too, as Windows-written indexes have them). */
function relOf(rel: readonly string[]): string {
  return posix.join(...rel.map((r) => r.split('\\').join('/')));
}

/** How long a root's resolution is reused: a dataset's open reads every episode's files, each through resolveIn. */
const GUARD_TTL_MS = 1000;
const guards = new Map<string, { guard: RootGuard; real: string; at: number }>();

/**
 * A guard of `root` alone, its real path resolved at most once a second: opening a 200-episode dataset
 * resolved the root ~1,400 times. A root replaced meanwhile is still safe: every path is resolved and
 * checked against the real root seen, so a stale one can only refuse a path, never let one out.
 */
function guardOf(root: string): { guard: RootGuard; real: string } {
  const now = Date.now();
  const known = guards.get(root);
  if (known && now - known.at < GUARD_TTL_MS) return known;
  const guard = new RootGuard();
  const entry = { guard, real: guard.add(root), at: now };
  if (guards.size >= 64) guards.clear();
  guards.set(root, entry);
  return entry;
}

/**
 * Real absolute path of `rel` inside `root`; throws "Access to … refused"
 * naming both when it escapes (`..`, an absolute path elsewhere, a symlink).
 */
export function resolveIn(root: string, ...rel: string[]): string {
  const { guard, real } = guardOf(root);
  const r = relOf(rel);
  if (r.includes('\0')) throw new Error(`Access to ${JSON.stringify(r)} refused: the path holds a NUL character.`);
  return guard.resolve(posix.isAbsolute(r) ? r : posix.join(real.split('\\').join('/'), r));
}

/** Reads at most `max` bytes of a regular file inside the root; undefined when it does not exist. */
async function readConfined(root: string, rel: string[], max: number, whole: boolean): Promise<Uint8Array | undefined> {
  const path = resolveIn(root, ...rel);
  let fh;
  try {
    fh = await open(path, READ_FLAGS | NOFOLLOW);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw cannotRead(path, err);
  }
  try {
    const st = await fh.stat();
    checkOpened(path, st, max, whole);
    const buf = new Uint8Array(Math.min(st.size, max));
    let n = 0;
    while (n < buf.length) {
      const { bytesRead } = await fh.read(buf, n, buf.length - n, n);
      if (bytesRead === 0) break;
      n += bytesRead;
    }
    return buf.subarray(0, n);
  } catch (err) {
    throw cannotRead(path, err);
  } finally {
    await fh.close();
  }
}

/** A text file inside `root` (BOMs and UTF-16 decoded); undefined when it does not exist. */
export async function readTextIn(root: string, ...rel: string[]): Promise<string | undefined> {
  const bytes = await readConfined(root, rel, MAX_TEXT_BYTES, true);
  return bytes === undefined ? undefined : decodeText(bytes);
}

/** A whole file inside `root` of at most `max` bytes (larger ones refused); undefined when it does not exist. */
export function readBytesIn(root: string, rel: string[], max = MAX_TEXT_BYTES): Promise<Uint8Array | undefined> {
  return readConfined(root, rel, max, true);
}

/** The first `max` bytes of a file inside `root` (image headers, signatures); undefined when it does not exist. */
export function readHeadIn(root: string, rel: string, max: number): Promise<Uint8Array | undefined> {
  return readConfined(root, [rel], max, false);
}

/** Entries of a folder inside `root`. */
export async function listIn(root: string, ...rel: string[]): Promise<Dirent[]> {
  return readdir(resolveIn(root, ...rel), { withFileTypes: true });
}

/** Stats of a path inside `root`, or null when it does not exist or cannot be read. */
export async function statIn(root: string, ...rel: string[]): Promise<Stats | null> {
  return stat(resolveIn(root, ...rel)).catch(() => null);
}
