/**
 * The synchronous half of the confined reader (confined-read.ts re-exports it): the evaluator's hot
 * path, the step reader and the content hasher read traces and ground truth through a ConfinedFiles.
 * Every folder is resolved once (realpath, cached) against the opened roots; a file is opened inside
 * its real folder with O_NOFOLLOW | O_NONBLOCK, so a link is followed only after its target was
 * checked to lie inside the roots (anywhere with `followLinks`, the CLI's --follow-links), a FIFO
 * never blocks, and only regular files up to the size cap are read.
 */
import { closeSync, fstatSync, lstatSync, openSync, readdirSync, readlinkSync, readSync, realpathSync, type Dirent, type Stats } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';
import { decodeText } from './decode-text';
import { cannotRead, checkOpened, MAX_IMAGE_BYTES, MAX_TEXT_BYTES, NOFOLLOW, READ_FLAGS } from './regular-file';

/** Where reads on a user's behalf may go: the opened roots; `followLinks` lets symbolic links leave them. */
export interface Confinement {
  roots: readonly string[];
  followLinks?: boolean;
}

const MISSING = new Set(['ENOENT', 'ENOTDIR']);
const isMissing = (err: unknown): boolean => MISSING.has((err as NodeJS.ErrnoException).code ?? '');
// Linux says ELOOP when O_NOFOLLOW meets a link, FreeBSD EMLINK.
const isLink = (err: unknown): boolean => ['ELOOP', 'EMLINK'].includes((err as NodeJS.ErrnoException).code ?? '');

/**
 * `p` made absolute and normalised: as path.resolve, but a path that already is (what the evaluator
 * passes: joined from resolved folders) is returned as it is, without path.resolve's walk over it.
 */
function absolute(p: string): string {
  // No '//' and no part starting with '.' ('.', '..', and, rarely, a hidden name: those take path.resolve).
  if (sep === '/' && p.charCodeAt(0) === 47 && p.length > 1 && p.charCodeAt(p.length - 1) !== 47 && p.indexOf('/.') < 0 && p.indexOf('//') < 0) return p;
  return resolve(p);
}

/** The last part of the normalised `abs` (whose folder is `parent`) joined to `realDir` (string work instead of path.join: this runs for every file read). */
function childOf(realDir: string, abs: string, parent: string): string {
  return `${realDir.endsWith(sep) ? realDir : realDir + sep}${abs.slice(parent.endsWith(sep) ? parent.length : parent.length + 1)}`;
}

/** `p` is `root` or lies under it; both are absolute and normalised (a string test: this runs for every file read). */
function inside(root: string, p: string): boolean {
  if (!p.startsWith(root)) return false;
  return p.length === root.length || root.endsWith(sep) || p[root.length] === sep;
}

/** The refusal of a path that leads out of the opened roots (callers listing folders tell it from a missing file). */
export class OutsideRootsError extends Error {}

/** An opened regular file: its descriptor (the caller closes it), stats and real path. */
export interface OpenedFile { fd: number; st: Stats; real: string }

/** Reads user files confined to roots; see the module comment. One instance per run, trace or episode (it caches folders). */
export class ConfinedFiles {
  private readonly roots: string[];
  /** The roots as given (absolute, not resolved): the folders under them resolve from the roots' real paths. */
  private readonly rootsAsGiven: string[];
  private readonly dirs = new Map<string, string | null>();

  /** `cacheDirs: false` for a long-lived reader (folders may be replaced while it lives). */
  constructor(readonly confinement: Confinement, private readonly cacheDirs = true) {
    this.rootsAsGiven = confinement.roots.map((r) => resolve(r));
    this.roots = this.rootsAsGiven.map((abs) => {
      try {
        const real = realpathSync.native(abs);
        // Kept as resolved folders: the folders under a root then resolve from it (realFromParent).
        if (cacheDirs) this.dirs.set(abs, real);
        return real;
      } catch {
        return abs;
      }
    });
  }

