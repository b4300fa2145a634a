/**
 * What both hardened readers share: the async root-confined reader the UI's calls use
 * (confined-read.ts) and the synchronous one of the evaluator's hot path (confined-files.ts).
 * One wording for every refusal, one set of open flags, one check of what was opened.
 */
import { constants, type Stats } from 'node:fs';

/** Largest text file the core reads whole (hierarchies are limited further by their parsers). */
export const MAX_TEXT_BYTES = 64 * 1024 * 1024;

/** Largest screenshot the evaluator decodes (a 4K PNG is ~10-30 MB): 64 MiB, the text files' cap. */
export const MAX_IMAGE_BYTES = MAX_TEXT_BYTES;

// O_NONBLOCK: a FIFO planted in a dataset cannot hang the read (regular files ignore the flag).
export const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
// O_NOFOLLOW: a checked real path is opened as is, so a symlink swapped in after the check is refused.
export const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

/** The Error for a file that could not be opened or read, naming it, saying why and what to do. */
export function cannotRead(path: string, err: unknown): Error {
  if (isCannotRead(err)) return err;
  const code = (err as NodeJS.ErrnoException).code;
  const why = code === 'EISDIR' ? 'it is a folder, not a file'
    : code === 'EACCES' || code === 'EPERM' ? 'permission denied'
    : code === 'ELOOP' ? 'it is a symbolic link, which is not followed here'
    : (err as Error).message;
  return new Error(`Cannot read ${path}: ${why}. Make it a readable file or remove it.`, { cause: err });
}

function isCannotRead(err: unknown): err is Error {
  return err instanceof Error && err.message.startsWith('Cannot read');
}

/** Throws unless the opened `st` is a regular file, and (for `whole` reads) at most `max` bytes. */
export function checkOpened(path: string, st: Stats, max: number, whole: boolean): void {
  if (st.isDirectory()) throw new Error(`Cannot read ${path}: it is a folder, not a file. Make it a readable file or remove it.`);
  if (!st.isFile()) throw new Error(`Cannot read ${path}: it is not a regular file. Replace it with the file it should be.`);
  if (whole && st.size > max) throw new Error(`Cannot read ${path}: it is ${st.size.toLocaleString('en')} bytes, over the ${max.toLocaleString('en')}-byte limit for this kind of file.`);
}
