import { readFileSync } from 'node:fs';
import type { Bounds } from '../../../shared/model';
import type { IconMatchResult } from '../../../shared/evaluation/types';
import { decodeGray, decodeGrayAsync, isSyncDecodable, type GrayImage } from './decode-image';
import { averageHash, hammingDistance, scaleBounds, type AverageHash } from './average-hash';
import { readImageSize } from './image-size';

/**
 * Icon comparison with per-file caches: each screenshot is decoded once (LRU of `maxImages`
 * decoded images) and each (file, box) hash computed once, so re-evaluating many traces that share
 * screens stays cheap. Synchronous by design: the pure matchers call it directly.
 */
export class IconMatcher {
  private readonly images = new Map<string, GrayImage | Error>();
  private readonly hashes = new Map<string, AverageHash | null>();
  decoded = 0;

  constructor(private readonly maxImages = 8, private readonly read: (file: string) => Uint8Array = readFileSync) {}

  /** The decoded image of a file with at least `rows` rows (cached); throws with the file name when unreadable. */
  image(file: string, rows = Infinity): GrayImage {
    let img = this.images.get(file);
    if (img && !(img instanceof Error) && img.rows !== undefined && img.rows < rows) img = undefined; // need more rows
    if (img) {
      this.images.delete(file); // refresh LRU position
      this.images.set(file, img);
    } else {
      try {
        img = decodeGray(this.read(file), file, rows);
        this.decoded++;
      } catch (err) {
        img = err instanceof Error ? err : new Error(String(err));
      }
      this.images.set(file, img);
      if (this.images.size > this.maxImages) this.images.delete(this.images.keys().next().value!);
    }
    if (img instanceof Error) throw new Error(`Cannot read screenshot ${file}: ${img.message}`);
    return img;
  }

  /**
   * Decodes the files that cannot be decoded synchronously (JPEG, exotic PNG) into the cache, so a
   * later synchronous match finds them. Unreadable files are remembered as errors, reported by match.
   */
  async prefetch(files: readonly string[]): Promise<void> {
    for (const file of files) {
      const cached = this.images.get(file);
      if (cached && !(cached instanceof Error)) continue;
      let bytes: Uint8Array;
      try { bytes = this.read(file); } catch { continue; } // reported by match() with the file name
      if (isSyncDecodable(bytes)) continue;
      try {
        this.images.set(file, await decodeGrayAsync(bytes, file));
        this.decoded++;
      } catch (err) {
        this.images.set(file, err as Error);
      }
      while (this.images.size > this.maxImages) this.images.delete(this.images.keys().next().value!);
    }
  }

  /** Image size without decoding pixels (header only, cached with the image when decoded). */
  private size(file: string): { width: number; height: number } {
    const img = this.images.get(file);
    if (img && !(img instanceof Error)) return img;
    return readImageSize(file) ?? this.image(file);
  }

  private hash(file: string, b: Bounds): AverageHash | null {
    const key = `${file}\u0000${b.x1},${b.y1},${b.x2},${b.y2}`;
    if (!this.hashes.has(key)) this.hashes.set(key, averageHash(this.image(file, Math.ceil(b.y2) + 1), b));
    return this.hashes.get(key)!;
  }

  /** Hamming distance between the gt crop and the same box scaled onto the exec screenshot. */
  match(gtFile: string, gtBounds: Bounds, execFile: string): IconMatchResult {
    try {
      const g = this.size(gtFile);
      const e = this.size(execFile);
      const hg = this.hash(gtFile, gtBounds);
      const he = this.hash(execFile, scaleBounds(gtBounds, g, e));
      if (!hg || !he) return { ok: false, reason: `Box [${gtBounds.x1},${gtBounds.y1}][${gtBounds.x2},${gtBounds.y2}] is empty on ${hg ? execFile : gtFile}.` };
      return { ok: true, distance: hammingDistance(hg, he) };
    } catch (err) {
      return { ok: false, reason: (err as Error).message };
    }
  }
}
