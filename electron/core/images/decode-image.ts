import { canvasLib } from '../../platform/canvas-lib';

/** A decoded image as 8-bit luminance (PIL "L": ITU-R 601-2 luma). */
export interface GrayImage {
  width: number;
  height: number;
  /** Rows actually held when fewer than `height`; `gray` holds width*rows bytes. */
  rows?: number;
  gray: Uint8Array;
}

/** Decodes a whole PNG/JPEG natively (@napi-rs/canvas, off the JS thread) to luminance. `what` names the file in errors. */
export async function decodeGrayAsync(bytes: Uint8Array, what: string): Promise<GrayImage> {
  // The native canvas loads on first use (canvas-lib.ts): PNG crops never need it (png-rows.ts).
  const { Image, createCanvas } = canvasLib();
  const img = new Image();
  await new Promise<void>((resolve, reject) => {
    img.onload = () => resolve();
    img.onerror = (err: Error) => reject(new Error(`${what}: not a decodable PNG/JPEG image (${err.message}).`));
    img.src = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  });
  const { width, height } = img;
  const ctx = createCanvas(width, height).getContext('2d');
  ctx.drawImage(img, 0, 0);
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const gray = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < gray.length; i++, p += 4) {
    gray[i] = (rgba[p]! * 19595 + rgba[p + 1]! * 38470 + rgba[p + 2]! * 7471 + 0x8000) >> 16;
  }
  return { width, height, gray };
}
