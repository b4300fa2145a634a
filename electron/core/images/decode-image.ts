import { Image, createCanvas } from '@napi-rs/canvas';
import { decodePngGray } from './decode-png';

/** A decoded image as 8-bit luminance (PIL "L": ITU-R 601-2 luma). */
export interface GrayImage {
  width: number;
  height: number;
  /** Rows actually decoded when fewer than `height` (partial decode); `gray` holds width*rows bytes. */
  rows?: number;
  gray: Uint8Array;
}

/** True when the bytes are a PNG our synchronous decoder handles (8-bit, non-interlaced). */
export function isSyncDecodable(bytes: Uint8Array): boolean {
  return bytes.length > 28 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[24] === 8 && bytes[28] === 0;
}

/**
 * Decodes PNG bytes to luminance synchronously with our zlib-based decoder, so the icon matcher can
 * stay synchronous. Other images (JPEG from DroidBot, 16-bit or interlaced PNG) need
 * decodeGrayAsync first: @napi-rs/canvas decodes them off-thread. `what` names the file in errors.
 */
export function decodeGray(bytes: Uint8Array, what: string, maxRows = Infinity): GrayImage {
  const png = decodePngGray(bytes, maxRows);
  if (png) return png;
  throw new Error(`${what}: not an 8-bit PNG; it must be decoded asynchronously first (decodeGrayAsync).`);
}

/** Decodes any PNG/JPEG with @napi-rs/canvas (which decodes asynchronously: wait for onload). */
export async function decodeGrayAsync(bytes: Uint8Array, what: string): Promise<GrayImage> {
  const png = decodePngGray(bytes);
  if (png) return png;
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
