import { readFileSync } from 'node:fs';
import { Image, createCanvas } from '@napi-rs/canvas';
import type { Bounds } from '../../../shared/model';
import type { IconMatchResult } from '../../../shared/evaluation/types';
import { averageHash, cropBox, hammingDistance, scaleBounds, type AverageHash } from './average-hash';
import { readImageSize } from '../steps/image-size';

const NO_PIXELS = new Uint8Array(0);

/** Thrown inside the matcher when a crop needs a screenshot that is not decoded yet. */
class Pending extends Error {}

/**
 * Icon comparison by 8x8 average hash. Screenshots are decoded natively (@napi-rs/canvas, PNG and
 * JPEG, off the JS thread) and only the crops a comparison needs are read back as luminance; each
 * (file, box) hash is computed once and kept, so re-evaluating traces that share screens costs a map
 * lookup. The matchers are synchronous, so a comparison whose screenshot is not decoded yet reports
 * `pending` and records the crop; the evaluator then awaits `resolvePending()` (every recorded file
 * decoded in parallel, its crops hashed) and runs the scan again, which finds the hashes.
 */
export class IconMatcher {
  private readonly images = new Map<string, Image | Error>();
  private readonly hashes = new Map<string, AverageHash | null>();
  private readonly sizes = new Map<string, { width: number; height: number }>();
  private readonly wanted = new Map<string, Bounds[]>();
  decoded = 0;

  constructor(private readonly maxImages = 4, private readonly read: (file: string) => Uint8Array = readFileSync, private readonly maxHashes = 50_000) {}

  /** True when a comparison since the last resolvePending() needed a screenshot not decoded yet. */
  get hasPending(): boolean {
    return this.wanted.size > 0;
  }

  /** Decodes every screenshot recorded as pending (in parallel, natively) and hashes its recorded crops. */
  async resolvePending(): Promise<void> {
    const todo = [...this.wanted];
    this.wanted.clear();
    await Promise.all(todo.map(async ([file, boxes]) => {
      let img: Image | Error;
      try {
        const bytes = this.read(file);
        const im = new Image();
        await new Promise<void>((resolve, reject) => {
          im.onload = () => resolve();
          im.onerror = (err: Error) => reject(new Error(`not a decodable PNG/JPEG image (${err.message})`));
          im.src = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        });
        img = im;
        this.decoded++;
      } catch (err) {
        img = err instanceof Error ? err : new Error(String(err));
      }
      this.remember(file, img);
      if (img instanceof Image) for (const b of boxes) this.hash(file, b);
    }));
  }

  private remember(file: string, img: Image | Error): void {
    this.images.delete(file);
    if (this.images.size >= this.maxImages) this.images.delete(this.images.keys().next().value!);
    this.images.set(file, img);
  }

  /** The decoded image of a file; throws Pending when it is not decoded yet, an Error naming the file when unreadable. */
  private image(file: string, box: Bounds): Image {
    const img = this.images.get(file);
    if (!img) {
      const boxes = this.wanted.get(file) ?? [];
      boxes.push(box);
      this.wanted.set(file, boxes);
      throw new Pending(file);
    }
    if (img instanceof Error) throw new Error(`Cannot read screenshot ${file}: ${img.message}`);
    return img;
  }

  /** Image size from the header (no decoding), cached. */
  private size(file: string): { width: number; height: number } {
    let s = this.sizes.get(file);
    if (!s) {
      s = readImageSize(file);
      if (!s) throw new Error(`Cannot read screenshot ${file}: it is missing or not a PNG/JPEG image.`);
      this.sizes.set(file, s);
    }
    return s;
  }

  /** Average hash of the crop `b` of `file`: only the crop's pixels are read back from the decoder. */
  private hash(file: string, b: Bounds): AverageHash | null {
    const key = `${file}\u0000${b.x1},${b.y1},${b.x2},${b.y2}`;
    let h = this.hashes.get(key);
    if (h !== undefined) return h;
    const box = cropBox({ ...this.size(file), gray: NO_PIXELS }, b);
    h = null;
    if (box) {
      const img = this.image(file, b);
      const w = box.x2 - box.x1;
      const ht = box.y2 - box.y1;
      const ctx = createCanvas(w, ht).getContext('2d');
      ctx.drawImage(img, box.x1, box.y1, w, ht, 0, 0, w, ht);
      const rgba = ctx.getImageData(0, 0, w, ht).data;
      const gray = new Uint8Array(w * ht);
      // PIL "L" (ITU-R 601-2 luma), as imagehash converts.
      for (let i = 0, p = 0; i < gray.length; i++, p += 4) gray[i] = (rgba[p]! * 19595 + rgba[p + 1]! * 38470 + rgba[p + 2]! * 7471 + 0x8000) >> 16;
      h = averageHash({ width: w, height: ht, gray }, { x1: 0, y1: 0, x2: w, y2: ht });
    }
    if (this.hashes.size >= this.maxHashes) this.hashes.delete(this.hashes.keys().next().value!);
    this.hashes.set(key, h);
    return h;
  }

  /**
   * Hamming distance between the gt crop and the same box scaled onto the exec screenshot;
   * `pending` when a screenshot still has to be decoded (see resolvePending).
   */
  match(gtFile: string, gtBounds: Bounds, execFile: string): IconMatchResult {
    try {
      const g = this.size(gtFile);
      const e = this.size(execFile);
      const execBounds = scaleBounds(gtBounds, g, e);
      let hg: AverageHash | null | undefined;
      let he: AverageHash | null | undefined;
      let pending = false;
      // Both crops are recorded before giving up, so one resolvePending() serves the pair.
      try { hg = this.hash(gtFile, gtBounds); } catch (err) { if (!(err instanceof Pending)) throw err; pending = true; }
      try { he = this.hash(execFile, execBounds); } catch (err) { if (!(err instanceof Pending)) throw err; pending = true; }
      if (pending) return { ok: false, reason: 'The screenshots are being decoded.', pending: true };
      if (!hg || !he) return { ok: false, reason: `Box [${gtBounds.x1},${gtBounds.y1}][${gtBounds.x2},${gtBounds.y2}] is empty on ${hg ? execFile : gtFile}.` };
      return { ok: true, distance: hammingDistance(hg, he) };
    } catch (err) {
      return { ok: false, reason: (err as Error).message };
    }
  }

  /** Synchronous match for callers outside the evaluator loop: decodes what is pending, then matches. */
  async matchNow(gtFile: string, gtBounds: Bounds, execFile: string): Promise<IconMatchResult> {
    const first = this.match(gtFile, gtBounds, execFile);
    if (first.ok || !first.pending) return first;
    await this.resolvePending();
    return this.match(gtFile, gtBounds, execFile);
  }
}
