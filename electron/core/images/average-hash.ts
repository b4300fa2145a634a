import type { Bounds } from '../../../shared/model';
import type { GrayImage } from './decode-image';

/** 64-bit average hash as 8 bytes (row-major bits, 1 = brighter than the mean). */
export type AverageHash = Uint8Array;

/** Rounds like Python 3 (half to even), matching Pillow's crop-box rounding. */
function pyRound(v: number): number {
  const f = Math.floor(v);
  const d = v - f;
  if (d > 0.5) return f + 1;
  if (d < 0.5) return f;
  return f % 2 === 0 ? f : f + 1;
}

/** Integer crop box clamped to the image; null when empty. */
export function cropBox(img: GrayImage, b: Bounds): Bounds | null {
  const x1 = Math.max(0, pyRound(b.x1));
  const y1 = Math.max(0, pyRound(b.y1));
  const x2 = Math.min(img.width, pyRound(b.x2));
  const y2 = Math.min(img.rows ?? img.height, pyRound(b.y2));
  return x2 > x1 && y2 > y1 ? { x1, y1, x2, y2 } : null;
}

/** Area-weighted reduction of [lo, hi) into 8 cells: weights[k] for each pixel offset. */
function cellWeights(len: number): { cell: Int32Array; w0: Float64Array } {
  // Each pixel overlaps at most two cells when len >= 8; for tiny crops we fall back to the covering cell.
  const cell = new Int32Array(len);
  const w0 = new Float64Array(len);
  const size = len / 8;
  for (let p = 0; p < len; p++) {
    const k = Math.min(7, Math.floor(p / size));
    const end = (k + 1) * size;
    cell[p] = k;
    w0[p] = k < 7 && p + 1 > end ? end - p : 1;
  }
  return { cell, w0 };
}

/**
 * Average hash of a box: the crop is reduced to 8x8 by area averaging, each cell compared with the
 * mean of all 64 (as imagehash.average_hash). Returns null when the box is empty after clamping.
 */
export function averageHash(img: GrayImage, bounds: Bounds): AverageHash | null {
  const box = cropBox(img, bounds);
  if (!box) return null;
  const w = box.x2 - box.x1;
  const h = box.y2 - box.y1;
  const cx = cellWeights(w);
  const cy = cellWeights(h);
  const rows = new Float64Array(h * 8);
  for (let y = 0; y < h; y++) {
    const off = (box.y1 + y) * img.width + box.x1;
    const r = y * 8;
    for (let x = 0; x < w; x++) {
      const v = img.gray[off + x]!;
      const k = cx.cell[x]!;
      const a = cx.w0[x]!;
      rows[r + k] += v * a;
      if (a < 1) rows[r + k + 1] += v * (1 - a);
    }
  }
  const cells = new Float64Array(64);
  for (let y = 0; y < h; y++) {
    const k = cy.cell[y]!;
    const a = cy.w0[y]!;
    for (let c = 0; c < 8; c++) {
      const v = rows[y * 8 + c]!;
      cells[k * 8 + c] += v * a;
      if (a < 1) cells[(k + 1) * 8 + c] += v * (1 - a);
    }
  }
  let mean = 0;
  for (const v of cells) mean += v;
  mean /= 64;
  const hash = new Uint8Array(8);
  for (let i = 0; i < 64; i++) if (cells[i]! > mean) hash[i >> 3]! |= 1 << (7 - (i & 7));
  return hash;
}

/** Number of differing bits between two hashes. */
export function hammingDistance(a: AverageHash, b: AverageHash): number {
  let d = 0;
  for (let i = 0; i < 8; i++) {
    let x = a[i]! ^ b[i]!;
    while (x) { d += x & 1; x >>= 1; }
  }
  return d;
}

/** Scales a box from one screen size onto another (upstream scales the gt box to the exec screenshot). */
export function scaleBounds(b: Bounds, from: { width: number; height: number }, to: { width: number; height: number }): Bounds {
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  return { x1: b.x1 * sx, y1: b.y1 * sy, x2: b.x2 * sx, y2: b.y2 * sy };
}
