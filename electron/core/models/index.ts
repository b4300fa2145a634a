// Public API of the model layer (sentence embedders and screen OCR); see each module for details.
export type { SentenceEmbedder, ScreenOcr, OcrLine } from './types';
export { createDefaultEmbedder, DEFAULT_EMBEDDER_ID, DEFAULT_EMBEDDER_THRESHOLD } from './default-embedder';
export { createOnnxEmbedder, type OnnxEmbedderOptions } from './onnx-embedder';
export { CachedEmbedder, normaliseText, type CachedEmbedderOptions, type EmbedderCounters } from './cached-embedder';
export { MODEL_THRESHOLDS, FALLBACK_THRESHOLD, thresholdFor } from './thresholds';
export { createScreenOcr, defaultOcrAssetsDir, ocrModelLoads, type ScreenOcrOptions } from './ocr';
export { findText, type FindTextOptions, type TextMatch } from './find-text';
export { CachedOcr, type OcrCounters } from './cached-ocr';
