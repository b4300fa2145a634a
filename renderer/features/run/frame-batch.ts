/**
 * Collects events and hands them over at most once per animation frame, so a burst of live
 * steps from several devices costs one store update and one render instead of one each.
 * A hidden page gets no animation frames: a timer flushes then (at most `maxWaitMs` late).
 */
export function frameBatch<T>(flush: (items: T[]) => void, maxWaitMs = 250): { push(item: T): void; flush(): void; cancel(): void } {
  let items: T[] = [];
  let raf = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = (): void => {
    cancelAnimationFrame(raf);
    clearTimeout(timer);
    raf = 0;
    timer = undefined;
    const batch = items;
    items = [];
    if (batch.length) flush(batch);
  };
  return {
    push(item) {
      items.push(item);
      if (timer !== undefined) return;
      raf = requestAnimationFrame(run);
      timer = setTimeout(run, maxWaitMs);
    },
    /** Hands over what is pending now (before an event that must come after these). */
    flush: run,
    cancel() { cancelAnimationFrame(raf); clearTimeout(timer); raf = 0; timer = undefined; items = []; },
  };
}
