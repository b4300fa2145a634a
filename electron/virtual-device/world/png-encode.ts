import { constants, crc32, deflate, deflateRaw, type ZlibOptions } from 'node:zlib';
import { promisify } from 'node:util';

const deflateAsync = promisify(deflate);
const deflateRawAsync = promisify<Buffer, ZlibOptions, Buffer>(deflateRaw);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function png(width: number, height: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  return Buffer.concat([SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

/** Rows `y0..y1` of RGBA pixels with PNG's per-row filter byte (0 = none) in front. */
function filtered(rgba: Buffer, stride: number, y0: number, y1: number): Buffer {
  const raw = Buffer.alloc((stride + 1) * (y1 - y0));
  for (let y = y0; y < y1; y++) rgba.copy(raw, (y - y0) * (stride + 1) + 1, y * stride, y * stride + stride);
  return raw;
}

/**
 * Encodes opaque RGBA pixels as an 8-bit RGBA PNG (what `screencap -p` writes).
 * Fast zlib level and no filtering: flat UI screens compress well anyway, and
 * this is several times faster than the canvas encoder at 1080x2400.
 */
export async function encodeRgbaPng(width: number, height: number, rgba: Buffer): Promise<Buffer> {
  return png(width, height, await deflateAsync(filtered(rgba, width * 4, 0, height), { level: 1 }));
}

const BASE = 65521;

function adler32(buf: Buffer): number {
  let a = 1;
  let b = 0;
  for (let i = 0; i < buf.length;) {
    const end = Math.min(buf.length, i + 5552);
    for (; i < end; i++) { a += buf[i]; b += a; }
    a %= BASE;
    b %= BASE;
  }
  return ((b << 16) | a) >>> 0;
}

/** zlib's adler32_combine: the checksum of A+B from those of A and B and B's length. */
function adler32Combine(a1: number, a2: number, len2: number): number {
  const rem = len2 % BASE;
  let sum1 = a1 & 0xffff;
  let sum2 = (rem * sum1) % BASE;
  sum1 += (a2 & 0xffff) + BASE - 1;
  sum2 += ((a1 >>> 16) & 0xffff) + ((a2 >>> 16) & 0xffff) + BASE - rem;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum1 >= BASE) sum1 -= BASE;
  if (sum2 >= BASE * 2) sum2 -= BASE * 2;
  if (sum2 >= BASE) sum2 -= BASE;
  return ((sum2 << 16) | sum1) >>> 0;
}

interface Band { deflated: Buffer; adler: number; length: number }

/**
 * A PNG encoder for a stream of similar frames (one device's screens): the image is compressed in bands of
 * rows, each an independent deflate block sequence (full flush), so a band whose pixels did not change since
 * the previous frame reuses its compressed bytes and checksum. A tap that changes a counter re-encodes a
 * few bands instead of 10 MB; bands are compressed in parallel on libuv's pool.
 */
export class IncrementalPngEncoder {
  private prev: { width: number; height: number; rgba: Buffer; bands: Band[] } | null = null;

  constructor(private readonly bandRows = 64) {}

  /**
   * `rows` = [y0, y1): the caller knows only these rows may have changed (it repainted them in place in the
   * previous frame's buffer); other bands are reused without comparing, these are compressed again.
   */
  async encode(width: number, height: number, rgba: Buffer, rows?: [number, number]): Promise<Buffer> {
    const stride = width * 4;
    const count = Math.ceil(height / this.bandRows);
    const prev = this.prev && this.prev.width === width && this.prev.height === height ? this.prev : null;
    const unchanged = (y0: number, y1: number): boolean => (rows ? y1 <= rows[0] || y0 >= rows[1]
      : rgba.compare(prev!.rgba, y0 * stride, y1 * stride, y0 * stride, y1 * stride) === 0);
    const bands: Band[] = new Array<Band>(count);
    const jobs: Promise<void>[] = [];
    for (let k = 0; k < count; k++) {
      const y0 = k * this.bandRows;
      const y1 = Math.min(height, y0 + this.bandRows);
      if (prev && unchanged(y0, y1)) { bands[k] = prev.bands[k]; continue; }
      const raw = filtered(rgba, stride, y0, y1);
      const last = k === count - 1;
      jobs.push(deflateRawAsync(raw, { level: 1, finishFlush: last ? constants.Z_FINISH : constants.Z_FULL_FLUSH }).then((deflated) => {
        bands[k] = { deflated, adler: adler32(raw), length: raw.length };
      }));
    }
    await Promise.all(jobs);
    this.prev = { width, height, rgba, bands };
    let adler = 1;
    for (const b of bands) adler = adler32Combine(adler, b.adler, b.length);
    const trailer = Buffer.alloc(4);
    trailer.writeUInt32BE(adler, 0);
    return png(width, height, Buffer.concat([Buffer.from([0x78, 0x01]), ...bands.map((b) => b.deflated), trailer]));
  }
}
