import { beforeAll, describe, expect, it } from 'vitest';
import { createDefaultEmbedder, USE_LITE_MAX_TOKENS } from './default-embedder';
import { CachedEmbedder } from './cached-embedder';
import { normaliseText, textWindows, windowedVector } from './text-windows';
import type { SentenceEmbedder } from './types';
import { dot } from './vectors';

let use: SentenceEmbedder;
beforeAll(async () => { use = await createDefaultEmbedder(); });

/** A screen as simplifyScreen writes it: one line per node, `n` lines, the last ten about `topic`. */
const screen = (n: number, topic = 'account'): string =>
  [...Array.from({ length: n - 10 }, (_, i) => `<button>Settings entry number ${i} about notifications</button>`),
    ...Array.from({ length: 10 }, (_, i) => `<p>${topic} option ${i}</p>`)].join('\n');

describe('text windows (long texts read whole by a model that truncates)', () => {
  it('USE-lite itself drops everything after its first 128 tokens', async () => {
    const limit = use.inputLimit!;
    expect(limit.tokens).toBe(USE_LITE_MAX_TOKENS);
    const [a, b] = await use.embed([normaliseText(screen(40, 'Delete the account')), normaliseText(screen(40, 'Order a large pizza'))]);
    expect(limit.count(normaliseText(screen(40)))).toBeGreaterThan(300);
    expect(dot(a!, b!)).toBeGreaterThan(0.999999); // the last lines, past token 128, are invisible to the model
  });

  it('packs lines into windows that fit, in order, covering the whole text', () => {
    const limit = use.inputLimit!;
    const text = screen(40);
    const w = textWindows(text, limit);
    expect(w.length).toBeGreaterThan(2);
    for (const x of w) {
      expect(limit.count(x.text)).toBeLessThanOrEqual(limit.tokens);
      expect(x.tokens).toBe(limit.count(x.text));
    }
    expect(w.map((x) => x.text).join(' ')).toBe(normaliseText(text));
    expect(textWindows('Add to cart', limit)).toEqual([{ text: 'add to cart', tokens: limit.count('add to cart') }]);
  });

  it('keeps the lines in order when joined lines count more tokens than their sum', () => {
    // Any two words joined count double: packing by the sum overfills, and the lines that do not fit go to the next window.
    const limit = { tokens: 5, count: (t: string) => { const w = t.split(' ').filter(Boolean).length; return w > 1 ? 2 * w : w; } };
    const w = textWindows('a\nb\nc\nd\ne\nf\nlong line one here', limit);
    expect(w.map((x) => x.text)).toEqual(['a b', 'c d', 'e f', 'long line', 'one here']);
    for (const x of w) expect(x.tokens).toBeLessThanOrEqual(5);
  });

  it('splits a single line longer than the limit at spaces', () => {
    const limit = { tokens: 5, count: (t: string) => t.split(' ').filter(Boolean).length };
    expect(textWindows('a b c d e f g\nh i', limit).map((x) => x.text)).toEqual(['a b c d e', 'f g h i']);
  });

  it('a change in the last lines of a long screen now lowers its similarity, and short texts are embedded as before', async () => {
    const cached = new CachedEmbedder(use);
    const a = screen(40, 'Delete the account');
    const b = screen(40, 'Order a large pizza with extra cheese');
    await cached.prepare([a, b, 'Turn on Wi-Fi']);
    const s = cached.similarity(a, b);
    expect(s).toBeLessThan(0.99); // the last quarter differs: before windows the model saw none of it (1.0)
    expect(s).toBeGreaterThan(0.8);
    const [direct] = await use.embed(['turn on wi-fi']);
    expect(dot(cached.vector('Turn on Wi-Fi'), direct!)).toBeCloseTo(1, 6);
    const parts = textWindows(a, use.inputLimit!);
    const vs = await use.embed(parts.map((p) => p.text));
    expect(dot(cached.vector(a), windowedVector(parts.map((p, i) => [vs[i]!, p.tokens])))).toBeCloseTo(1, 6);
  });
});
