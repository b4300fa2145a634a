import { readFile } from 'node:fs/promises';
import { posix } from 'node:path';
import { RootGuard } from '../fs/roots';
import { decodeText } from '../fs/decode-text';

/** Absolute path of `rel` inside `root`; throws (naming both) when it escapes the root. */
export function inRoot(root: string, ...rel: string[]): string {
  const guard = new RootGuard();
  const real = guard.add(root);
  return guard.resolve(posix.join(real.split('\\').join('/'), ...rel.map((r) => r.split('\\').join('/'))));
}

/** Root-relative path with forward slashes, as problems name files. */
export function relJoin(...parts: string[]): string {
  return posix.join(...parts.map((p) => p.split('\\').join('/')));
}

/** Reads a text file, decoding BOMs and UTF-16; undefined when it does not exist. */
export async function readTextIfExists(path: string): Promise<string | undefined> {
  try {
    return decodeText(await readFile(path));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    const why = code === 'EISDIR' ? 'it is a folder, not a file' : code === 'EACCES' ? 'permission denied' : (err as Error).message;
    throw new Error(`Cannot read ${path}: ${why}. Make it a readable file or remove it.`, { cause: err });
  }
}

/** Runs `fn` over items with at most `limit` in flight, reporting progress; stops on abort. */
export async function mapPool<T, R>(
  items: T[],
  limit: number,
  fn: (item: T, i: number) => Promise<R>,
  opts: { onProgress?(done: number, total: number): void; signal?: AbortSignal } = {},
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      opts.signal?.throwIfAborted();
      const i = next++;
      out[i] = await fn(items[i], i);
      done++;
      opts.onProgress?.(done, items.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  opts.signal?.throwIfAborted();
  return out;
}
