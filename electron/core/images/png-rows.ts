import { constants, inflateSync } from 'node:zlib';

/**
 * Partial PNG decoding for icon crops: inflates about as much of the image data as the last row
 * a crop needs (zlib, natively, on a prefix of the data), and un-filters only the rows and columns
 * the crops depend on. PNG filters refer to the row above and the pixels to the left, never to
 * the right, so columns right of the crops are skipped; a row filtered with None or Sub refers to
 * no row above, so un-filtering starts at the last such row at or above the crops. Handles 8-bit,
 * non-interlaced greyscale, grey+alpha, RGB and RGBA (what screencap and uiautomator2 write);
 * anything else is `unsupported` and the caller decodes it whole.
 */

/** Luminance rows [y1, y2) of columns [0, width) of an image (row-major, `width` bytes a row). */
export interface GrayRows {
  /** Full image size. */
  imageWidth: number;
  imageHeight: number;
  y1: number;
  y2: number;
  /** Columns held per row (from 0). */
  width: number;
  gray: Uint8Array;
}

interface Header { width: number; height: number; bpp: number; color: number; idat: Uint8Array[] }

/** Bytes per pixel of the 8-bit colour types this reader handles. */
const BPP: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };
const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The IHDR fields and IDAT chunks; 'unsupported' for PNG kinds this reader leaves to the full decoder. Throws on damage. */
function readChunks(b: Uint8Array): Header | 'unsupported' {
  if (b.length < 33 || SIGNATURE.some((v, i) => b[i] !== v)) return 'unsupported';
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const type = (i: number): string => String.fromCharCode(b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!);
  if (type(12) !== 'IHDR') throw new Error('the PNG has no IHDR chunk first');
  const width = dv.getUint32(16);
  const height = dv.getUint32(20);
  const depth = b[24]!;
  const color = b[25]!;
  const interlace = b[28]!;
  if (depth !== 8 || interlace !== 0 || BPP[color] === undefined || width === 0 || height === 0) return 'unsupported';
  const idat: Uint8Array[] = [];
  for (let i = 8; i + 8 <= b.length;) {
    const len = dv.getUint32(i);
    const t = type(i + 4);
    if (i + 12 + len > b.length) throw new Error(`the PNG is truncated in its ${t} chunk`);
    if (t === 'IDAT') idat.push(b.subarray(i + 8, i + 8 + len));
    else if (t === 'IEND') break;
    i += 12 + len;
  }
  if (!idat.length) throw new Error('the PNG has no image data (IDAT)');
  return { width, height, bpp: BPP[color]!, color, idat };
}

/**
 * Inflates a prefix of the zlib stream large enough for `need` bytes of output: the prefix is
 * guessed from the share of rows needed (with a margin) and doubled while it falls short, so
 * inflating stops near the last needed row instead of running through the file. A sync flush
 * makes a cut stream give what it has instead of failing.
 */
function inflatePrefix(chunks: Uint8Array[], need: number, share: number, whole: number): Uint8Array {
  const z = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  let take = Math.min(z.length, Math.ceil(z.length * share * 1.2) + 16 * 1024);
  for (;;) {
    let out: Buffer;
    try {
      // One output buffer that can hold the whole image (pages never written are never touched): output
      // gathered from pieces (16 KiB by default) costs more to copy together than to inflate.
      out = inflateSync(z.subarray(0, take), { finishFlush: constants.Z_SYNC_FLUSH, chunkSize: Math.max(64 * 1024, whole + 1024) });
    } catch (err) {
      throw new Error(`its image data is damaged (${(err as Error).message})`);
    }
    if (out.length >= need || take >= z.length) return new Uint8Array(out.buffer, out.byteOffset, out.length);
    take = Math.min(z.length, take * 2);
  }
}

/** Paeth predictor (PNG spec 9.4). */
function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = p > a ? p - a : a - p;
  const pb = p > b ? p - b : b - p;
  const pc = p > c ? p - c : c - p;
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Four byte-wise additions mod 256 at once (SWAR): no carry crosses a byte. */
function add4(a: number, b: number): number {
  return (((a & 0x7f7f7f7f) + (b & 0x7f7f7f7f)) ^ ((a ^ b) & 0x80808080)) >>> 0;
}

/** One row being un-filtered: bytes and a 32-bit view of the same (4-byte aligned, length rounded up to 4). */
interface Row { b: Uint8Array; w: Uint32Array }
function row(n: number): Row {
  const b = new Uint8Array((n + 3) & ~3);
  return { b, w: new Uint32Array(b.buffer) };
}

