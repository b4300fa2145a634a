/**
 * Property tests for the partial PNG reader the evaluator's icon checks use: any damage to a real
 * screenshot (cut short, bits flipped, bytes overwritten) and any crop give the crop's rows,
 * `unsupported`, or one error saying what is wrong, in bounded time, with either inflater. The
 * row-by-row inflater loops on zlib's progress, so a loop that never ends would show here.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { existsSync, readFileSync } from 'node:fs';
import { decodePngRows, usePrefixInflater } from '../platform/png-rows';
import { FIXTURES, fixturePngs } from '../core/images/testing/fixture-pngs';
import { tally } from './tally';

const cases = tally('png rows');
afterAll(() => { usePrefixInflater(false); cases.print(); });

const MS = 5000; // generous: the suite shares 2 cores with the rest of `npm test`
/** What the reader may say of a damaged file (png-rows.ts). */
const SENTENCES = /^the PNG is truncated in its [A-Za-z]{4} chunk$|^the PNG has a damaged chunk header at byte \d+$|has no IHDR chunk first|has no image data|image data is damaged|ends at row \d+ of \d+ \(truncated\)|row filter \d+ is not a PNG filter/;

type Damage = { kind: 'cut'; at: number } | { kind: 'flip'; at: number[]; bit: number } | { kind: 'fill'; at: number; length: number; value: number } | { kind: 'none' };

function damaged(src: Buffer, d: Damage): Buffer {
  const b = Buffer.from(src);
  // Damage after the signature and IHDR (33 bytes): a file without them is simply not a PNG.
  const pos = (f: number): number => 33 + Math.floor(f * (b.length - 34));
  if (d.kind === 'cut') return b.subarray(0, pos(d.at));
  if (d.kind === 'flip') for (const f of d.at) b[pos(f)]! ^= 1 << d.bit;
  if (d.kind === 'fill') b.fill(d.value, pos(d.at), Math.min(b.length, pos(d.at) + d.length));
  return b;
}

const damage: fc.Arbitrary<Damage> = fc.oneof(
  fc.record({ kind: fc.constant('cut' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('flip' as const), at: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 20 }), bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ kind: fc.constant('fill' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), length: fc.integer({ min: 1, max: 256 }), value: fc.integer({ min: 0, max: 255 }) }),
  fc.constant({ kind: 'none' as const }),
);

describe.skipIf(!existsSync(FIXTURES))('damaged screenshots (../shared/fixtures absent → skipped)', () => {
  const files = fixturePngs().slice(0, 12);
  const sources = files.map((f) => readFileSync(f));

  it.each([['row by row', false], ['prefix inflater', true]] as const)('%s: the crop, unsupported, or one sentence saying what is wrong, in bounded time', async (name, prefix) => {
    usePrefixInflater(prefix);
    expect(sources.length).toBeGreaterThan(3);
    const crop = fc.record({ y: fc.double({ min: 0, max: 1.1, noNaN: true }), rows: fc.integer({ min: 1, max: 300 }), cols: fc.integer({ min: 1, max: 1500 }) });
    await fc.assert(fc.asyncProperty(fc.integer({ min: 0, max: sources.length - 1 }), damage, crop, async (i, d, c) => {
      const bytes = damaged(sources[i]!, d);
      const height = sources[i]!.readUInt32BE(20);
      const y1 = Math.floor(c.y * height);
      const t0 = performance.now();
      let outcome: string;
      try {
        const r = await decodePngRows(bytes, y1, y1 + c.rows, c.cols);
        if (r === 'unsupported') outcome = 'unsupported';
        else {
          // Rows and columns clamped to the image; one luminance byte per pixel of the crop.
          expect(r.gray.length).toBe((r.y2 - r.y1) * r.width);
          expect(r.y2 - r.y1).toBeLessThanOrEqual(c.rows);
          outcome = 'rows';
        }
      } catch (err) {
        expect((err as Error).message).toMatch(SENTENCES);
        outcome = 'sentence';
      }
      expect(performance.now() - t0, `${files[i]} ${JSON.stringify(d)}`).toBeLessThan(MS);
      cases.add(`${name} ${outcome}`);
      // An undamaged file always gives its rows.
      if (d.kind === 'none') expect(outcome).toBe('rows');
    }), { numRuns: 150, seed: 21 });
  });
});
