import { describe, it, expect } from 'vitest';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import { imageSize, readImageSize, readImageSizeIn } from './image-size';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures');
const FILES = existsSync(FIXTURES)
  ? [
    ...readdirSync(path.join(FIXTURES, 'llamatouch/episodes/trace_18')).filter((f) => f.endsWith('.png')).map((f) => path.join(FIXTURES, 'llamatouch/episodes/trace_18', f)),
    path.join(FIXTURES, 'llamatouch/evaluator-tests/click_test_case/case1/10.png'),
    ...readdirSync(path.join(FIXTURES, 'droidbot/states')).filter((f) => f.endsWith('.jpg')).map((f) => path.join(FIXTURES, 'droidbot/states', f)),
    ...readdirSync(path.join(FIXTURES, 'uiautomator')).filter((f) => f.endsWith('.png')).map((f) => path.join(FIXTURES, 'uiautomator', f)),
  ]
  : [];

describe.skipIf(!FILES.length)('readImageSize reads only headers and agrees with a full decode (../shared/fixtures absent → skipped)', () => {
  it.each(FILES.map((f) => [path.relative(FIXTURES, f), f]))('%s', async (_n, file) => {
    const img = await loadImage(file);
    expect(readImageSize(file)).toEqual({ width: img.width, height: img.height });
    // The UI's confined reader agrees, and refuses the same file named from outside its root.
    expect(await readImageSizeIn(path.dirname(file), path.basename(file))).toEqual({ width: img.width, height: img.height });
    expect(await readImageSizeIn(path.join(path.dirname(file), 'sub'), `../${path.basename(file)}`)).toBeNull();
  });
  it('is undefined for a missing file or a non-image', () => {
    expect(readImageSize('/nonexistent/0.png')).toBeUndefined();
    expect(readImageSize(path.join(FIXTURES, 'llamatouch/episodes/trace_18/0.xml'))).toBeUndefined();
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
});
