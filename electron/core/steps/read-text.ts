import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { decodeText } from '../fs/decode-text';

/** Largest text file a step reader accepts (a hierarchy dump is well under 10 MiB). */
export const MAX_TEXT_BYTES = 64 * 1024 * 1024;

// O_NOFOLLOW: the checked real path is opened as is, so a symlink swapped in after the check is refused.
// O_NONBLOCK: a FIFO planted in a dataset cannot hang the read (regular files ignore the flag).
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;

function cannotRead(file: string, err: unknown): Error {
  const code = (err as NodeJS.ErrnoException).code;
  const why = code === 'EISDIR' ? 'it is a folder, not a file'
    : code === 'EACCES' || code === 'EPERM' ? 'permission denied'
    : code === 'ELOOP' ? 'it is a symbolic link'
    : (err as Error).message;
  return new Error(`Cannot read ${file}: ${why}. Make it a readable file or remove it.`, { cause: err });
}

/**
 * At most `max` bytes of a regular file (synchronously: the evaluator's hot path and the step reader);
 * undefined when it does not exist. Symbolic links (O_NOFOLLOW: callers pass real paths from their root
 * guard; `followLinks` for callers that join plain paths), folders, FIFOs and devices are refused with an
 * Error naming the file, and so is a `whole` file over `max` bytes.
 */
export function readRegularFile(file: string, max: number, whole: boolean, followLinks = false): Uint8Array | undefined {
  let fd: number;
  try {
    fd = openSync(file, OPEN_FLAGS | (followLinks ? 0 : NOFOLLOW));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw cannotRead(file, err);
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new Error(`Cannot read ${file}: it is a folder, not a file. Make it a readable file or remove it.`);
    if (!st.isFile()) throw new Error(`Cannot read ${file}: it is not a regular file. Replace it with the file it should be.`);
    if (whole && st.size > max) throw new Error(`Cannot read ${file}: it is ${st.size.toLocaleString('en')} bytes, over the ${max.toLocaleString('en')}-byte limit for this kind of file.`);
    const buf = new Uint8Array(Math.min(st.size, max));
    let n = 0;
    while (n < buf.length) {
      const got = readSync(fd, buf, n, buf.length - n, n);
      if (got === 0) break;
      n += got;
    }
    return buf.subarray(0, n);
  } catch (err) {
    throw err instanceof Error && err.message.startsWith('Cannot read') ? err : cannotRead(file, err);
  } finally {
    closeSync(fd);
  }
}

/**
 * Reads a text file (BOMs and UTF-16 decoded); undefined when it does not exist. Other failures
 * (a folder, no permission, a symbolic link, a FIFO, over 64 MiB) throw an Error that names the file,
 * says why and what to do.
 */
export function readText(file: string, opts: { followLinks?: boolean } = {}): string | undefined {
  const bytes = readRegularFile(file, MAX_TEXT_BYTES, true, opts.followLinks);
  return bytes === undefined ? undefined : decodeText(bytes);
}
