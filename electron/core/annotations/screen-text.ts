import { createHash } from 'node:crypto';
import { makePrivateDir } from '../../platform/private-dir';
import path from 'node:path';
import type { ScreenText, ScreenTextLine } from '../../../shared/contract/annotation';
import type { ScreenOcr } from '../models/types';
import { writeFileAtomic } from '../../platform/atomic-write';
import { MAX_IMAGE_BYTES, NAMED_FILES, readBytesIn, resolveIn } from '../../platform/confined-read';
import { imageSize } from '../steps/image-size';
import { threadedOcr } from './ocr-thread';

/** Names the model and its settings: a cache written by another OCR is not reused. */
export const OCR_MODEL_ID = 'pp-ocrv4-mobile/det960/min0.5';

interface CacheFile {
  format: 'touchstone-ocr';
  model: string;
  image: { width: number; height: number };
  lines: ScreenTextLine[];
}

/** The OCR itself, loaded on first use (the models take ~0.3 s and ~60 MB). */
export type OcrProvider = () => Promise<ScreenOcr>;

let shared: ScreenOcr | undefined;
/** The default provider: PP-OCR through onnxruntime-node (electron/core/models) on one worker thread per process. */
export const defaultOcr: OcrProvider = async () => (shared ??= threadedOcr());

function isCache(v: unknown): v is CacheFile {
  const c = v as CacheFile;
  return !!c && c.format === 'touchstone-ocr' && c.model === OCR_MODEL_ID && Array.isArray(c.lines) && typeof c.image?.width === 'number';
}

/**
 * The text PP-OCR finds on screenshots, cached on disk by the SHA-256 of the
 * image bytes (one JSON file per screenshot in `cacheDir`, written
 * atomically), so a screenshot is read once however often it is shown.
 * Concurrent requests for one image share one recognition.
 */
export class ScreenTextService {
  private readonly running = new Map<string, Promise<ScreenText>>();

  constructor(private readonly cacheDir: string, private readonly ocr: OcrProvider = defaultOcr) {}

  /** The text on step `step`'s screenshot (`<step>.png` in the episode folder `rel` of `root`). */
  async ofStep(root: string, rel: string, step: number): Promise<ScreenText> {
    const file = resolveIn(root, rel, `${step}.png`);
    let bytes: Uint8Array | undefined;
    try {
      bytes = await readBytesIn(root, [rel, `${step}.png`], MAX_IMAGE_BYTES);
    } catch (err) {
      throw new Error(`Cannot read the screenshot ${file}: ${(err as Error).message}.`);
    }
    if (bytes === undefined) {
      throw new Error(`Step ${step} of ${rel} has no screenshot (${file} is missing): there is nothing to read text from.`);
    }
    return this.ofImage(bytes, file);
  }

  /** The text on one image (`name` is said in errors). */
  ofImage(bytes: Uint8Array, name: string): Promise<ScreenText> {
    const hash = createHash('sha256').update(bytes).digest('hex');
    let p = this.running.get(hash);
    if (!p) {
      p = this.read(hash, bytes, name).finally(() => this.running.delete(hash));
      this.running.set(hash, p);
    }
    return p;
  }

  /**
   * This service as the evaluator's OCR interface (models/types.ts), for the live check's
   * `ocr<text>` items: the same PP-OCR model and settings as `touchstone eval`'s, with this cache.
   */
  asOcr(): ScreenOcr {
    return {
      recognize: async (image) => (await this.ofImage(image, 'the screenshot')).lines,
      // The worker and the cache outlive one check.
      dispose: async () => undefined,
    };
  }

  /** Where the cached result of an image with this hash lives. */
  cacheFile(hash: string): string {
    return path.join(this.cacheDir, `${hash}.json`);
  }

  private async read(hash: string, bytes: Uint8Array, name: string): Promise<ScreenText> {
    const file = this.cacheFile(hash);
    // The cache is this app's own state folder: read as a named file (regular, capped), links followed.
    let cached: unknown;
    try { cached = JSON.parse(NAMED_FILES.text(file) ?? 'null'); } catch { cached = undefined; }
    if (isCache(cached)) return { hash, image: cached.image, lines: cached.lines, cached: true };
    const image = imageSize(bytes);
    if (!image) throw new Error(`${name} is not a PNG or JPEG image Touchstone can read; replace it with the step's screenshot.`);
    let found;
    try {
      found = await (await this.ocr()).recognize(bytes);
    } catch (err) {
      throw new Error(`OCR of ${name} failed: ${(err as Error).message}`, { cause: err });
    }
    const lines: ScreenTextLine[] = found.map((l) => ({ text: l.text, score: Math.round(l.score * 1000) / 1000, box: l.box }));
    const out: CacheFile = { format: 'touchstone-ocr', model: OCR_MODEL_ID, image, lines };
    // A cache that cannot be written only costs a second recognition later.
    await makePrivateDir(this.cacheDir).then(() => writeFileAtomic(file, `${JSON.stringify(out)}\n`)).catch(() => undefined);
    return { hash, image, lines, cached: false };
  }
}
