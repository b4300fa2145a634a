import { afterAll, beforeAll, describe, it, expect } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { decodePngRows, inflaterKind, usePrefixInflater } from './png-rows';
import { decodeGrayAsync, type GrayImage } from '../core/images/decode-image';
import { IconMatcher } from '../core/images/icon-matcher';
import { FIXTURES, fixturePngs } from '../core/images/testing/fixture-pngs';

// The partial PNG reader must give exactly the luminance the native decoder (@napi-rs/canvas) gives,
// on real screenshots and on PNGs of every colour type and row filter it accepts.
/** Rows [y1, y2) x columns [0, x2) of a whole decode. */
function region(img: GrayImage, y1: number, y2: number, x2: number): Uint8Array {
  const out = new Uint8Array((y2 - y1) * x2);
  for (let y = y1; y < y2; y++) out.set(img.gray.subarray(y * img.width, y * img.width + x2), (y - y1) * x2);
  return out;
}

/** A PNG of `w` x `h` pixels of colour type `color`, row y filtered with filters[y % filters.length]. */
function encodePng(w: number, h: number, color: 0 | 2 | 4 | 6, filters: number[], rowsStored = h): Buffer {
  const bpp = { 0: 1, 2: 3, 4: 2, 6: 4 }[color];
  const px = (x: number, y: number, c: number): number => (c === bpp - 1 && (color === 4 || color === 6) ? 255 : (x * 7 + y * 13 + c * 61 + ((x * y) % 17) * 9) & 0xff);
  const stride = w * bpp;
  const raw = Buffer.alloc(h * (stride + 1));
  let prev = new Uint8Array(stride);
  for (let y = 0; y < h; y++) {
    const cur = new Uint8Array(stride);
    for (let x = 0; x < w; x++) for (let c = 0; c < bpp; c++) cur[x * bpp + c] = px(x, y, c);
    const f = filters[y % filters.length]!;
    raw[y * (stride + 1)] = f;
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? cur[i - bpp]! : 0;
      const b = prev[i]!;
      const c = i >= bpp ? prev[i - bpp]! : 0;
      const p = a + b - c;
      const pred = [0, a, b, (a + b) >> 1, Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c][f]!;
      raw[y * (stride + 1) + 1 + i] = (cur[i]! - pred) & 0xff;
    }
    prev = cur;
  }
  const chunk = (type: string, data: Buffer): Buffer => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = color;
  const z = deflateSync(raw.subarray(0, rowsStored * (stride + 1)));
  // Two IDAT chunks, as encoders split long streams.
  const cut = Math.floor(z.length / 2);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', z.subarray(0, cut)), chunk('IDAT', z.subarray(cut)), chunk('IEND', Buffer.alloc(0))]);
}

