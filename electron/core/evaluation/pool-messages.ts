import type { EpisodeOutcome, EvalJob, EvalSettings } from './episode-evaluator';

/** Messages from EvalPool to a worker. */
export type ToWorker =
  | { type: 'init'; settings: EvalSettings; embeddings: boolean; embedder?: { id: string; threshold: number }; cache?: { dir: string; embedder: string } }
  | { type: 'job'; id: number; job: EvalJob }
  | { type: 'stop' }
  | { type: 'embedded'; reqId: number; vectors?: Float32Array[]; threshold?: number; id?: string; error?: string };

/** Messages from a worker to EvalPool. */
export type FromWorker =
  /** fp: the inputs' fingerprint taken before evaluating, for the pool's result cache (undefined: not cached). */
  | { type: 'result'; id: number; outcome: EpisodeOutcome; textsSeen: number; fp?: string }
  | { type: 'failed'; id: number; message: string }
  | { type: 'embed'; reqId: number; texts: string[] };
