/** Small vector helpers shared by the embedders (vectors are plain Float32Arrays). */

/** Returns `v` scaled to unit length (a zero vector stays zero rather than becoming NaN). */
export function l2Normalise(v: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i] * v[i];
  const out = new Float32Array(v.length);
  const norm = Math.sqrt(sum);
  if (norm === 0) return out;
  for (let i = 0; i < v.length; i++) out[i] = v[i] / norm;
  return out;
}

/** Dot product; equals cosine similarity for L2-normalised vectors. */
export function dot(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error(`vector length mismatch: ${a.length} vs ${b.length}`);
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/**
 * Groups texts into model calls so that padding costs little: a batch is padded to its longest
 * text, so one screen text among short labels makes every label cost as much as the screen (measured
 * on USE-lite: a 1,000-character text with 8 labels took 395-435 ms in one call, 82-86 + 30-33 ms in
 * two). Texts are taken shortest first; the next one joins the current batch while the padding it
 * adds, `size x (its length - the batch's longest)`, stays within `slack` characters (about what a
 * call's fixed cost is worth), the batch holds fewer than `max`, and the padded batch (`size x
 * longest`) stays within `budget` characters, which bounds the model's working memory (a WASM heap
 * never shrinks). Returns index lists into `texts`; results do not depend on the grouping (padding
 * is masked), only the time does. Token id lists group the same way, by token count.
 */
export function lengthBatches(texts: readonly { readonly length: number }[], max: number, slack = 100, budget = Infinity): number[][] {
  const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length || a - b);
  const out: number[][] = [];
  let cur: number[] = [];
  let longest = 0;
  for (const i of order) {
    const len = texts[i]!.length;
    if (cur.length && (cur.length >= max || cur.length * (len - longest) > slack || (cur.length + 1) * len > budget)) { out.push(cur); cur = []; }
    cur.push(i);
    longest = len;
  }
  if (cur.length) out.push(cur);
  return out;
}
