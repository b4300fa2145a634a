import { canvasLib } from '../../platform/canvas-lib';

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
    img = await canvasLib().loadImage(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (err) {
    throw new Error(`OCR could not decode the image (${bytes.byteLength} bytes): ${(err as Error).message}`, { cause: err });
  }
  const canvas = canvasLib().createCanvas(img.width, img.height);
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
