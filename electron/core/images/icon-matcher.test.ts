import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { IconMatcher } from './icon-matcher';
import { averageHash, hammingDistance } from './average-hash';
import { decodeGrayAsync } from './decode-image';
import { parseComponentBounds } from '../../../shared/evaluation/normalise';

const IMG = path.resolve(import.meta.dirname, '../../../../shared/fixtures/llamatouch/evaluator-tests/img_test_case');
const DROIDBOT = path.resolve(import.meta.dirname, '../../../../shared/fixtures/droidbot/states');

function node(file: string, i: number): { bounds: { x1: number; y1: number; x2: number; y2: number }; text: string } {
  const list = JSON.parse(readFileSync(file, 'utf8')) as { bounds: string; text: string }[];
  return { bounds: parseComponentBounds(list[i]!.bounds)!, text: list[i]!.text };
}

describe.skipIf(!existsSync(IMG))('icon average-hash match on upstream img_test_case screens (../shared/fixtures absent → skipped)', () => {
  const m = new IconMatcher();
  // Expectations: case1 as upstream's img_match_test. case2: node 0 (the launcher search bar) is
  // pixel-identical on 1.png and 2.png, so it matches; node 16 (the Gmail icon) moved slightly between
  // the two home screens: upstream expects no match at distance bound 1 but a match at bound 5.
  it.each([
    { c: 'case1', json: '2.json', n: 0, gt: '2.png', exec: '2.png', max: 1, same: true },
    { c: 'case1', json: '2.json', n: 0, gt: '2.png', exec: '3.png', max: 1, same: true },
    { c: 'case1', json: '2.json', n: 0, gt: '2.png', exec: '0.png', max: 1, same: false },
    { c: 'case1', json: '2.json', n: 0, gt: '2.png', exec: '0.png', max: 10, same: false },
    { c: 'case2', json: '1.json', n: 0, gt: '1.png', exec: '2.png', max: 1, same: true },
    { c: 'case2', json: '1.json', n: 16, gt: '1.png', exec: '2.png', max: 1, same: false },
    { c: 'case2', json: '1.json', n: 16, gt: '1.png', exec: '2.png', max: 5, same: true },
  ])('$c node $n: $gt vs $exec (<= $max) -> $same', async ({ c, json, n, gt, exec, max, same }) => {
    const { bounds } = node(path.join(IMG, c, json), n);
    const r = await m.matchNow(path.join(IMG, c, gt), bounds, path.join(IMG, c, exec));
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.distance <= max).toBe(same);
  });

  it('decodes each screenshot once across many comparisons', async () => {
    const mm = new IconMatcher();
    const { bounds } = node(path.join(IMG, 'case1', '2.json'), 0);
    for (let i = 0; i < 5; i++) await mm.matchNow(path.join(IMG, 'case1', '2.png'), bounds, path.join(IMG, 'case1', '3.png'));
    expect(mm.decoded).toBe(2);
  });

  it('reports a missing screenshot by name instead of throwing', async () => {
    const r = await m.matchNow(path.join(IMG, 'case1', '2.png'), { x1: 0, y1: 0, x2: 10, y2: 10 }, path.join(IMG, 'case1', 'missing.png'));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain('missing.png');
  });

  it('a comparison first reports the screenshots pending, records both crops, and matches once they are decoded', async () => {
    const mm = new IconMatcher();
    const { bounds } = node(path.join(IMG, 'case1', '2.json'), 0);
    const first = mm.match(path.join(IMG, 'case1', '2.png'), bounds, path.join(IMG, 'case1', '3.png'));
    expect(first).toMatchObject({ ok: false, pending: true });
    expect(mm.hasPending).toBe(true);
    await mm.resolvePending();
    expect(mm.hasPending).toBe(false);
    expect(mm.match(path.join(IMG, 'case1', '2.png'), bounds, path.join(IMG, 'case1', '3.png'))).toMatchObject({ ok: true });
    expect(mm.decoded).toBe(2);
  });

  it('hash of a whole screen differs from the hash of another screen, and equals itself', async () => {
    const a = await decodeGrayAsync(readFileSync(path.join(IMG, 'case1', '2.png')), '2.png');
    const b = await decodeGrayAsync(readFileSync(path.join(IMG, 'case1', '0.png')), '0.png');
    const full = { x1: 0, y1: 0, x2: a.width, y2: a.height };
    expect(hammingDistance(averageHash(a, full)!, averageHash(a, full)!)).toBe(0);
    expect(hammingDistance(averageHash(a, full)!, averageHash(b, full)!)).toBeGreaterThan(1);
  });
});

describe.skipIf(!existsSync(DROIDBOT))('JPEG screenshots (DroidBot) decode', () => {
  it('decodes a real screen_*.jpg to its 720x1640 size, and matches it with itself', async () => {
    const { readdirSync } = await import('node:fs');
    const jpg = path.join(DROIDBOT, readdirSync(DROIDBOT).find((f) => f.endsWith('.jpg'))!);
    const img = await decodeGrayAsync(readFileSync(jpg), jpg);
    expect([img.width, img.height]).toEqual([720, 1640]);
    const m = new IconMatcher();
    expect(await m.matchNow(jpg, { x1: 141, y1: 600, x2: 579, y2: 832 }, jpg)).toEqual({ ok: true, distance: 0 });
  });
});
