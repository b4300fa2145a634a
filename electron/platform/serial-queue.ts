/**
 * One write at a time per key (usually a file's absolute path), process-wide:
 * a read-modify-write that starts while another on the same file is in flight
 * waits for it to settle (fulfilled or rejected) and then reads what it wrote.
 * A key is released once its last queued run settles, so the map never grows
 * with the number of files ever written.
 */
const tails = new Map<string, Promise<unknown>>();

/** Runs `run` after every earlier run queued under `key` has settled; returns its result. */
export function serialised<T>(key: string, run: () => Promise<T>): Promise<T> {
  const prev = tails.get(key) ?? Promise.resolve();
  const next = prev.then(run, run);
  const tail = next.catch(() => undefined);
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return next;
}

/** Keys with a run queued or in flight (for tests: a settled queue holds none). */
export function pendingKeys(): number {
  return tails.size;
}
