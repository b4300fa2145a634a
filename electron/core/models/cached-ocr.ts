import { createHash } from 'node:crypto';
import type { OcrLine, ScreenOcr } from './types';

export interface OcrCounters {
  /** recognize() calls. */
  screensSeen: number;
  /** Distinct images actually run through OCR. */
  screensRecognised: number;
}

/**
 * Wraps a ScreenOcr so each distinct image (by SHA-1 of its bytes) is recognised once per
 * process, however many `ocr<text>` items or episodes look at it. Concurrent calls for the same
 * image share one recognition. A failed recognition is not cached, so a retry can succeed.
 */
export class CachedOcr implements ScreenOcr {
  readonly counters: OcrCounters = { screensSeen: 0, screensRecognised: 0 };
  private readonly results = new Map<string, Promise<OcrLine[]>>();

  constructor(readonly inner: ScreenOcr, private readonly maxEntries = 10_000) {}

  recognize(image: Uint8Array): Promise<OcrLine[]> {
    this.counters.screensSeen++;
    const key = createHash('sha1').update(image).digest('hex');
    let p = this.results.get(key);
    if (!p) {
      // Insertion-ordered Map: dropping the oldest entry bounds memory on very long runs.
      if (this.results.size >= this.maxEntries) this.results.delete(this.results.keys().next().value!);
      this.counters.screensRecognised++;
      p = this.inner.recognize(image);
      p.catch(() => this.results.delete(key));
      this.results.set(key, p);
    }
    return p;
  }

  /** Drops the cache; the inner OCR stays usable (its sessions are process-wide). */
  async dispose(): Promise<void> {
    this.results.clear();
  }
}