// Both inflaters: row by row through Node's zlib handle (the default), and the whole-prefix one kept
// for a Node without that handle API.
describe.each([['row by row', false], ['prefix inflater', true]] as const)('decodePngRows, %s', (_name, prefix) => {
  beforeAll(() => usePrefixInflater(prefix));
  afterAll(() => usePrefixInflater(false));
  it('is the inflater asked for (this Node has the zlib handle API the row-by-row one drives)', () => {
    expect(inflaterKind()).toBe(prefix ? 'prefix' : 'rows');
  });

  it.each([0, 2, 4, 6] as const)('colour type %i, every row filter: same luminance as the native decoder', async (color) => {
    const png = encodePng(37, 60, color, [0, 1, 2, 3, 4, 2, 2, 4, 3, 1]);
    const whole = await decodeGrayAsync(png, 'synthetic.png');
    for (const [y1, y2, x2] of [[0, 60, 37], [13, 29, 20], [41, 42, 1], [0, 1, 37], [59, 60, 37]] as const) {
      const r = await decodePngRows(png, y1, y2, x2);
      if (r === 'unsupported') throw new Error('unsupported');
      expect([r.y1, r.y2, r.width, r.imageWidth, r.imageHeight]).toEqual([y1, y2, x2, 37, 60]);
      expect(Buffer.from(r.gray).equals(Buffer.from(region(whole, y1, y2, x2)))).toBe(true);
    }
  });

  it('a crop far down an image whose rows all refer to the row above: every raw row above it is kept, then un-filtered', async () => {
    // Up and Paeth only (no None/Sub row to restart from): the rows kept above the crop outgrow the
    // inflate window many times over before the crop's first row arrives.
    const png = encodePng(300, 1200, 6, [2, 4, 4, 2, 3]);
    const whole = await decodeGrayAsync(png, 'tall.png');
    for (const [y1, y2, x2] of [[1100, 1150, 300], [1199, 1200, 17], [600, 601, 299], [5, 1195, 64]] as const) {
      const r = await decodePngRows(png, y1, y2, x2);
      if (r === 'unsupported') throw new Error('unsupported');
      expect(Buffer.from(r.gray).equals(Buffer.from(region(whole, y1, y2, x2))), `rows ${y1}-${y2}`).toBe(true);
    }
  });

  it('a truncated file is refused with what is wrong; JPEGs and 16-bit PNGs are left to the whole decoder', async () => {
    const png = encodePng(40, 50, 6, [2, 4]);
    const ihdrEnd = 8 + 25;
    // Cut inside the second IDAT chunk: the chunk table says more bytes follow than the file has.
    await expect(decodePngRows(png.subarray(0, png.length - 30), 0, 50, 40)).rejects.toThrow(/truncated in its IDAT chunk/);
    await expect(decodePngRows(png.subarray(0, ihdrEnd), 0, 50, 40)).rejects.toThrow(/no image data/);
    // A whole zlib stream holding fewer rows than the header says: which row it ends at.
    const short = encodePng(40, 50, 6, [2, 4], 30);
    await expect(decodePngRows(short, 20, 45, 10)).rejects.toThrow(/ends at row 30 of 50 \(truncated\)/);
    expect(await decodePngRows(short, 20, 30, 10)).toMatchObject({ y1: 20, y2: 30 });
    // Damaged image data: zlib's reason, and the next image decodes (the inflater is reset).
    const bad = Buffer.from(png);
    bad.fill(0xa5, ihdrEnd + 12, ihdrEnd + 40);
    await expect(decodePngRows(bad, 0, 50, 40)).rejects.toThrow(/image data is damaged/);
    expect(await decodePngRows(png, 0, 50, 40)).toMatchObject({ y2: 50, width: 40 });
    expect(await decodePngRows(Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...new Array(40).fill(0)]), 0, 10, 10)).toBe('unsupported');
    const sixteen = Buffer.from(png);
    sixteen[24] = 16;
    expect(await decodePngRows(sixteen, 0, 10, 10)).toBe('unsupported');
  });

  it.skipIf(!existsSync(FIXTURES))('on every real fixture screenshot, crops at the top, middle and bottom equal the native decode', async () => {
    const files = fixturePngs();
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const bytes = readFileSync(f);
      const whole = await decodeGrayAsync(bytes, f);
      const { width: w, height: h } = whole;
      for (const [y1, y2, x2] of [[0, Math.min(h, 90), w], [Math.floor(h / 2), Math.floor(h / 2) + 64, Math.ceil(w / 3)], [h - 40, h, w]]) {
        const r = await decodePngRows(bytes, y1!, y2!, x2!);
        if (r === 'unsupported') continue;
        expect(Buffer.from(r.gray).equals(Buffer.from(region(whole, y1!, y2!, x2!))), `${f} rows ${y1}-${y2}`).toBe(true);
      }
    }
  });
});

describe('IconMatcher with partial decodes', () => {
  it('hashes a crop from the rows it decoded, and decodes a file once for all the crops recorded together', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'png-rows-'));
    try {
      const s = path.join(dir, 's.png');
      writeFileSync(s, encodePng(200, 400, 2, [2, 4, 1, 2]));
      const m = new IconMatcher();
      const a = { x1: 10, y1: 20, x2: 60, y2: 70 };
      const b = { x1: 100, y1: 300, x2: 190, y2: 390 };
      expect(m.match(s, a, s)).toMatchObject({ pending: true });
      expect(m.match(s, b, s)).toMatchObject({ pending: true });
      await m.resolvePending();
      expect(m.match(s, a, s)).toEqual({ ok: true, distance: 0 });
      expect(m.match(s, b, s)).toEqual({ ok: true, distance: 0 });
      expect([m.decoded, m.decodedWhole]).toEqual([1, 0]);
      // A crop of rows not decoded yet asks again, and the file is decoded once more (covering both).
      expect(m.match(s, { x1: 0, y1: 0, x2: 200, y2: 10 }, s)).toMatchObject({ pending: true });
      await m.resolvePending();
      expect(m.match(s, { x1: 0, y1: 0, x2: 200, y2: 10 }, s)).toEqual({ ok: true, distance: 0 });
      expect(m.decoded).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
