import { l2Normalise } from './vectors';

/** Case and whitespace normalisation applied before embedding and lookup. */
export function normaliseText(text: string): string {
  return text.normalize('NFC').replace(/\s+/gu, ' ').trim().toLowerCase();
}

/** A normalised piece of a long text that the model reads whole, and its token count. */
export interface TextWindow { text: string; tokens: number }

/** Splits one normalised line longer than the limit at spaces into pieces that fit (a single word over the limit stays whole). */
function splitLine(line: string, limit: { tokens: number; count(text: string): number }): string[] {
  const out: string[] = [];
  let cur: string[] = [];
  let n = 0;
  for (const word of line.split(' ')) {
    const w = limit.count(word);
    if (cur.length && n + w > limit.tokens) { out.push(cur.join(' ')); cur = []; n = 0; }
    cur.push(word);
    n += w;
  }
  if (cur.length) out.push(cur.join(' '));
  // Word counts only approximate the joined count: a piece that still does not fit is halved (a single word stays whole).
  const fit = (piece: string): string[] => {
    const words = piece.split(' ');
    if (words.length < 2 || limit.count(piece) <= limit.tokens) return [piece];
    const mid = words.length >> 1;
    return [...fit(words.slice(0, mid).join(' ')), ...fit(words.slice(mid).join(' '))];
  };
  return out.flatMap(fit);
}

/**
 * The windows a text is embedded in so the model reads all of it: the normalised text itself when
 * it fits the model's input, else its lines (normalised) packed in order into windows of at most
 * `limit.tokens` tokens, each checked with the model's own tokenizer. Screen texts (simplifyScreen)
 * are a line per node, so a window never cuts a node's line unless that line alone is too long.
 */
export function textWindows(text: string, limit: { tokens: number; count(text: string): number }): TextWindow[] {
  const whole = normaliseText(text);
  const total = limit.count(whole);
  if (total <= limit.tokens) return [{ text: whole, tokens: total }];
  const lines = text.split('\n').map(normaliseText).filter(Boolean).flatMap((l) => (limit.count(l) > limit.tokens ? splitLine(l, limit) : [l]));
  const out: TextWindow[] = [];
  let cur: string[] = [];
  let sum = 0;
  const close = (): void => {
    // Token counts of joined lines are about their sum; the model's tokenizer has the last word, and
    // lines that do not fit after all go back, in order, to start the next window.
    while (cur.length > 1 && limit.count(cur.join(' ')) > limit.tokens) lines.unshift(cur.pop()!);
    const t = cur.join(' ');
    out.push({ text: t, tokens: limit.count(t) });
    cur = [];
    sum = 0;
  };
  // Each close() emits at least one line, so this ends.
  for (;;) {
    if (!lines.length) {
      if (!cur.length) break;
      close();
      continue;
    }
    const n = limit.count(lines[0]!);
    if (cur.length && sum + n > limit.tokens) { close(); continue; }
    cur.push(lines.shift()!);
    sum += n;
  }
  return out;
}

/** A long text's vector: the mean of its windows' vectors weighted by their token counts, L2-normalised. */
export function windowedVector(parts: [Float32Array, number][]): Float32Array {
  const dim = parts[0]![0].length;
  const sum = new Float64Array(dim);
  for (const [v, w] of parts) for (let i = 0; i < dim; i++) sum[i]! += v[i]! * w;
  return l2Normalise(sum);
}
