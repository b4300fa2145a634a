import { readImageFile } from '../../platform/confined-read';
import type { Bounds } from '../../../shared/model';
import type { IconMatchResult } from '../../../shared/evaluation/types';
import { averageHash, cropBox, hammingDistance, scaleBounds, type AverageHash } from './average-hash';
import { decodeGrayAsync } from './decode-image';
import { decodePngRows, type GrayRows } from '../../platform/png-rows';
import { readImageSize } from '../steps/image-size';

const NO_PIXELS = new Uint8Array(0);

/** Thrown inside the matcher when a crop needs rows of a screenshot that are not decoded yet. */
class Pending extends Error {}

/**
 * Icon comparison by 8x8 average hash. A PNG screenshot is decoded only as far as its crops need
 * (png-rows.ts: inflated up to the crops' last row, un-filtered from the last row that refers to
 * no row above, columns right of the crops skipped); JPEGs and unusual PNGs are decoded whole,
 * natively (@napi-rs/canvas). Each (file, box) hash is computed once and kept, so re-evaluating
 * traces that share screens costs a map lookup. The matchers are synchronous, so a comparison whose
 * rows are not decoded yet reports `pending` and records the crop; the evaluator then awaits
 * `resolvePending()` (every recorded file decoded in parallel, once, for all its recorded crops) and
 * runs the scan again, which finds the hashes.
 */
export class IconMatcher {
  private readonly images = new Map<string, GrayRows | Error>();
  private readonly hashes = new Map<string, AverageHash | null>();
  private readonly sizes = new Map<string, { width: number; height: number }>();
  private readonly wanted = new Map<string, Bounds[]>();
  /** Screenshots decoded (partly or whole). */
  decoded = 0;
  /** Of which decoded whole (JPEG, 16-bit or palette PNG). */
  decodedWhole = 0;

  constructor(private readonly maxImages = 4, private readonly read: (file: string) => Uint8Array = readImageFile, private readonly maxHashes = 50_000) {}

  /** True when a comparison since the last resolvePending() needed a screenshot not decoded yet. */
  get hasPending(): boolean {
    return this.wanted.size > 0;
  }

  /**
   * Decodes what every recorded crop needs (files in parallel) and hashes the crops; `read` is the
   * trace's confined reader when the caller has one (the constructor's reader otherwise).
   */
  async resolvePending(read: (file: string) => Uint8Array = this.read): Promise<void> {
    const todo = [...this.wanted];
    this.wanted.clear();
    await Promise.all(todo.map(async ([file, boxes]) => {
      let img: GrayRows | Error;
      try {
        img = await this.decode(file, boxes, read);
        this.decoded++;
      } catch (err) {
        img = new Error((err as Error).message ?? String(err));
      }
      this.remember(file, img);
      if (!(img instanceof Error)) for (const b of boxes) this.hash(file, b);
    }));
  }

  /** Rows covering every box (and what was decoded of the file before), as luminance. */
  private async decode(file: string, boxes: Bounds[], read: (file: string) => Uint8Array): Promise<GrayRows> {
    const size = this.size(file);
    let y1 = Infinity;
    let y2 = 0;
    let x2 = 0;
    for (const b of boxes) {
      const c = cropBox({ ...size, gray: NO_PIXELS }, b);
      if (!c) continue;
      y1 = Math.min(y1, c.y1);
      y2 = Math.max(y2, c.y2);
      x2 = Math.max(x2, c.x2);
    }
    if (y1 === Infinity) { y1 = 0; y2 = 0; }
    const before = this.images.get(file);
    if (before && !(before instanceof Error)) { y1 = Math.min(y1, before.y1); y2 = Math.max(y2, before.y2); x2 = Math.max(x2, before.width); }
    const bytes = read(file);
    const rows = await decodePngRows(bytes, y1, y2, x2).catch((err: Error) => { throw new Error(`not a decodable PNG image: ${err.message}`); });
    if (rows !== 'unsupported') return rows;
    const whole = await decodeGrayAsync(bytes, file).catch((err: Error) => { throw new Error(`not a decodable PNG/JPEG image (${err.message})`); });
    this.decodedWhole++;
    return { imageWidth: whole.width, imageHeight: whole.height, y1: 0, y2: whole.height, width: whole.width, gray: whole.gray };
  }

  private remember(file: string, img: GrayRows | Error): void {
    this.images.delete(file);
    if (this.images.size >= this.maxImages) this.images.delete(this.images.keys().next().value!);
    this.images.set(file, img);
  }

  /** Decoded rows of a file covering `box`; throws Pending (recording the crop) when they are not decoded yet, an Error naming the file when unreadable. */
  private rows(file: string, box: Bounds, b: Bounds): GrayRows {
    const img = this.images.get(file);
    if (img instanceof Error) throw new Error(`Cannot read screenshot ${file}: ${img.message}`);
    if (!img || box.y1 < img.y1 || box.y2 > img.y2 || box.x2 > img.width) {
      const boxes = this.wanted.get(file) ?? [];
      boxes.push(b);
      this.wanted.set(file, boxes);
      throw new Pending(file);
    }
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

  /** Average hash of the crop `b` of `file`, from the decoded rows. */
  private hash(file: string, b: Bounds): AverageHash | null {
    const key = `${file}\u0000${b.x1},${b.y1},${b.x2},${b.y2}`;
    let h = this.hashes.get(key);
    if (h !== undefined) return h;
    const box = cropBox({ ...this.size(file), gray: NO_PIXELS }, b);
    h = null;
    if (box) {
      const img = this.rows(file, box, b);
      const w = box.x2 - box.x1;
      const ht = box.y2 - box.y1;
      const gray = new Uint8Array(w * ht);
      for (let y = 0; y < ht; y++) {
        const o = (box.y1 + y - img.y1) * img.width + box.x1;
        gray.set(img.gray.subarray(o, o + w), y * w);
      }
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
