import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../platform/atomic-write';

/**
 * Persistent embedding cache, one file per model id:
 *   "TSEMB1\n" | uint32 LE header length | UTF-8 JSON {modelId, dim, texts} | zero padding to 4 bytes |
 *   float32 LE vectors, texts.length x dim.
 * Binary vectors keep a cache of 100k texts around 200 MB for 512-d instead of ~1 GB of JSON.
 */
const MAGIC = 'TSEMB1\n';

export type CacheReadResult =
  | { kind: 'ok'; entries: [string, Float32Array][] }
  | { kind: 'problem'; message: string };

export async function readEmbeddingCache(file: string, modelId: string): Promise<CacheReadResult> {
  let buf: Buffer;
  try {
    buf = await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'ok', entries: [] };
    return { kind: 'problem', message: `cannot read embedding cache ${file}: ${(err as Error).message}` };
  }
  const bad = (why: string): CacheReadResult =>
    ({ kind: 'problem', message: `embedding cache ${file} ${why}; it will be rebuilt` });
  if (buf.subarray(0, MAGIC.length).toString('latin1') !== MAGIC) return bad('has no TSEMB1 header');
  const headerLen = buf.readUInt32LE(MAGIC.length);
  const headerStart = MAGIC.length + 4;
  let header: { modelId?: string; dim?: number; texts?: string[] };
  try {
    header = JSON.parse(buf.subarray(headerStart, headerStart + headerLen).toString('utf8')) as typeof header;
  } catch {
    return bad('has a corrupt header');
  }
  if (header.modelId !== modelId) return bad(`belongs to model ${String(header.modelId)}, not ${modelId}`);
  const { dim, texts } = header;
  if (!Number.isInteger(dim) || !Array.isArray(texts) || dim === undefined) return bad('has an invalid header');
  const bodyStart = Math.ceil((headerStart + headerLen) / 4) * 4;
  if (buf.length !== bodyStart + texts.length * dim * 4) return bad('is truncated');
  // Copy into an aligned buffer; Buffer pool slices need not be 4-byte aligned.
  const body = new Float32Array(new Uint8Array(buf.subarray(bodyStart)).buffer);
  return { kind: 'ok', entries: texts.map((t, i) => [t, body.slice(i * dim, (i + 1) * dim)]) };
}

export async function writeEmbeddingCache(file: string, modelId: string, vectors: ReadonlyMap<string, Float32Array>): Promise<void> {
  const texts = [...vectors.keys()];
  const dim = texts.length ? vectors.get(texts[0])!.length : 0;
  const header = Buffer.from(JSON.stringify({ modelId, dim, texts }), 'utf8');
  const headerStart = MAGIC.length + 4;
  const bodyStart = Math.ceil((headerStart + header.length) / 4) * 4;
  const out = new Uint8Array(bodyStart + texts.length * dim * 4);
  out.set(Buffer.from(MAGIC, 'latin1'), 0);
  new DataView(out.buffer).setUint32(MAGIC.length, header.length, true);
  out.set(header, headerStart);
  const body = new Float32Array(out.buffer, bodyStart, texts.length * dim);
  texts.forEach((t, i) => body.set(vectors.get(t)!, i * dim));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, out);
}
