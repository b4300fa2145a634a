/**
 * Results derived from an episode's recording alone (suggestions), kept per
 * episode folder so reopening a task costs nothing; a save in the episode
 * forgets them. At most `max` episodes, the least recently used dropped.
 * A failed computation is not kept.
 */
export class EpisodeMemo<T> {
  private readonly entries = new Map<string, Promise<T>>();

  constructor(private readonly max = 64) {}

  get(root: string, rel: string, compute: () => Promise<T>): Promise<T> {
    const key = `${root}\0${rel}`;
    let p = this.entries.get(key);
    if (p) this.entries.delete(key); // re-inserted below as the most recent
    else {
      p = compute();
      p.catch(() => this.entries.delete(key));
    }
    this.entries.set(key, p);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
    return p;
  }

  forget(root: string, rel: string): void {
    this.entries.delete(`${root}\0${rel}`);
  }
}
