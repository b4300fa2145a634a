import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ort from 'onnxruntime-node';
import type { SentenceEmbedder } from './types';
import { l2Normalise, lengthBatches } from './vectors';
import { loadWordPieceTokenizer, type WordPieceTokenizer } from './wordpiece-tokenizer';
import { thresholdFor } from './thresholds';

export interface OnnxEmbedderOptions {
  /** The .onnx file, relative to the folder or absolute; default: model.onnx, onnx/model.onnx, or the only *.onnx. */
  modelFile?: string;
  /** Max tokens per text including [CLS]/[SEP]; default from sentence_bert_config.json / tokenizer files, else 256. */
  maxLength?: number;
  /** Texts per inference call (default 32). */
  batchSize?: number;
  /** Cosine threshold override; default from the per-model table (0.85 for all-MiniLM-L6-v2). */
  threshold?: number;
  /** Embedder id; default `onnx:<folder name>`. */
  id?: string;
  /** onnxruntime intra-op threads (default: onnxruntime's choice). */
  threads?: number;
}

function findModelFile(modelDir: string, modelFile?: string): string {
  if (modelFile) {
    const file = path.resolve(modelDir, modelFile);
    if (!existsSync(file)) throw new Error(`ONNX model file ${file} not found (model folder ${modelDir}).`);
    return file;
  }
  for (const rel of ['model.onnx', path.join('onnx', 'model.onnx')]) {
    const file = path.join(modelDir, rel);
    if (existsSync(file)) return file;
  }
  const onnx = readdirSync(modelDir).filter((f) => f.endsWith('.onnx'));
  if (onnx.length === 1) return path.join(modelDir, onnx[0]);
  if (onnx.length > 1) {
    throw new Error(`Model folder ${modelDir} holds several .onnx files (${onnx.join(', ')}) and no model.onnx; ` +
      `choose one with the modelFile option.`);
  }
  throw new Error(`Model folder ${modelDir} has no ONNX model: expected model.onnx or onnx/model.onnx ` +
    `(a sentence-transformers export, e.g. all-MiniLM-L6-v2).`);
}

/** Mean of the token vectors whose attention mask is 1 (sentence-transformers' default pooling). */
export function meanPool(hidden: Float32Array, mask: BigInt64Array, batch: number, seq: number, dim: number): Float32Array[] {
  const out: Float32Array[] = [];
  for (let b = 0; b < batch; b++) {
    const sum = new Float32Array(dim);
    let count = 0;
    for (let s = 0; s < seq; s++) {
      if (mask[b * seq + s] === 0n) continue;
      count++;
      const base = (b * seq + s) * dim;
      for (let d = 0; d < dim; d++) sum[d] += hidden[base + d];
    }
    // sentence-transformers clamps the count at 1e-9; a row always has [CLS] so count >= 1 here.
    for (let d = 0; d < dim; d++) sum[d] /= Math.max(count, 1e-9);
    out.push(sum);
  }
  return out;
}

class OnnxEmbedder implements SentenceEmbedder {
  constructor(
    readonly id: string,
    readonly defaultThreshold: number,
    private readonly session: ort.InferenceSession,
    private readonly tokenizer: WordPieceTokenizer,
    private readonly maxLength: number,
    private readonly batchSize: number,
    private readonly where: string,
  ) {}

  /** [CLS] and [SEP] take two of the model's maxLength positions. */
  get inputLimit(): { tokens: number; count(text: string): number } {
    return { tokens: this.maxLength - 2, count: (text) => this.tokenizer.encode(text, Number.MAX_SAFE_INTEGER).length - 2 };
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const out = new Array<Float32Array>(texts.length);
    for (const batch of lengthBatches(texts, this.batchSize)) {
      const vectors = await this.embedBatch(batch.map((i) => texts[i]!));
      batch.forEach((i, k) => { out[i] = vectors[k]!; });
    }
    return out;
  }

