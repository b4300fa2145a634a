import { PAPER_FUZZY_THRESHOLD } from '../../../shared/evaluation/services';

/**
 * Cosine thresholds per embedder id. A text pair counts as similar when its cosine is >= the
 * threshold. Callers override per model (e.g. from settings or a CLI flag) via `thresholdFor`'s
 * second argument; unknown models fall back to the paper's 0.85.
 */
export const MODEL_THRESHOLDS: Readonly<Record<string, number>> = {
  // USE-lite, the embedded default: see DEFAULT_EMBEDDER_THRESHOLD in default-embedder.ts.
  'use-lite': 0.68,
  // The LlamaTouch paper's model and threshold.
  'onnx:all-MiniLM-L6-v2': 0.85,
  'onnx:paraphrase-MiniLM-L6-v2': 0.85,
};

/** Fallback for models with no entry: the paper's value for all-MiniLM-L6-v2. */
export const FALLBACK_THRESHOLD = PAPER_FUZZY_THRESHOLD;

/** Threshold for `modelId`: the override if given, else the table, else FALLBACK_THRESHOLD. */
export function thresholdFor(modelId: string, overrides: Readonly<Record<string, number>> = {}): number {
  const value = overrides[modelId] ?? MODEL_THRESHOLDS[modelId] ?? FALLBACK_THRESHOLD;
  if (!(value > -1 && value <= 1)) throw new Error(`threshold for ${modelId} must be in (-1, 1]; got ${value}.`);
  return value;
}

/** Tokens USE-lite reads; its graph drops the rest of a text ("ClipToMaxLength"). */
export const USE_LITE_MAX_TOKENS = 128;
