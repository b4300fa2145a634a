import { posix } from 'node:path';
import { resolveIn } from '../../platform/confined-read';

/**
 * Absolute real path of `rel` inside `root`, for writers; throws (naming both)
 * when it escapes the root. Reads go through ../fs/confined-read instead.
 */
export function inRoot(root: string, ...rel: string[]): string {
  return resolveIn(root, ...rel);
}

/** Root-relative path with forward slashes, as problems name files. */
export function relJoin(...parts: string[]): string {
  return posix.join(...parts.map((p) => p.split('\\').join('/')));
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
      // Let other calls through now and then, also when fn's awaits resolve at once (100,000 missing folders).
      if (done % 64 === 0) await new Promise((r) => setImmediate(r));
      opts.onProgress?.(done, items.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  opts.signal?.throwIfAborted();
  return out;
}
