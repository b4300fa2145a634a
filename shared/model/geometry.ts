/** Axis-aligned rectangle in device pixels: [x1, y1] top-left inclusive, [x2, y2] bottom-right exclusive. */
export interface Bounds {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** A point in device pixels. */
export interface Point {
  x: number;
  y: number;
}

/** Screen size in device pixels. */
export interface Size {
  width: number;
  height: number;
}
