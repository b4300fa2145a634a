import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnnxEmbedder } from './onnx-embedder';
import type { SentenceEmbedder } from './types';
import { buildTinyOnnx } from './testing/tiny-onnx';
import { basicTokenize, loadWordPieceTokenizer } from './wordpiece-tokenizer';

const VOCAB = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', 'hello', 'world', 'play', '##s', '##ing', ',', '!', 'cafe'];
// Row i = vector of token i; distinct values so a wrong token, padding or pooling shows up.
const EMB = VOCAB.map((_, i) => [i + 1, (i * 7) % 5 - 2, i % 2 === 0 ? 3 : -1]);
const id = (tok: string): number => VOCAB.indexOf(tok);

/** The hand computation: mean of the token rows, then L2 normalisation. */
function expected(tokens: string[]): number[] {
  const sum = [0, 0, 0];
  for (const t of tokens) EMB[id(t)].forEach((v, d) => (sum[d] += v / tokens.length));
  const norm = Math.hypot(...sum);
  return sum.map((v) => v / norm);
}

let root: string;
const dirs: Record<string, string> = {};

function folder(name: string, files: Record<string, string | Uint8Array>): string {
  const dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  for (const [file, data] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), data);
  }
  return dir;
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'touchstone-onnx-'));
  const vocabTxt = VOCAB.join('\n') + '\n';
  dirs.vocabTxt = folder('tiny-vocab', { 'model.onnx': buildTinyOnnx({ embeddings: EMB }), 'vocab.txt': vocabTxt });
  dirs.tokJson = folder('tiny-tokjson', {
    'onnx/model.onnx': buildTinyOnnx({ embeddings: EMB, extraInputs: ['attention_mask', 'token_type_ids'] }),
    'tokenizer.json': JSON.stringify({
      normalizer: { type: 'BertNormalizer', lowercase: true, strip_accents: null },
      model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100,
        vocab: Object.fromEntries(VOCAB.map((t, i) => [t, i])) },
    }),
    'sentence_bert_config.json': JSON.stringify({ max_seq_length: 6 }),
  });
  dirs.noTokenizer = folder('no-tokenizer', { 'model.onnx': buildTinyOnnx({ embeddings: EMB }) });
  dirs.noModel = folder('no-model', { 'vocab.txt': vocabTxt });
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('BERT basic tokenisation', () => {
  it.each([
    ['Hello, World!', ['hello', ',', 'world', '!']],
    ['  Café\tplaying ', ['cafe', 'playing']],
    ['a$b', ['a', '$', 'b']],
    ['中文', ['中', '文']],
  ])('%j -> %j', (text, words) => {
    expect(basicTokenize(text, true, true)).toEqual(words);
  });
});

describe('WordPiece from vocab.txt and tokenizer.json', () => {
  it.each(['vocabTxt', 'tokJson'])('%s: encodes with [CLS]/[SEP], ## pieces and [UNK]', (which) => {
    const tok = loadWordPieceTokenizer(dirs[which]);
    expect(tok.encode('Hello plays playing zzz!', 64)).toEqual(
      ['[CLS]', 'hello', 'play', '##s', 'play', '##ing', '[UNK]', '!', '[SEP]'].map(id));
  });

  it('truncates to the max length including the special tokens', () => {
    const tok = loadWordPieceTokenizer(dirs.vocabTxt);
    expect(tok.encode('hello world hello world', 4)).toEqual(['[CLS]', 'hello', 'world', '[SEP]'].map(id));
  });
});

describe('onnxruntime-node embedder on a tiny Gather graph', () => {
  let byVocab: SentenceEmbedder;
  let byTokJson: SentenceEmbedder;
  beforeAll(async () => {
    byVocab = await createOnnxEmbedder(dirs.vocabTxt);
    byTokJson = await createOnnxEmbedder(dirs.tokJson);
  });
  afterAll(async () => {
    await byVocab?.dispose();
    await byTokJson?.dispose();
  });

  it('mean-pools over the attention mask and L2-normalises (padding excluded)', async () => {
    // Different lengths in one batch, so the short text is padded with [PAD] whose row is non-zero.
    const [a, b] = await byVocab.embed(['Hello, world!', 'Café']);
    expect(Array.from(a)).toEqual(expected(['[CLS]', 'hello', ',', 'world', '!', '[SEP]']).map((v) => expect.closeTo(v, 5)));
    expect(Array.from(b)).toEqual(expected(['[CLS]', 'cafe', '[SEP]']).map((v) => expect.closeTo(v, 5)));
    expect(Math.hypot(...a)).toBeCloseTo(1, 5);
  });

  it('fills token_type_ids when declared and truncates at sentence_bert_config max_seq_length', async () => {
    const [v] = await byTokJson.embed(['hello world hello world hello world']);
    expect(Array.from(v)).toEqual(expected(['[CLS]', 'hello', 'world', 'hello', 'world', '[SEP]']).map((x) => expect.closeTo(x, 5)));
  });

  it('keeps batches independent of batch size', async () => {
    const small = await createOnnxEmbedder(dirs.vocabTxt, { batchSize: 1 });
    const texts = ['hello', 'world plays', 'cafe, cafe!'];
    const one = await small.embed(texts);
    const all = await byVocab.embed(texts);
    await small.dispose();
    one.forEach((v, i) => expect(Array.from(v)).toEqual(Array.from(all[i]).map((x) => expect.closeTo(x, 5))));
  });

  it('takes its id from the folder and its threshold from the per-model table', () => {
    expect(byVocab.id).toBe('onnx:tiny-vocab');
    expect(byVocab.defaultThreshold).toBe(0.85);
  });
});

describe('clear errors naming the folder and the missing file', () => {
  it.each([
    ['noTokenizer', /No tokenizer in model folder .*no-tokenizer.*tokenizer\.json.*vocab\.txt/],
    ['noModel', /Model folder .*no-model has no ONNX model: expected model\.onnx/],
  ])('%s', async (which, message) => {
    await expect(createOnnxEmbedder(dirs[which])).rejects.toThrow(message);
  });

  it('missing folder', async () => {
    await expect(createOnnxEmbedder(path.join(root, 'absent'))).rejects.toThrow(/Model folder .*absent does not exist/);
  });
});
