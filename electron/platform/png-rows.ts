import { Inflate, constants, inflateSync } from 'node:zlib';

/**
 * Partial PNG decoding for icon crops: inflates the image data up to the last row a crop needs
 * (zlib, natively, row by row into a small buffer that stays in the CPU cache), and un-filters only
 * the rows and columns the crops depend on. PNG filters refer to the row above and the pixels to
 * the left, never to the right, so columns right of the crops are skipped; a row filtered with None
 * or Sub refers to no row above, so un-filtering starts at the last such row at or above the crops.
 * Handles 8-bit, non-interlaced greyscale, grey+alpha, RGB and RGBA (what screencap and uiautomator2
 * write); anything else is `unsupported` and the caller decodes it whole.
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
    // Chunk types are four ASCII letters; anything else is a damaged length or type, named by where it is.
    if (!/^[A-Za-z]{4}$/.test(t)) throw new Error(`the PNG has a damaged chunk header at byte ${i}`);
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

/**
 * Paeth rows of 4-byte pixels (RGBA screenshots: a quarter of their rows), one channel per local:
 * the pixel to the left and the one above-left stay in registers instead of being read back.
 * 1.5x the generic loop on real screenshot rows. p - a = b - c, p - b = a - c, p - c = their sum.
 */
function paeth4(raw: Uint8Array, o: number, c: Uint8Array, p: Uint8Array, n: number): void {
  let a0 = 0, a1 = 0, a2 = 0, a3 = 0, c0 = 0, c1 = 0, c2 = 0, c3 = 0;
  for (let x = 0; x + 3 < n; x += 4) {
    let b = p[x]!;
    let pa = b - c0, pb = a0 - c0, pc = pa + pb;
    pa = pa < 0 ? -pa : pa; pb = pb < 0 ? -pb : pb; pc = pc < 0 ? -pc : pc;
    a0 = (raw[o + x]! + (pa <= pb && pa <= pc ? a0 : pb <= pc ? b : c0)) & 255;
    c[x] = a0; c0 = b;
    b = p[x + 1]!;
    pa = b - c1; pb = a1 - c1; pc = pa + pb;
    pa = pa < 0 ? -pa : pa; pb = pb < 0 ? -pb : pb; pc = pc < 0 ? -pc : pc;
    a1 = (raw[o + x + 1]! + (pa <= pb && pa <= pc ? a1 : pb <= pc ? b : c1)) & 255;
    c[x + 1] = a1; c1 = b;
    b = p[x + 2]!;
    pa = b - c2; pb = a2 - c2; pc = pa + pb;
    pa = pa < 0 ? -pa : pa; pb = pb < 0 ? -pb : pb; pc = pc < 0 ? -pc : pc;
    a2 = (raw[o + x + 2]! + (pa <= pb && pa <= pc ? a2 : pb <= pc ? b : c2)) & 255;
    c[x + 2] = a2; c2 = b;
    b = p[x + 3]!;
    pa = b - c3; pb = a3 - c3; pc = pa + pb;
    pa = pa < 0 ? -pa : pa; pb = pb < 0 ? -pb : pb; pc = pc < 0 ? -pc : pc;
    a3 = (raw[o + x + 3]! + (pa <= pb && pa <= pc ? a3 : pb <= pc ? b : c3)) & 255;
    c[x + 3] = a3; c3 = b;
  }
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
      if (bpp === 4) { paeth4(raw, o, c, p, n); return; }
      for (let x = 0; x < bpp && x < n; x++) c[x] = raw[o + x]! + p[x]!;
      for (let x = bpp; x < n; x++) c[x] = raw[o + x]! + paeth(c[x - bpp]!, p[x]!, p[x - bpp]!);
      return;
    default: throw new Error(`row filter ${f} is not a PNG filter (the image data is damaged)`);
  }
}

/**
 * Node's zlib handle, driven as `zlib.inflateSync` drives it (`writeSync` into a buffer we own, the
 * remaining input and output read back from `_writeState`), so rows are un-filtered as they are
 * inflated, from a buffer of a few dozen rows: inflating a screenshot's top half into one new
 * buffer the size of the image cost twice as much (page faults and memory traffic), and the prefix
 * it inflated had to be guessed. One per thread, reset between images; a Node without this handle
 * API (none known) gets the prefix inflater below.
 */
interface ZHandle { writeSync(flush: number, input: Uint8Array, inOff: number, inLen: number, out: Uint8Array, outOff: number, outLen: number): void; reset(): void; onerror: (message: string, errno: number, code?: string) => void }
let inflater: { z: Inflate; handle: ZHandle; state: Uint32Array; error?: string } | undefined | null;
function rowInflater(): { handle: ZHandle; state: Uint32Array; error?: string } | undefined {
  if (inflater === null) return undefined;
  if (!inflater) {
    const z = new Inflate();
    const handle = (z as unknown as { _handle?: ZHandle })._handle;
    const state = (z as unknown as { _writeState?: Uint32Array })._writeState;
    if (typeof handle?.writeSync !== 'function' || typeof handle.reset !== 'function' || !(state instanceof Uint32Array) || state.length < 2) {
      inflater = null;
      z.close();
      return undefined;
    }
    const it: { z: Inflate; handle: ZHandle; state: Uint32Array; error?: string } = { z, handle, state };
    handle.onerror = (message, _errno, code) => { it.error = `${message}${code ? ` (${code})` : ''}`; };
    inflater = it;
  }
  inflater.error = undefined;
  inflater.handle.reset();
  return inflater;
}

