import { afterAll, describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { ContentHasher } from './content-hash';
import { TRACE_18 } from './testing/temp-dataset';

describe.skipIf(!existsSync(TRACE_18))('content hashes of trace folders (real trace_18 screen)', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'touchstone-hash-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const dir = path.join(tmp, 't');
  mkdirSync(path.join(dir, 'screenshot'), { recursive: true });
  copyFileSync(path.join(TRACE_18, '2.png'), path.join(dir, 'screenshot', '0.png'));
  writeFileSync(path.join(dir, '0.action'), 'CLICK|[0.5, 0.5]|NULL|1080|2400\n');

  it('changes with one changed pixel in the middle of a screenshot, one changed action byte, a new file', async () => {
    const h = new ContentHasher();
    const before = h.folder(dir);
    const img = await loadImage(path.join(TRACE_18, '2.png'));
    const c = createCanvas(img.width, img.height);
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    g.fillStyle = '#ff00ff';
    g.fillRect(img.width / 2, img.height / 2, 1, 1);
    const original = createCanvas(img.width, img.height);
    original.getContext('2d').drawImage(img, 0, 0);
    // Same encoder for both, so only the pixel differs.
    writeFileSync(path.join(dir, 'screenshot', '0.png'), original.toBuffer('image/png'));
    const reencoded = h.folder(dir);
    writeFileSync(path.join(dir, 'screenshot', '0.png'), c.toBuffer('image/png'));
    expect(h.folder(dir)).not.toBe(reencoded);
    expect(reencoded).not.toBe(before);
    const pixel = h.folder(dir);
    writeFileSync(path.join(dir, '0.action'), 'CLICK|[0.5, 0.6]|NULL|1080|2400\n');
    expect(h.folder(dir)).not.toBe(pixel);
    writeFileSync(path.join(dir, 'extra.txt'), '');
    expect(h.folder(dir)).not.toBe(pixel);
  });

  it('is the same for a touched but unchanged file, and reads nothing when sizes and times match', () => {
    const h = new ContentHasher();
    const a = h.folder(dir);
    const read = h.hashedFiles;
    expect(h.folder(dir)).toBe(a);
    expect(h.hashedFiles).toBe(read);
    utimesSync(path.join(dir, '0.action'), new Date(), new Date(Date.now() + 5000));
    expect(h.folder(dir)).toBe(a);
    expect(h.hashedFiles).toBe(read + 1);
  });
});