  /**
   * A reader confined to `c`, or to `root` alone when no confinement is given; a reader given as `c`
   * is used as it is (one per episode: its roots and folders are resolved once for all its files).
   */
  static of(c: Confinement | ConfinedFiles | undefined, root: string): ConfinedFiles {
    if (c instanceof ConfinedFiles) return c;
    return new ConfinedFiles(c ?? { roots: [root] });
  }

  /** Throws the refusal sentence unless `real` (what `shown` resolves to) is inside the roots or links may leave them. */
  private check(shown: string, real: string): void {
    if (this.confinement.followLinks || this.roots.some((r) => inside(r, real))) return;
    throw new OutsideRootsError(`Cannot read ${shown}: it leads to ${real}, outside the opened folders (${this.roots.join(', ')}). Copy the file into the folder, or open the folder it points to (touchstone eval: --follow-links).`);
  }

  /** Real path of folder `dir` (resolved once), null when it does not exist; throws when it lies outside the roots. */
  realDir(dir: string): string | null {
    const abs = absolute(dir);
    const real = this.realOf(abs);
    if (real !== null) this.check(abs, real);
    return real;
  }

  /** realpath of an absolute folder path, cached; null when it does not exist. */
  private realOf(abs: string): string | null {
    const known = this.dirs.get(abs);
    if (known !== undefined) return known;
    let real: string | null;
    try {
      real = this.realFromParent(abs) ?? realpathSync.native(abs);
    } catch (err) {
      if (!isMissing(err)) throw cannotRead(abs, err);
      real = null;
    }
    if (!this.cacheDirs || real === null) return real;
    if (this.dirs.size > 4096) this.dirs.clear();
    this.dirs.set(abs, real);
    return real;
  }

  /**
   * The real path of `abs` from its folder's, when that is already resolved: one lstat instead of
   * realpath(3)'s readlink per path component (an evaluation resolves ~10 folders per episode, each
   * under the same trace folder). Undefined when the folder is not known yet or `abs` is a link.
   */
  private realFromParent(abs: string): string | undefined {
    if (!this.cacheDirs) return undefined;
    const parent = dirname(abs);
    if (parent === abs) return undefined;
    // A folder below a root resolves through its parents up to the root (resolved when constructed).
    const up = this.dirs.get(parent) ?? (this.rootsAsGiven.some((r) => inside(r, parent)) ? this.realOf(parent) : undefined);
    if (!up) return undefined;
    if (lstatSync(abs).isSymbolicLink()) return undefined;
    return childOf(up, abs, parent);
  }

  /**
   * The real path of the entry `p` names, its folder resolved (and `p` itself checked against the
   * roots, its last part not followed yet); null when its folder does not exist.
   */
  private entry(p: string): { abs: string; real: string } | null {
    const abs = absolute(p);
    const parent = dirname(abs);
    const dir = this.realOf(parent);
    if (dir === null) return null;
    // The root itself ('/' has no parent): its folder is itself.
    const real = parent === abs ? dir : childOf(dir, abs, parent);
    this.check(abs, real);
    return { abs, real };
  }

  /** Real path of `file` after checking where a link at its last part leads; undefined when missing. */
  private target(file: string, real: string): string {
    let to: string;
    try {
      to = realpathSync.native(real);
    } catch {
      let link = '?';
      try { link = readlinkSync(real); } catch { /* gone meanwhile */ }
      throw new Error(`Cannot read ${file}: it is a symbolic link to ${link}, which does not exist (a dangling link). Restore its target or remove the link.`);
    }
    this.check(file, to);
    return to;
  }

