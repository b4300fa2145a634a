// PP-OCR post-processing: DB text-box detection on the probability map, reading order, CTC decoding.

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
