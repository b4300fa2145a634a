/**
 * Tokens USE-lite reads; its graph drops the rest of a text ("ClipToMaxLength"). In a file of its
 * own because both the model (use-lite.ts, which loads onnxruntime-node) and the embedder that
 * loads it on first use (default-embedder.ts) need it, and neither may import the other eagerly.
 */
export const USE_LITE_MAX_TOKENS = 128;
