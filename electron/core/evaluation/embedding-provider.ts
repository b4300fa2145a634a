import { CachedEmbedder, normaliseText } from '../models/cached-embedder';
import { dot } from '../models/vectors';
import { thresholdFor } from '../models/thresholds';
import { DEFAULT_EMBEDDER_ID, DEFAULT_EMBEDDER_THRESHOLD } from '../models/default-embedder';
import path from 'node:path';
import { PAPER_FUZZY_THRESHOLD } from '../../../shared/evaluation/services';
import type { EmbeddingLookup } from './essential-session';

/** Which sentence embedder to use: the shipped default, an ONNX sentence-transformers folder, or none. */
export type EmbedderSpec = 'default' | 'none' | `onnx:${string}`;

/** The embedder `touchstone eval`, the runner and the live check use unless told otherwise: USE-lite, shipped offline. */
export const DEFAULT_EMBEDDER_SPEC: EmbedderSpec = 'default';

/** Parses `--embedder`; throws with the accepted forms. */
export function parseEmbedderSpec(s: string): EmbedderSpec {
  if (s === 'default' || s === 'none') return s;
  if (s.startsWith('onnx:') && s.length > 5) return s as EmbedderSpec;
  throw new Error(`--embedder must be default, none or onnx:<model folder>; got "${s}".`);
}

/**
 * Creates the (cached) embedder for a spec on first use, so exact-only runs never load a model.
 * One instance serves the whole run (workers ask it over messages), so each distinct text is
 * embedded at most once per run.
 */
export class LazyEmbedder {
  private made?: Promise<CachedEmbedder | undefined>;
  constructor(readonly spec: EmbedderSpec, private readonly opts: { cacheDir?: string } = {}) {}

  /** Writes newly computed vectors to the persistent cache (when a model was loaded and a cacheDir given). */
  async flush(): Promise<void> {
    if (this.made) await (await this.made.catch(() => undefined))?.flush();
  }

  /**
   * The model id and threshold this spec will have, known without loading the model (the same
   * rules as createDefaultEmbedder / createOnnxEmbedder), so verdicts and their sentences do not
   * depend on whether some earlier episode happened to load it.
   */
  identity(): { id: string; threshold: number } | undefined {
    if (this.spec === 'none') return undefined;
    if (this.spec === 'default') return { id: DEFAULT_EMBEDDER_ID, threshold: DEFAULT_EMBEDDER_THRESHOLD };
    const id = `onnx:${path.basename(this.spec.slice(5))}`;
    return { id, threshold: thresholdFor(id) };
  }

  get(): Promise<CachedEmbedder | undefined> {
    this.made ??= (async () => {
      if (this.spec === 'none') return undefined;
      if (this.spec === 'default') {
        const { createDefaultEmbedder } = await import('../models/default-embedder');
        return CachedEmbedder.open(await createDefaultEmbedder(), this.opts);
      }
      const { createOnnxEmbedder } = await import('../models/onnx-embedder');
      return CachedEmbedder.open(await createOnnxEmbedder(this.spec.slice(5)), this.opts);
    })();
    return this.made;
  }

  /** Counters of the underlying cache, if a model was ever needed. */
  async counters(): Promise<{ textsSeen: number; embeddingsComputed: number } | undefined> {
    if (!this.made) return undefined;
    return (await this.made)?.counters;
  }
}

/**
 * A lookup that loads the embedder only when a fuzzy item first needs it (the CLI's in-process lane,
 * the runner's immediate verdicts, the live check). Its model id and threshold are known before
 * loading (LazyEmbedder.identity), so verdicts do not depend on which episode loaded it first.
 */
export function lazyLookup(lazy: LazyEmbedder): EmbeddingLookup {
  const known = lazy.identity();
  let threshold = known?.threshold ?? PAPER_FUZZY_THRESHOLD;
  let ready: Awaited<ReturnType<LazyEmbedder['get']>>;
  return {
    get id() { return ready?.id ?? known?.id; },
    async prepare(texts) {
      ready = await lazy.get();
      if (!ready) throw new Error('no sentence embedder is configured (--embedder none)');
      threshold = ready.defaultThreshold;
      await ready.prepare(texts);
    },
    similarity(a, b) {
      if (!ready) throw new Error('the sentence embedder is not loaded yet');
      return ready.similarity(a, b);
    },
    get defaultThreshold() { return threshold; },
  };
}

/** EmbeddingLookup over a CachedEmbedder (in-process runs). */
export function lookupFromCached(e: CachedEmbedder): EmbeddingLookup {
  return {
    prepare: (texts) => e.prepare(texts),
    similarity: (a, b) => e.similarity(a, b),
    get defaultThreshold() { return e.defaultThreshold; },
    get id() { return e.id; },
  };
}

/**
 * A worker's view of the run's embedder: vectors it has not seen are fetched from the main thread
 * (which embeds each distinct text once for all workers), then similarity is a local dot product.
 */
export class RemoteEmbedding implements EmbeddingLookup {
  private readonly vectors = new Map<string, Float32Array>();
  defaultThreshold: number;
  id?: string;
  textsSeen = 0;

  constructor(private readonly fetch: (texts: string[]) => Promise<{ vectors: Float32Array[]; threshold: number; id: string }>, identity?: { id: string; threshold: number }) {
    this.defaultThreshold = identity?.threshold ?? PAPER_FUZZY_THRESHOLD;
    this.id = identity?.id;
  }

  async prepare(texts: string[]): Promise<void> {
    this.textsSeen += texts.length;
    const missing = [...new Set(texts.map(normaliseText))].filter((t) => !this.vectors.has(t));
    if (!missing.length) return;
    const r = await this.fetch(missing);
    this.defaultThreshold = r.threshold;
    this.id = r.id;
    missing.forEach((t, i) => this.vectors.set(t, r.vectors[i]!));
  }

  similarity(a: string, b: string): number {
    const x = normaliseText(a);
    const y = normaliseText(b);
    if (x === y) return 1;
    const va = this.vectors.get(x);
    const vb = this.vectors.get(y);
    if (!va || !vb) throw new Error(`text ${JSON.stringify(va ? b : a)} was not prepared`);
    return dot(va, vb);
  }
}
