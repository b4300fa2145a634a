import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { decodeText } from '../../platform/decode-text';
import { cannotRead, checkOpened, MAX_TEXT_BYTES, NOFOLLOW, READ_FLAGS } from '../../platform/regular-file';

/**
 * At most `max` bytes of a regular file (synchronously: the evaluator's hot path and the step reader);
 * undefined when it does not exist. Symbolic links (O_NOFOLLOW: callers pass real paths from their root
 * guard; `followLinks` for callers that join plain paths), folders, FIFOs and devices are refused with an
 * Error naming the file, and so is a `whole` file over `max` bytes.
 */
export function readRegularFile(file: string, max: number, whole: boolean, followLinks = false): Uint8Array | undefined {
  let fd: number;
  try {
    fd = openSync(file, READ_FLAGS | (followLinks ? 0 : NOFOLLOW));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw cannotRead(file, err);
  }
  try {
    const st = fstatSync(fd);
    checkOpened(file, st, max, whole);
    const buf = new Uint8Array(Math.min(st.size, max));
    let n = 0;
    while (n < buf.length) {
      const got = readSync(fd, buf, n, buf.length - n, n);
      if (got === 0) break;
      n += got;
    }
    return buf.subarray(0, n);
  } catch (err) {
    throw cannotRead(file, err);
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