  private async embedBatch(texts: string[]): Promise<Float32Array[]> {
    const encoded = texts.map((t) => this.tokenizer.encode(t, this.maxLength));
    const seq = Math.max(...encoded.map((ids) => ids.length));
    const n = texts.length;
    const ids = new BigInt64Array(n * seq).fill(BigInt(this.tokenizer.padId));
    const mask = new BigInt64Array(n * seq);
    encoded.forEach((row, b) => row.forEach((id, s) => {
      ids[b * seq + s] = BigInt(id);
      mask[b * seq + s] = 1n;
    }));
    const feeds: Record<string, ort.Tensor> = {};
    for (const name of this.session.inputNames) {
      if (name === 'input_ids') feeds[name] = new ort.Tensor('int64', ids, [n, seq]);
      else if (name === 'attention_mask') feeds[name] = new ort.Tensor('int64', mask, [n, seq]);
      else if (name === 'token_type_ids') feeds[name] = new ort.Tensor('int64', new BigInt64Array(n * seq), [n, seq]);
      else throw new Error(`${this.where} declares an input '${name}' this embedder cannot fill ` +
        `(supported: input_ids, attention_mask, token_type_ids).`);
    }
    if (!feeds.input_ids) throw new Error(`${this.where} has no 'input_ids' input (inputs: ${this.session.inputNames.join(', ')}).`);
    const results = await this.session.run(feeds);
    try {
      const pooled = results.sentence_embedding;
      if (pooled && pooled.dims.length === 2) {
        const dim = pooled.dims[1];
        const data = pooled.data as Float32Array;
        return Array.from({ length: n }, (_, b) => l2Normalise(data.subarray(b * dim, (b + 1) * dim)));
      }
      const hidden = results.last_hidden_state ?? results.token_embeddings ?? results[this.session.outputNames[0]];
      if (hidden.dims.length !== 3 || hidden.type !== 'float32') {
        throw new Error(`${this.where}: output '${this.session.outputNames[0]}' has shape [${hidden.dims.join(', ')}] ` +
          `(${hidden.type}); expected float32 [batch, seq, dim] token embeddings or a 'sentence_embedding' output.`);
      }
      return meanPool(hidden.data as Float32Array, mask, n, seq, hidden.dims[2]).map(l2Normalise);
    } finally {
      for (const t of Object.values(results)) t.dispose();
    }
  }

  async dispose(): Promise<void> {
    await this.session.release();
  }
}

/**
 * Sentence embedder for a sentence-transformers ONNX export in `modelDir` (model.onnx plus
 * tokenizer.json and/or vocab.txt), run on onnxruntime-node: BERT WordPiece tokenisation,
 * int64 input_ids/attention_mask/token_type_ids as the model declares, mean pooling over the
 * attention mask (or the model's own `sentence_embedding` output), L2 normalisation.
 */
export async function createOnnxEmbedder(modelDir: string, opts: OnnxEmbedderOptions = {}): Promise<SentenceEmbedder> {
  const dir = path.resolve(modelDir);
  if (!existsSync(dir)) throw new Error(`Model folder ${dir} does not exist.`);
  const modelFile = findModelFile(dir, opts.modelFile);
  const tokenizer = loadWordPieceTokenizer(dir);
  let session: ort.InferenceSession;
  try {
    session = await ort.InferenceSession.create(modelFile, {
      graphOptimizationLevel: 'all',
      ...(opts.threads ? { intraOpNumThreads: opts.threads } : {}),
    });
  } catch (err) {
    throw new Error(`onnxruntime could not load ${modelFile}: ${(err as Error).message}`, { cause: err });
  }
  const id = opts.id ?? `onnx:${path.basename(dir)}`;
  const maxLength = opts.maxLength ?? tokenizer.config.maxLength ?? 256;
  if (maxLength < 2) throw new Error(`maxLength must be at least 2 (for [CLS] and [SEP]); got ${maxLength}.`);
  return new OnnxEmbedder(id, opts.threshold ?? thresholdFor(id), session, tokenizer, maxLength,
    Math.max(1, opts.batchSize ?? 32), modelFile);
}
