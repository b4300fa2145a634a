import { describe, it, expect } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readImageSize } from './image-size';
import { decodeGrayAsync } from './decode-image';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures');
const FILES = existsSync(FIXTURES)
  ? [
    ...['0.png', '4.png'].map((f) => path.join(FIXTURES, 'llamatouch/episodes/trace_18', f)),
    path.join(FIXTURES, 'llamatouch/evaluator-tests/click_test_case/case1/10.png'),
    ...readdirSync(path.join(FIXTURES, 'droidbot/states')).filter((f) => f.endsWith('.jpg')).slice(0, 2).map((f) => path.join(FIXTURES, 'droidbot/states', f)),
  ]
  : [];

describe.skipIf(!FILES.length)('readImageSize reads only headers and agrees with a full decode (../shared/fixtures absent → skipped)', () => {
  it.each(FILES.map((f) => [path.relative(FIXTURES, f), f]))('%s', async (_n, file) => {
    const img = await decodeGrayAsync(readFileSync(file), file);
    expect(readImageSize(file)).toEqual({ width: img.width, height: img.height });
  });
  it('is undefined for a missing file or a non-image', () => {
    expect(readImageSize('/nonexistent/0.png')).toBeUndefined();
    expect(readImageSize(path.join(FIXTURES, 'llamatouch/episodes/trace_18/0.xml'))).toBeUndefined();
  });
});