/**
 * Un-filters one row's first `n` bytes into `cur` (prev: the row above, already un-filtered); stores
 * wrap mod 256. Up (the common filter) and Sub on 4-byte pixels run four bytes at a time.
 */
function unfilterRow(f: number, raw: Uint8Array, o: number, cur: Row, prev: Row, n: number, bpp: number): void {
  const c = cur.b;
  const p = prev.b;
  switch (f) {
    case 0: c.set(raw.subarray(o, o + n)); return;
    case 1:
      if (bpp === 4) {
        c.set(raw.subarray(o, o + n));
        const w = cur.w;
        for (let i = 1, m = n >> 2; i < m; i++) w[i] = add4(w[i]!, w[i - 1]!);
        return;
      }
      for (let x = 0; x < bpp && x < n; x++) c[x] = raw[o + x]!;
      for (let x = bpp; x < n; x++) c[x] = raw[o + x]! + c[x - bpp]!;
      return;
    case 2: {
      c.set(raw.subarray(o, o + n));
      const w = cur.w;
      const pw = prev.w;
      for (let i = 0, m = (n + 3) >> 2; i < m; i++) w[i] = add4(w[i]!, pw[i]!);
      return;
    }
    case 3:
      for (let x = 0; x < bpp && x < n; x++) c[x] = raw[o + x]! + (p[x]! >> 1);
      for (let x = bpp; x < n; x++) c[x] = raw[o + x]! + ((c[x - bpp]! + p[x]!) >> 1);
      return;
    case 4:
      for (let x = 0; x < bpp && x < n; x++) c[x] = raw[o + x]! + p[x]!;
      for (let x = bpp; x < n; x++) c[x] = raw[o + x]! + paeth(c[x - bpp]!, p[x]!, p[x - bpp]!);
      return;
    default: throw new Error(`row filter ${f} is not a PNG filter (the image data is damaged)`);
  }
}

/**
 * Luminance (PIL "L", ITU-R 601-2, alpha ignored as PIL's convert('L') does) of rows [y1, y2) and
 * columns [0, x2) of a PNG, or 'unsupported' (16-bit, palette, interlaced, not a PNG). Throws
 * an Error saying what is wrong with a damaged file. Rows and columns are clamped to the image.
 */
export async function decodePngRows(bytes: Uint8Array, y1: number, y2: number, x2: number): Promise<GrayRows | 'unsupported'> {
  const h = readChunks(bytes);
  if (h === 'unsupported') return h;
  const top = Math.max(0, Math.min(y1, h.height));
  const bottom = Math.max(top, Math.min(y2, h.height));
  const cols = Math.max(0, Math.min(x2, h.width));
  const stride = h.width * h.bpp + 1;
  const n = cols * h.bpp;
  let prev = row(n);
  let cur = row(n);
  const gray = new Uint8Array((bottom - top) * cols);
  if (bottom === 0) return { imageWidth: h.width, imageHeight: h.height, y1: top, y2: bottom, width: cols, gray };
  const raw = inflatePrefix(h.idat, bottom * stride, bottom / h.height, h.height * stride);
  const rows = Math.min(bottom, Math.floor(raw.length / stride));
  if (rows < bottom) throw new Error(`its image data ends at row ${rows} of ${h.height} (truncated)`);
  // Un-filtering starts at the last row at or above the crops that refers to no row above (None or Sub).
  let start = 0;
  for (let y = top; y >= 0; y--) {
    const f = raw[y * stride];
    if (f === 0 || f === 1) { start = y; break; }
  }
  for (let y = start; y < bottom; y++) {
    unfilterRow(raw[y * stride]!, raw, y * stride + 1, cur, prev, n, h.bpp);
    const t = prev;
    prev = cur;
    cur = t;
    if (y < top) continue;
    const g = (y - top) * cols;
    const px = prev.b;
    if (h.bpp >= 3) for (let x = 0, p = 0; x < cols; x++, p += h.bpp) gray[g + x] = (px[p]! * 19595 + px[p + 1]! * 38470 + px[p + 2]! * 7471 + 0x8000) >> 16;
    else for (let x = 0, p = 0; x < cols; x++, p += h.bpp) gray[g + x] = px[p]!;
  }
  return { imageWidth: h.width, imageHeight: h.height, y1: top, y2: bottom, width: cols, gray };
}
