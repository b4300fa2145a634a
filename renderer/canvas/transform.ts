import type { Point, Size } from '../../shared/model';

/**
 * The one screen<->canvas transform: device pixels are scaled uniformly by
 * `scale` and shifted by (x, y) to sit centred in the view. Everything drawn on
 * the canvas stays in device pixels; only this maps between the two.
 */
export interface ViewTransform {
  scale: number;
  x: number;
  y: number;
}

/** Fits `device` inside `view` with `padding` view pixels on every side, centred. */
export function fitTransform(device: Size, view: Size, padding = 0): ViewTransform {
  const w = Math.max(1, view.width - 2 * padding);
  const h = Math.max(1, view.height - 2 * padding);
  if (device.width <= 0 || device.height <= 0) return { scale: 1, x: padding, y: padding };
  const scale = Math.min(w / device.width, h / device.height);
  return {
    scale,
    x: (view.width - device.width * scale) / 2,
    y: (view.height - device.height * scale) / 2,
  };
}

/** View (canvas) pixels -> device pixels. */
export function toDevice(t: ViewTransform, p: Point): Point {
  return { x: (p.x - t.x) / t.scale, y: (p.y - t.y) / t.scale };
}

/** Device pixels -> view (canvas) pixels. */
export function toView(t: ViewTransform, p: Point): Point {
  return { x: p.x * t.scale + t.x, y: p.y * t.scale + t.y };
}

/**
 * Scales `t` by `factor` about the view point `at`, so the device pixel under
 * the pointer stays under it (wheel zoom). The result's scale is clamped to
 * [minScale, maxScale].
 */
export function zoomAt(t: ViewTransform, at: Point, factor: number, minScale: number, maxScale: number): ViewTransform {
  const scale = Math.min(maxScale, Math.max(minScale, t.scale * factor));
  const d = toDevice(t, at);
  return { scale, x: at.x - d.x * scale, y: at.y - d.y * scale };
}