  /**
   * Opens a regular file for reading (non-blocking, checked after opening); undefined when it does not
   * exist. Throws an Error naming the file, why and what to do for anything else.
   */
  open(file: string, max = MAX_TEXT_BYTES, whole = true): OpenedFile | undefined {
    const e = this.entry(file);
    if (!e) return undefined;
    const abs = e.abs;
    let real = e.real;
    let fd: number;
    try {
      fd = openSync(real, READ_FLAGS | NOFOLLOW);
    } catch (err) {
      if (isMissing(err)) return undefined;
      if (!isLink(err)) throw cannotRead(abs, err);
      real = this.target(abs, real);
      try {
        fd = openSync(real, READ_FLAGS | NOFOLLOW);
      } catch (err2) {
        if (isMissing(err2)) return undefined;
        throw cannotRead(abs, err2);
      }
    }
    try {
      const st = fstatSync(fd);
      checkOpened(abs, st, max, whole);
      return { fd, st, real };
    } catch (err) {
      closeSync(fd);
      throw cannotRead(abs, err);
    }
  }

  /** At most `max` bytes of a file (a `whole` file over `max` is refused); undefined when it does not exist. */
  bytes(file: string, max = MAX_TEXT_BYTES, whole = true): Uint8Array | undefined {
    const f = this.open(file, max, whole);
    if (!f) return undefined;
    try {
      return readAll(f.fd, Math.min(f.st.size, max));
    } catch (err) {
      throw cannotRead(resolve(file), err);
    } finally {
      closeSync(f.fd);
    }
  }

  /** A text file (BOMs and UTF-16 decoded); undefined when it does not exist. */
  text(file: string): string | undefined {
    const f = this.open(file);
    if (!f) return undefined;
    try {
      // One read of the size fstat gave (readFileSync on a descriptor reads 8 KiB at a time until
      // EOF: 50 reads and a growing copy for a 400 KB hierarchy), decoded as decodeText does
      // (Buffer's UTF-8 unless a BOM or UTF-16 says otherwise). Every trace and hierarchy file of an
      // evaluation is read here; the file was checked once opened (regular, within the cap).
      return decodeText(readAll(f.fd, Math.min(f.st.size, MAX_TEXT_BYTES), 0, true));
    } catch (err) {
      throw cannotRead(resolve(file), err);
    } finally {
      closeSync(f.fd);
    }
  }

  /** Entry names of a folder; empty when it does not exist; throws when it lies outside the roots. */
  list(dir: string): string[] {
    const real = this.realDir(dir);
    if (real === null) return [];
    try {
      // Names only (no Dirent per entry): the evaluator lists ~10 folders per episode.
      return readdirSync(real);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw cannotRead(resolve(dir), err);
    }
  }

