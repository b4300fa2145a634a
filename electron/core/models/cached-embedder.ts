import path from 'node:path';
import type { SentenceEmbedder } from './types';
import { dot } from './vectors';
import { normaliseText, textWindows, windowedVector, type TextWindow } from './text-windows';
import { thresholdFor } from './thresholds';
import { readEmbeddingCache, writeEmbeddingCache } from './embedding-cache-file';

export { normaliseText } from './text-windows';

export interface CachedEmbedderOptions {
  /** Folder for a persistent cache file per model id (`<dir>/<model id>[.w<tokens>].embcache`); none if omitted. */
  cacheDir?: string;
  /** Threshold overrides keyed by model id (see thresholds.ts). */
  thresholds?: Readonly<Record<string, number>>;
}

export interface EmbedderCounters {
  /** Texts passed to prepare/embed, duplicates included. */
  textsSeen: number;
  /** Distinct normalised texts actually run through the model (not loaded from disk). */
  embeddingsComputed: number;
  /** Vectors loaded from the persistent cache. */
  loadedFromDisk: number;
}

/**
 * Wraps a SentenceEmbedder so each distinct normalised text is embedded once. Async `prepare`
 * fills the cache; then `similarity` / `isSimilar` are synchronous lookups, so the evaluator's
 * matchers stay pure and synchronous. Also a SentenceEmbedder itself (embed goes through the cache).
 */
export class CachedEmbedder implements SentenceEmbedder {
  readonly id: string;
  readonly defaultThreshold: number;
  readonly counters: EmbedderCounters = { textsSeen: 0, embeddingsComputed: 0, loadedFromDisk: 0 };
  /** Why the persistent cache could not be read (it is then rebuilt), for display. */
  cacheProblem?: string;
  private readonly vectors = new Map<string, Float32Array>();
  /** Raw text -> normalised key, so the hot synchronous lookups skip the regex work. */
  private readonly keys = new Map<string, string>();
  /** prepare() calls waiting for the model while another call runs: they go together in the next call. */
  private waiting: { texts: string[]; resolve(): void; reject(err: unknown): void }[] = [];
  private running?: Promise<void>;
  private dirty = false;

  constructor(readonly inner: SentenceEmbedder, private readonly opts: CachedEmbedderOptions = {}) {
    this.id = inner.id;
    this.defaultThreshold = opts.thresholds?.[inner.id] !== undefined
      ? thresholdFor(inner.id, opts.thresholds) : inner.defaultThreshold;
  }

  /** Creates the wrapper and loads its persistent cache, if a cacheDir is given. */
  static async open(inner: SentenceEmbedder, opts: CachedEmbedderOptions = {}): Promise<CachedEmbedder> {
    const cached = new CachedEmbedder(inner, opts);
    await cached.load();
    return cached;
  }

  /** The cache file for this model id, or undefined without a cacheDir. */
  get cacheFile(): string | undefined {
    if (!this.opts.cacheDir) return undefined;
    // Vectors of long texts are window means (text-windows.ts); files from before windows held truncated ones.
    const windows = this.inner.inputLimit ? `.w${this.inner.inputLimit.tokens}` : '';
    return path.join(this.opts.cacheDir, `${this.id.replace(/[^A-Za-z0-9._-]/g, '_')}${windows}.embcache`);
  }

  private async load(): Promise<void> {
    const file = this.cacheFile;
    if (!file) return;
    const result = await readEmbeddingCache(file, this.id);
    if (result.kind === 'problem') {
      this.cacheProblem = result.message;
      return;
    }
    for (const [text, v] of result.entries) if (!this.vectors.has(text)) this.vectors.set(text, v);
    this.counters.loadedFromDisk += result.entries.length;
  }

