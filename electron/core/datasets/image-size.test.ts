import { describe, it, expect } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import { loadImage } from '@napi-rs/canvas';
import path from 'node:path';
import { imageSize, readImageSize } from './image-size';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures');
const have = existsSync(FIXTURES);
const images = have
  ? [
      ...readdirSync(path.join(FIXTURES, 'llamatouch/episodes/trace_18')).filter((f) => f.endsWith('.png')).map((f) => `llamatouch/episodes/trace_18/${f}`),
      'llamatouch/evaluator-tests/click_test_case/case1/10.png',
      ...readdirSync(path.join(FIXTURES, 'droidbot/states')).filter((f) => f.endsWith('.jpg')).map((f) => `droidbot/states/${f}`),
    ]
  : [];

/** Image size from a full decode (@napi-rs/canvas), an independent reader. */
async function decodedSize(p: string): Promise<{ width: number; height: number }> {
  const img = await loadImage(p);
  return { width: img.width, height: img.height };
}

describe.skipIf(!have)('readImageSize on real screenshots (fixtures absent → skipped)', () => {
  it.each(images)('%s', async (rel) => {
    const p = path.join(FIXTURES, rel);
    expect(await readImageSize(path.dirname(p), path.basename(p))).toEqual(await decodedSize(p));
  });
});

describe('imageSize on other input', () => {
  it.each([
    ['empty', new Uint8Array()],
    ['text', new TextEncoder().encode('not an image at all, just words')],
    ['PNG signature only', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
    ['JPEG start only', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00])],
  ])('%s → null', (_what, bytes) => {
    expect(imageSize(bytes)).toBeNull();
  });

  it('a missing file → null', async () => {
    expect(await readImageSize('/nonexistent', '0.png')).toBeNull();
  });
});
