import { describe, it, expect } from 'vitest';
import { inflateSync } from 'node:zlib';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { encodeRgbaPng, IncrementalPngEncoder } from './png-encode';

/** The RGBA pixels of a PNG as a real decoder (Skia, checking zlib's adler32) reads them. */
async function decode(png: Buffer): Promise<Buffer> {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  c.getContext('2d').drawImage(img, 0, 0);
  return c.data();
}

function frame(w: number, h: number, seed: number): Buffer {
  const b = Buffer.alloc(w * h * 4);
  for (let i = 0; i < w * h; i++) { b[i * 4] = (i * 7 + seed) & 0xff; b[i * 4 + 1] = (i >> 5) & 0xff; b[i * 4 + 2] = 90; b[i * 4 + 3] = 255; }
  return b;
}

describe('IncrementalPngEncoder', () => {
  it('decodes to the same pixels as the one-shot encoder, first frame and after a change in a few rows', async () => {
    const w = 120;
    const h = 333; // not a multiple of the band height: the last band is short
    const enc = new IncrementalPngEncoder(32);
    const a = frame(w, h, 1);
    const first = await decode(await enc.encode(w, h, a));
    expect(first.equals(await decode(await encodeRgbaPng(w, h, a)))).toBe(true);
    expect(first.equals(a)).toBe(true);
    const b = Buffer.from(a);
    for (let i = 100 * w; i < 110 * w; i++) b.writeUInt32BE(0xc8c8c8ff, i * 4); // rows 100-109 change (band 3 only), opaque
    const second = await enc.encode(w, h, b);
    expect((await decode(second)).equals(b)).toBe(true);
    // zlib's own checker agrees with the stitched adler32
    const idatLen = second.readUInt32BE(33);
    expect(inflateSync(second.subarray(41, 41 + idatLen)).length).toBe((w * 4 + 1) * h);
  });

  it('a frame of another size starts afresh', async () => {
    const enc = new IncrementalPngEncoder(16);
    await enc.encode(40, 40, frame(40, 40, 3));
    const other = frame(50, 30, 4);
    expect((await decode(await enc.encode(50, 30, other))).equals(other)).toBe(true);
  });
});
