import { createCanvas, loadImage } from '@napi-rs/canvas';

/** An RGBA image in memory (row-major, 4 bytes per pixel). */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

/** Decodes a PNG/JPEG/WebP with @napi-rs/canvas. */
export async function decodeImage(bytes: Uint8Array): Promise<RgbaImage> {
  let img;
  try {
    img = await loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (err) {
    throw new Error(`OCR could not decode the image (${bytes.byteLength} bytes): ${(err as Error).message}`, { cause: err });
  }
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const { data } = ctx.getImageData(0, 0, img.width, img.height);
  return { width: img.width, height: img.height, data };
}

/**
 * Bilinear sample of the region (sx, sy, sw, sh) of `src` into a w x h planar float tensor in
 * BGR channel order (PaddleOCR reads images with OpenCV, so its models expect BGR), with
 * `(v / 255 - mean[c]) / std[c]` per channel. Writes into `out` at `offset` with row stride `stride`.
 */
export function sampleToTensor(
  src: RgbaImage,
  region: { x: number; y: number; w: number; h: number },
  w: number,
  h: number,
  mean: readonly [number, number, number],
  std: readonly [number, number, number],
  out: Float32Array,
  offset: number,
  stride: number,
  planeSize: number,
): void {
  const sx = region.w / w;
  const sy = region.h / h;
  const { data, width, height } = src;
  const scale = [1 / (255 * std[0]), 1 / (255 * std[1]), 1 / (255 * std[2])];
  const bias = [-mean[0] / std[0], -mean[1] / std[1], -mean[2] / std[2]];
  for (let y = 0; y < h; y++) {
    const fy = Math.min(Math.max(region.y + (y + 0.5) * sy - 0.5, 0), height - 1);
    const y0 = Math.floor(fy);
    const y1 = Math.min(y0 + 1, height - 1);
    const wy = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(Math.max(region.x + (x + 0.5) * sx - 0.5, 0), width - 1);
      const x0 = Math.floor(fx);
      const x1 = Math.min(x0 + 1, width - 1);
      const wx = fx - x0;
      const i00 = (y0 * width + x0) * 4;
      const i01 = (y0 * width + x1) * 4;
      const i10 = (y1 * width + x0) * 4;
      const i11 = (y1 * width + x1) * 4;
      const o = offset + y * stride + x;
      // Channel c of the tensor is BGR: tensor plane 0 <- byte 2 (B), 1 <- G, 2 <- R.
      for (let c = 0; c < 3; c++) {
        const b = 2 - c;
        const top = data[i00 + b] + (data[i01 + b] - data[i00 + b]) * wx;
        const bottom = data[i10 + b] + (data[i11 + b] - data[i10 + b]) * wx;
        out[o + c * planeSize] = (top + (bottom - top) * wy) * scale[c] + bias[c];
      }
    }
  }
}

/** A detected text box in source-image pixels with its mean probability. */
export interface DetBox {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  score: number;
}

export interface DbParams {
  /** Probability above which a pixel is text (PaddleOCR det_db_thresh 0.3). */
  binThreshold: number;
  /** Minimum mean probability of a box (det_db_box_thresh 0.6). */
  boxThreshold: number;
  /** Box growth factor (det_db_unclip_ratio 1.5). */
  unclipRatio: number;
  /** Boxes whose shorter side is below this many map pixels are dropped (PaddleOCR min_size 3). */
  minSize: number;
}

/**
 * DB post-processing: threshold the probability map, take 4-connected components, score each by
 * its mean probability, and grow its axis-aligned box by the unclip distance
 * area * ratio / perimeter (DB shrinks text regions by the same rule during training). Boxes are
 * axis-aligned because phone screens are; rotated text gets its bounding box. Returned in source
 * pixels (the map is `mapW x mapH`, the source `srcW x srcH`).
 */
export function dbBoxes(prob: Float32Array, mapW: number, mapH: number, srcW: number, srcH: number, p: DbParams): DetBox[] {
  const labels = new Int32Array(mapW * mapH);
  const stack = new Int32Array(mapW * mapH);
  const boxes: DetBox[] = [];
  let next = 0;
  for (let start = 0; start < prob.length; start++) {
    if (labels[start] !== 0 || prob[start] <= p.binThreshold) continue;
    next++;
    let top = 0;
    stack[top++] = start;
    labels[start] = next;
    let minX = mapW, minY = mapH, maxX = 0, maxY = 0, sum = 0, count = 0;
    while (top > 0) {
      const i = stack[--top];
      const x = i % mapW;
      const y = (i - x) / mapW;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      sum += prob[i];
      count++;
      const push = (j: number): void => {
        if (labels[j] === 0 && prob[j] > p.binThreshold) {
          labels[j] = next;
          stack[top++] = j;
        }
      };
      if (x > 0) push(i - 1);
      if (x < mapW - 1) push(i + 1);
      if (y > 0) push(i - mapW);
      if (y < mapH - 1) push(i + mapW);
    }
    const w = maxX - minX + 1;
    const h = maxY - minY + 1;
    if (Math.min(w, h) < p.minSize) continue;
    const score = sum / count;
    if (score < p.boxThreshold) continue;
    const d = (w * h * p.unclipRatio) / (2 * (w + h));
    if (Math.min(w, h) + 2 * d < p.minSize + 2) continue;
    const kx = srcW / mapW;
    const ky = srcH / mapH;
    boxes.push({
      x1: Math.max(0, Math.round((minX - d) * kx)),
      y1: Math.max(0, Math.round((minY - d) * ky)),
      x2: Math.min(srcW, Math.round((maxX + 1 + d) * kx)),
      y2: Math.min(srcH, Math.round((maxY + 1 + d) * ky)),
      score,
    });
  }
  return readingOrder(boxes);
}

/** Top to bottom; boxes whose vertical centres lie within half a line height form a row, left to right. */
export function readingOrder<T extends { x1: number; y1: number; x2: number; y2: number }>(boxes: T[]): T[] {
  const byY = [...boxes].sort((a, b) => a.y1 + a.y2 - (b.y1 + b.y2));
  const out: T[] = [];
  let row: T[] = [];
  let rowCy = 0;
  let rowH = 0;
  for (const b of byY) {
    const cy = (b.y1 + b.y2) / 2;
    if (row.length && Math.abs(cy - rowCy) > Math.min(rowH, b.y2 - b.y1) / 2) {
      out.push(...row.sort((a, c) => a.x1 - c.x1));
      row = [];
    }
    if (!row.length) {
      rowCy = cy;
      rowH = b.y2 - b.y1;
    }
    row.push(b);
  }
  out.push(...row.sort((a, c) => a.x1 - c.x1));
  return out;
}

/**
 * CTC greedy decoding: argmax per time step, collapse repeats, drop blanks (index 0). `keys` are
 * the dictionary characters for indices 1..keys.length; index keys.length + 1 is a space.
 */
export function ctcGreedy(probs: Float32Array, offset: number, steps: number, classes: number, keys: readonly string[]): { text: string; score: number } {
  let text = '';
  let scoreSum = 0;
  let kept = 0;
  let prev = -1;
  for (let t = 0; t < steps; t++) {
    const base = offset + t * classes;
    let best = 0;
    let bestP = probs[base];
    for (let c = 1; c < classes; c++) {
      if (probs[base + c] > bestP) {
        bestP = probs[base + c];
        best = c;
      }
    }
    if (best !== 0 && best !== prev) {
      text += best <= keys.length ? keys[best - 1] : ' ';
      scoreSum += bestP;
      kept++;
    }
    prev = best;
  }
  return { text, score: kept ? scoreSum / kept : 0 };
}