  /**
   * Embeds every not-yet-known distinct normalised text of `texts`. One model call at a time: calls
   * made while the model runs (other episodes, other workers) are merged into the next one, so the
   * model sees fewer, fuller batches (lengthBatches groups them) and nothing is embedded twice. A
   * failed model call fails every prepare() merged into it.
   */
  prepare(texts: Iterable<string>): Promise<void> {
    const list = Array.from(texts);
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ texts: list, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.running || !this.waiting.length) return;
    const group = this.waiting.splice(0);
    this.running = this.fill(group.flatMap((g) => g.texts)).then(
      () => { for (const g of group) g.resolve(); },
      (err: unknown) => { for (const g of group) g.reject(err); },
    ).finally(() => {
      this.running = undefined;
      this.pump();
    });
  }

  private async fill(texts: string[]): Promise<void> {
    this.counters.textsSeen += texts.length;
    // Distinct missing keys, each with a raw form: windows need the line breaks normalisation removes.
    const raw = new Map<string, string>();
    for (const t of texts) {
      const k = this.key(t);
      if (!this.vectors.has(k) && !raw.has(k)) raw.set(k, t);
    }
    if (raw.size === 0) return;
    const limit = this.inner.inputLimit;
    const windowed: { key: string; windows: TextWindow[] }[] = [];
    const inputs = new Set<string>();
    for (const [k, t] of raw) {
      const windows = limit ? textWindows(t, limit) : [];
      if (windows.length > 1) {
        windowed.push({ key: k, windows });
        for (const w of windows) inputs.add(w.text);
      } else inputs.add(k);
    }
    const missing = [...inputs].filter((t) => !this.vectors.has(t));
    if (missing.length) {
      const vectors = await this.inner.embed(missing);
      if (vectors.length !== missing.length) {
        throw new Error(`embedder ${this.id} returned ${vectors.length} vectors for ${missing.length} texts`);
      }
      missing.forEach((t, i) => this.vectors.set(t, vectors[i]));
      this.counters.embeddingsComputed += missing.length;
    }
    for (const w of windowed) this.vectors.set(w.key, windowedVector(w.windows.map((x) => [this.vectors.get(x.text)!, x.tokens])));
    this.dirty = true;
  }

  private key(text: string): string {
    let k = this.keys.get(text);
    if (k === undefined) {
      // Bounded: a pathological stream of unique raw texts must not grow this memo forever.
      if (this.keys.size >= 1_000_000) this.keys.clear();
      k = normaliseText(text);
      this.keys.set(text, k);
    }
    return k;
  }

  /** Whether `text` has a vector (after prepare). */
  has(text: string): boolean {
    return this.vectors.has(this.key(text));
  }

  /** The vector of a prepared text; throws naming the text if it was not prepared. */
  vector(text: string): Float32Array {
    const v = this.vectors.get(this.key(text));
    if (!v) throw new Error(`text ${JSON.stringify(text)} was not prepared; call prepare() with it before similarity()`);
    return v;
  }

  /** Cosine similarity of two prepared texts (1 for texts equal after normalisation). */
  similarity(a: string, b: string): number {
    if (this.key(a) === this.key(b)) return 1;
    return dot(this.vector(a), this.vector(b));
  }

  /** similarity(a, b) >= threshold (default: this model's threshold). */
  isSimilar(a: string, b: string, threshold = this.defaultThreshold): boolean {
    return this.similarity(a, b) >= threshold;
  }

  /** Number of distinct texts held. */
  get size(): number {
    return this.vectors.size;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    await this.prepare(texts);
    return texts.map((t) => this.vector(t));
  }

  /** Writes new vectors to the persistent cache (atomically); a no-op without cacheDir or changes. */
  async flush(): Promise<void> {
    const file = this.cacheFile;
    if (!file || !this.dirty) return;
    while (this.running) await this.running;
    await writeEmbeddingCache(file, this.id, this.vectors);
    this.dirty = false;
  }

  /** Flushes the cache; the inner embedder stays open (it may be shared), dispose it separately. */
  async dispose(): Promise<void> {
    await this.flush();
  }
}