/** Which inflater decodes: 'rows' (zlib handle, the default) or 'prefix' (no handle API, or the test seam below). */
export function inflaterKind(): 'rows' | 'prefix' {
  return rowInflater() ? 'rows' : 'prefix';
}

/** Test seam: decode with the prefix inflater, as on a Node without the zlib handle API. */
export function usePrefixInflater(on: boolean): void {
  if (on) { inflater?.z.close(); inflater = null; } else if (inflater === null) inflater = undefined;
}

/**
 * Reused per thread: the inflate window, then the raw rows kept above the crops (grown as needed).
 * One buffer, so keeping a row is a copyWithin (no view allocated per row).
 */
let work = new Uint8Array(0);

/** Converts un-filtered row `px` (cols pixels of bpp bytes) to luminance at gray[g..]. */
function toGray(px: Uint8Array, gray: Uint8Array, g: number, cols: number, bpp: number): void {
  if (bpp >= 3) for (let x = 0, p = 0; x < cols; x++, p += bpp) gray[g + x] = (px[p]! * 19595 + px[p + 1]! * 38470 + px[p + 2]! * 7471 + 0x8000) >> 16;
  else for (let x = 0, p = 0; x < cols; x++, p += bpp) gray[g + x] = px[p]!;
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
  const gray = new Uint8Array((bottom - top) * cols);
  const out: GrayRows = { imageWidth: h.width, imageHeight: h.height, y1: top, y2: bottom, width: cols, gray };
  if (bottom === 0) return out;
  const z = rowInflater();
  if (!z) prefixRows(h, top, bottom, cols, gray);
  else {
    try {
      streamRows(z, h, top, bottom, cols, gray);
    } finally {
      // Rows kept above a crop low on a tall screenshot can grow the buffer to the image's size; a
      // thread does not hold on to that between decodes.
      if (work.length > 8 * 2 ** 20) work = new Uint8Array(0);
    }
  }
  return out;
}

/**
 * Inflates row by row until `bottom`. Rows above `top` are kept raw (first n bytes) from the last one
 * filtered with None or Sub (which refer to no row above), and un-filtered only once row `top` comes.
 */
function streamRows(z: { handle: ZHandle; state: Uint32Array; error?: string }, h: Header, top: number, bottom: number, cols: number, gray: Uint8Array): void {
  const stride = h.width * h.bpp + 1;
  const n = cols * h.bpp;
  const bpp = h.bpp;
  const cap = Math.max(2, Math.ceil(64 * 1024 / stride)) * stride;
  if (work.length < cap) work = new Uint8Array(cap);
  let prev = row(n);
  let cur = row(n);
  let kept = 0; // raw rows held in work[cap...] (filter byte + n bytes each)
  const keptStride = n + 1;
  let y = 0;
  let fill = 0;
  const take = (o: number): void => {
    const f = work[o]!;
    if (y < top) {
      if (f === 0 || f === 1) kept = 0;
      const need = cap + (kept + 1) * keptStride;
      if (work.length < need) {
        const g = new Uint8Array(Math.max(need, work.length * 2));
        g.set(work.subarray(0, cap + kept * keptStride));
        work = g;
      }
      work.copyWithin(cap + kept * keptStride, o, o + keptStride);
      kept++;
      return;
    }
    if (y === top) {
      // Rows kept above the crops: the first of them refers to no row above (or is row 0, whose row above is zeros).
      for (let k = 0; k < kept; k++) {
        const ko = cap + k * keptStride;
        unfilterRow(work[ko]!, work, ko + 1, cur, prev, n, bpp);
        const t = prev; prev = cur; cur = t;
      }
      kept = 0;
    }
    unfilterRow(f, work, o + 1, cur, prev, n, bpp);
    const t = prev; prev = cur; cur = t;
    toGray(prev.b, gray, (y - top) * cols, cols, bpp);
  };
  const inflate = (input: Uint8Array, inOff: number, inLen: number): { used: number; made: number } => {
    z.handle.writeSync(constants.Z_NO_FLUSH, input, inOff, inLen, work, fill, cap - fill);
    if (z.error) throw new Error(`its image data is damaged (${z.error})`);
    const made = cap - fill - z.state[0]!;
    const used = inLen - z.state[1]!;
    fill += made;
    let o = 0;
    for (; fill - o >= stride && y < bottom; o += stride, y++) take(o);
    if (o) { work.copyWithin(0, o, fill); fill -= o; }
    return { used, made };
  };
  for (const chunk of h.idat) {
    let off = 0;
    while (off < chunk.length && y < bottom) {
      const { used, made } = inflate(chunk, off, chunk.length - off);
      off += used;
      if (!used && !made) break; // the stream ended before this chunk did
    }
    if (y >= bottom) return;
  }
  // Input used up: what zlib still holds comes out without more input.
  for (;;) {
    if (y >= bottom) return;
    const { made } = inflate(h.idat[0]!, 0, 0);
    if (!made) break;
  }
  throw new Error(`its image data ends at row ${y} of ${h.height} (truncated)`);
}

/** The same, from a prefix of the stream inflated into one buffer (a Node without the zlib handle API). */
function prefixRows(h: Header, top: number, bottom: number, cols: number, gray: Uint8Array): void {
  const stride = h.width * h.bpp + 1;
  const n = cols * h.bpp;
  let prev = row(n);
  let cur = row(n);
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
    if (y >= top) toGray(prev.b, gray, (y - top) * cols, cols, h.bpp);
  }
}
