// Deterministic test embedder: bag-of-words cosine. Real models are tested by the models module.
import type { EmbeddingLookup } from '../episode-evaluator';

function bag(t: string): Map<string, number> {
  const m = new Map<string, number>();
  // Markup of simplified screens (<p>, <button ...>) is ignored: only the words count.
  for (const w of t.replace(/<[^>]*>/g, ' ').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean)) m.set(w, (m.get(w) ?? 0) + 1);
  return m;
}

/** Cosine of word-count vectors; records every text it was asked to prepare. */
export function bagOfWordsLookup(threshold = 0.6): EmbeddingLookup & { prepared: string[]; distinct: Set<string> } {
  const prepared: string[] = [];
  const distinct = new Set<string>();
  return {
    prepared, distinct, defaultThreshold: threshold,
    async prepare(texts) { prepared.push(...texts); texts.forEach((t) => distinct.add(t)); },
    similarity(a, b) {
      if (a !== b && (!distinct.has(a) || !distinct.has(b))) throw new Error(`not prepared: ${distinct.has(a) ? b : a}`);
      const x = bag(a);
      const y = bag(b);
      let dot = 0;
      for (const [w, c] of x) dot += c * (y.get(w) ?? 0);
      const n = (m: Map<string, number>): number => Math.sqrt([...m.values()].reduce((s, c) => s + c * c, 0));
      return n(x) && n(y) ? dot / (n(x) * n(y)) : 0;
    },
  };
}
