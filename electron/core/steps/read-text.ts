import { readFileSync } from 'node:fs';
import { decodeText } from '../fs/decode-text';

/**
 * Reads a text file (BOMs and UTF-16 decoded); undefined when it does not exist. Other failures
 * throw an Error that names the file, says why and what to do.
 */
export function readText(file: string): string | undefined {
  try {
    return decodeText(readFileSync(file));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    const why = code === 'EISDIR' ? 'it is a folder, not a file' : code === 'EACCES' ? 'permission denied' : (err as Error).message;
    throw new Error(`Cannot read ${file}: ${why}. Make it a readable file or remove it.`, { cause: err });
  }
}
