import { inflateSync } from 'node:zlib';
import type { GrayImage } from './decode-image';

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * Decodes a non-interlaced 8-bit PNG (gray, RGB, palette, gray+alpha, RGBA) straight to PIL-style
 * luminance with node's zlib. Pure JS memory, so decoding thousands of screenshots does not pile up
 * native buffers the GC cannot see. Returns undefined for what it does not handle (interlaced,
 * 16-bit, not a PNG): the caller falls back to the canvas decoder. With `maxRows`, only the top
 * rows are decoded (`rows` tells how many).
 */
export function decodePngGray(b: Uint8Array, maxRows = Infinity): GrayImage | undefined {
  if (b.length < 33 || b[0] !== 0x89 || b[1] !== 0x50 || b[2] !== 0x4e || b[3] !== 0x47) return undefined;
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let pos = 8;
  let width = 0, height = 0, depth = 0, type = 0, interlace = 0;
  let palette: Uint8Array | undefined;
  const idat: Uint8Array[] = [];
  while (pos + 8 <= b.length) {
    const len = dv.getUint32(pos);
    const name = String.fromCharCode(b[pos + 4]!, b[pos + 5]!, b[pos + 6]!, b[pos + 7]!);
    const data = b.subarray(pos + 8, pos + 8 + len);
    if (name === 'IHDR') {
      width = dv.getUint32(pos + 8);
      height = dv.getUint32(pos + 12);
      depth = b[pos + 16]!;
      type = b[pos + 17]!;
      interlace = b[pos + 20]!;
    } else if (name === 'PLTE') palette = data;
    else if (name === 'IDAT') idat.push(data);
    else if (name === 'IEND') break;
    pos += 12 + len;
  }
  const ch = CHANNELS[type];
  if (!width || !height || depth !== 8 || interlace !== 0 || ch === undefined || (type === 3 && !palette)) return undefined;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * ch;
  if (raw.length < (stride + 1) * height) return undefined;
  // Icon crops usually sit in the top part of the screen: unfilter only the rows asked for.
  const rows = Math.min(height, Math.max(1, Math.ceil(maxRows)));
  const gray = new Uint8Array(width * rows);
  let prev = new Uint8Array(stride);
  let cur = new Uint8Array(stride);
  for (let y = 0; y < rows; y++) {
    const off = y * (stride + 1);
    const f = raw[off]!;
    for (let i = 0; i < stride; i++) {
      const x = raw[off + 1 + i]!;
      const a = i >= ch ? cur[i - ch]! : 0;
      const up = prev[i]!;
      const c = i >= ch ? prev[i - ch]! : 0;
      cur[i] = (f === 0 ? x : f === 1 ? x + a : f === 2 ? x + up : f === 3 ? x + ((a + up) >> 1) : x + paeth(a, up, c)) & 0xff;
    }
    const row = y * width;
    for (let px = 0, i = 0; px < width; px++, i += ch) {
      let r: number, g: number, bl: number;
      if (ch >= 3) { r = cur[i]!; g = cur[i + 1]!; bl = cur[i + 2]!; }
      else if (type === 3) { const p = cur[i]! * 3; r = palette![p]!; g = palette![p + 1]!; bl = palette![p + 2]!; }
      else { gray[row + px] = cur[i]!; continue; }
      // PIL convert("L"): ITU-R 601-2 luma with 16-bit fixed-point rounding.
      gray[row + px] = (r * 19595 + g * 38470 + bl * 7471 + 0x8000) >> 16;
    }
    [prev, cur] = [cur, prev];
  }
  return rows < height ? { width, height, gray, rows } : { width, height, gray };
}
