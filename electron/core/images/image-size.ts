import { openSync, readSync, closeSync } from 'node:fs';
import type { Size } from '../../../shared/model';

/** Width/height from a PNG or JPEG header; undefined for other formats or truncated data. */
export function imageSizeFromBytes(b: Uint8Array): Size | undefined {
  if (b.length >= 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) {
    const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
    return { width: dv.getUint32(16), height: dv.getUint32(20) };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) { i++; continue; }
      const marker = b[i + 1]!;
      const len = (b[i + 2]! << 8) | b[i + 3]!;
      // SOF0..SOF15 except DHT (C4), JPG (C8), DAC (CC) carry the frame size.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: (b[i + 5]! << 8) | b[i + 6]!, width: (b[i + 7]! << 8) | b[i + 8]! };
      }
      i += 2 + len;
    }
  }
  return undefined;
}

/** Reused header buffer: the evaluator asks for a size on most execution steps. */
const HEAD = new Uint8Array(64 * 1024);

/**
 * Reads only the header of an image file (PNG: 24 bytes; JPEG: up to 64 KiB, read only when the
 * first bytes say JPEG) for its size. Undefined when the file is missing or not PNG/JPEG.
 */
export function readImageSize(file: string): Size | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    let n = readSync(fd, HEAD, 0, 32, 0);
    if (n >= 2 && HEAD[0] === 0xff && HEAD[1] === 0xd8) n += readSync(fd, HEAD, n, HEAD.length - n, n);
    return imageSizeFromBytes(HEAD.subarray(0, n));
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
