import { describe, expect, it } from 'vitest';
import { approxSubstring, findText } from './find-text';
import type { OcrLine } from './types';

const line = (text: string, x1: number, y1: number, x2: number, y2: number): OcrLine => ({ text, score: 0.99, box: { x1, y1, x2, y2 } });

// A made-up screen laid out like a settings page: a title, a two-box row, a wrapped paragraph.
const SCREEN: OcrLine[] = [
  line('Personal content', 360, 110, 720, 160),
  line('Go to Web &', 300, 300, 520, 350),
  line('App Activity', 540, 300, 760, 350),
  line('You may also want to check your', 220, 740, 850, 790),
  line('past searches and the content', 220, 795, 800, 850),
  line('Location is on', 40, 1260, 310, 1305),
  line('Tirneline is on', 40, 1490, 300, 1540), // OCR misread of "Timeline"
  line('Done', 490, 1030, 590, 1075),
  line('OK', 100, 1800, 150, 1840),
];

describe('approxSubstring', () => {
  it.each([
    ['done', 'xxdonexx', 2, 6, 0],
    ['timeline', 'tirnelineison', 0, 9, 2],
    ['abc', 'xyz', 0, 0, 3], // nothing matches: the empty substring, three deletions
  ])('%j in %j -> [%i, %i) with %i edits', (q, t, start, end, edits) => {
    expect(approxSubstring(q, t)).toEqual({ start, end, edits });
  });
});

describe('findText', () => {
  it.each([
    // [query, expected box, expected lines used]
    ['Done', { x1: 490, y1: 1030, x2: 590, y2: 1075 }, 1],
    ['DONE', { x1: 490, y1: 1030, x2: 590, y2: 1075 }, 1],
    ['content', { x1: 563, y1: 110, x2: 720, y2: 160 }, 1], // narrowed to the word within its line
    ['Go to Web & App Activity', { x1: 300, y1: 300, x2: 760, y2: 350 }, 2], // same row, two boxes
    ['check your past searches', { x1: 220, y1: 740, x2: 850, y2: 850 }, 2], // wrapped onto the next line
    ['Timeline is on', { x1: 40, y1: 1490, x2: 300, y2: 1540 }, 1], // tolerated OCR error
    ['location  IS on', { x1: 40, y1: 1260, x2: 310, y2: 1305 }, 1],
  ])('%j', (query, box, nLines) => {
    const hit = findText(SCREEN, query);
    expect(hit?.box).toEqual(box);
    expect(hit?.lines).toHaveLength(nLines);
  });

  it.each(['Cancel', 'Ok!'.replace('!', 'x'), 'Timeline is off forever', 'Location services', ''])('does not find %j', (query) => {
    expect(findText(SCREEN, query)).toBeUndefined();
  });

  it('needs exact matches for short queries and scores fuzzy ones below 1', () => {
    expect(findText(SCREEN, 'ok')?.score).toBe(1);
    expect(findText(SCREEN, 'on')).toBeDefined(); // inside "Location is on"
    expect(findText(SCREEN, 'OX')).toBeUndefined();
    expect(findText(SCREEN, 'Timeline is on')!.score).toBeCloseTo(1 - 2 / 12, 5);
  });

  it('does not join lines that are far apart', () => {
    expect(findText(SCREEN, 'Personal content Go to Web')).toBeUndefined();
    expect(findText(SCREEN, 'Done OK')).toBeUndefined();
  });
});
