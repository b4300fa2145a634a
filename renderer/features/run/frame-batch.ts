/**
 * Collects events and hands them over in one batch on an animation frame, at most once per
 * `minIntervalMs`: a burst of live steps from several devices costs one store update and one
 * render (the tiles show the newest step; the log gets every step). A hidden page gets no
 * animation frames: a timer flushes then.
 */
export function frameBatch<T>(flush: (items: T[]) => void, minIntervalMs = 100, maxWaitMs = 400): { push(item: T): void; flush(): void; cancel(): void } {
  let items: T[] = [];
  let raf = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wait: ReturnType<typeof setTimeout> | undefined;
  let last = -Infinity;
  const clear = (): void => {
    cancelAnimationFrame(raf);
    clearTimeout(timer);
    clearTimeout(wait);
    raf = 0;
    timer = undefined;
    wait = undefined;
  };
  const run = (): void => {
    clear();
    last = performance.now();
    const batch = items;
    items = [];
    if (batch.length) flush(batch);
  };
  return {
    push(item) {
      items.push(item);
      if (timer !== undefined) return;
      timer = setTimeout(run, maxWaitMs);
      // The next animation frame once the interval since the last batch has passed.
      wait = setTimeout(() => { raf = requestAnimationFrame(run); }, Math.max(0, last + minIntervalMs - performance.now()));
    },
    /** Hands over what is pending now (before an event that must come after these). */
    flush: run,
    cancel() { clear(); items = []; },
  };
}
