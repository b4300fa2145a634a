// Deterministic test embedder: bag-of-words cosine. Real models are tested by the models module.
import type { EmbeddingLookup } from '../essential-session';
import { wordCosine } from '../../../../shared/evaluation/test-fixtures';

/** Cosine of word-count vectors; records every text it was asked to prepare. */
export function bagOfWordsLookup(threshold = 0.6): EmbeddingLookup & { prepared: string[]; distinct: Set<string> } {
  const prepared: string[] = [];
  const distinct = new Set<string>();
  return {
    prepared, distinct, defaultThreshold: threshold,
    async prepare(texts) { prepared.push(...texts); texts.forEach((t) => distinct.add(t)); },
    similarity(a, b) {
      if (a !== b && (!distinct.has(a) || !distinct.has(b))) throw new Error(`not prepared: ${distinct.has(a) ? b : a}`);
      return wordCosine(a, b);
    },
  };
}