  /** Entries of a folder (types as on disk: a link is a link); empty when it does not exist. */
  entries(dir: string): Dirent[] {
    const real = this.realDir(dir);
    if (real === null) return [];
    try {
      return readdirSync(real, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw cannotRead(resolve(dir), err);
    }
  }

  /** True when something (a file, folder, link, even a dangling one) is at `p`; never throws. */
  exists(p: string): boolean {
    try {
      const e = this.entry(p);
      if (!e) return false;
      lstatSync(e.real);
      return true;
    } catch (err) {
      // Outside the roots: it exists, and reading it says why it is refused.
      return !isMissing(err);
    }
  }

  /**
   * Stats of `p`, links followed inside the roots only (without opening it: a FIFO stays unopened);
   * undefined when it does not exist. Throws for a dangling link or one leading out of the roots.
   */
  stat(p: string): Stats | undefined {
    const e = this.entry(p);
    if (!e) return undefined;
    const { abs, real } = e;
    let st: Stats;
    try {
      st = lstatSync(real);
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw cannotRead(abs, err);
    }
    if (!st.isSymbolicLink()) return st;
    return lstatSync(this.target(abs, real));
  }

  /** True when `p` is a folder (links followed inside the roots); never throws. */
  isDir(p: string): boolean {
    try {
      return this.stat(p)?.isDirectory() ?? false;
    } catch {
      return false;
    }
  }
}

/**
 * The buffer text reads go through (decoded to a string before the next read, so one per thread
 * serves them all). A fresh buffer per file (a backing store of its own for each hierarchy's
 * 100-400 KB, allocated, accounted and freed) made confined text reads cost ~9% of an evaluation
 * more than readFileSync; with this buffer, ~2% (runs alternated in one process).
 */
let scratch = Buffer.allocUnsafeSlow(256 * 1024);
const SCRATCH_KEPT = 8 * 1024 * 1024;

function scratchFor(size: number): Buffer {
  if (size <= scratch.length) return scratch;
  const b = Buffer.allocUnsafeSlow(Math.max(size, scratch.length * 2));
  // A file over the kept size gets its own buffer, which goes with it.
  if (b.length <= SCRATCH_KEPT) scratch = b;
  return b;
}

/** `size` bytes from `position` (fewer at EOF); `transient`: into the shared scratch buffer, valid until the next read. */
function readAll(fd: number, size: number, position = 0, transient = false): Uint8Array {
  // Not zero-filled (every byte returned is read from the file): an evaluation reads every trace,
  // hierarchy and screenshot file through here, and the fill was a tenth of its reading time.
  const buf = transient ? scratchFor(size) : Buffer.allocUnsafe(size);
  let n = 0;
  while (n < size) {
    const got = readSync(fd, buf, n, size - n, position + n);
    if (got === 0) break;
    n += got;
  }
  return buf.subarray(0, n);
}

/** `size` bytes of an opened file from `position` (the content hasher's head and tail samples). */
export function readRange(f: OpenedFile, position: number, size: number): Uint8Array {
  return readAll(f.fd, size, position);
}

/**
 * At most `max` bytes of a regular file at a real path a root guard returned; undefined when it does
 * not exist. Symbolic links (O_NOFOLLOW: a link swapped in after the guard's check), folders, FIFOs and
 * devices are refused with an Error naming the file, and so is a `whole` file over `max` bytes.
 */
export function readRegularFile(file: string, max: number, whole: boolean): Uint8Array | undefined {
  let fd: number;
  try {
    fd = openSync(file, READ_FLAGS | NOFOLLOW);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw cannotRead(file, err);
  }
  try {
    const st = fstatSync(fd);
    checkOpened(file, st, max, whole);
    return readAll(fd, Math.min(st.size, max));
  } catch (err) {
    throw cannotRead(file, err);
  } finally {
    closeSync(fd);
  }
}

/**
 * Files the user named directly (a command-line argument, a settings field, a bundled resource) and paths
 * that came from a confined listing when no confinement is at hand: links followed anywhere, but still
 * regular files only, opened non-blocking, size-capped. Data found inside opened folders uses a confined reader.
 */
export const NAMED_FILES = new ConfinedFiles({ roots: [], followLinks: true }, false);

/**
 * A whole image file (at most MAX_IMAGE_BYTES; regular files only, opened non-blocking) through `files`
 * (confined to its roots), or following links when none is given; throws "no such file" when missing.
 */
export function readImageFile(file: string, files: ConfinedFiles = NAMED_FILES): Uint8Array {
  const bytes = files.bytes(file, MAX_IMAGE_BYTES, true);
  if (bytes === undefined) throw new Error(`${file}: no such file`);
  return bytes;
}

/** A text file the user named (see NAMED_FILES); throws "no such file" when it does not exist. */
export function readNamedText(file: string): string {
  const text = NAMED_FILES.text(file);
  if (text === undefined) throw new Error(`${file}: no such file`);
  return text;
}

/** A text file at a guard-checked real path (see readRegularFile); undefined when it does not exist. */
export function readRealText(file: string): string | undefined {
  const bytes = readRegularFile(file, MAX_TEXT_BYTES, true);
  return bytes === undefined ? undefined : decodeText(bytes);
}
