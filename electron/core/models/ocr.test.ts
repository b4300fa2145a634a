import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Bounds } from '../../../shared/model';
import { createScreenOcr, findText, ocrModelLoads } from './ocr';
import type { OcrLine, ScreenOcr } from './types';
import { CachedOcr } from './cached-ocr';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures');
const haveFixtures = existsSync(path.join(FIXTURES, 'llamatouch'));
const CLICK = 'llamatouch/evaluator-tests/click_test_case/case1/10';
const TRACE = 'llamatouch/episodes/trace_18';

/** Bounds of the view-hierarchy node whose text attribute is exactly `text` (regex over the raw dump). */
function nodeBounds(xmlFile: string, text: string): Bounds {
  const xml = readFileSync(xmlFile, 'utf8');
  // Dumps escape & and may or may not escape the apostrophe.
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/&/g, '(?:&|&amp;)').replace(/'/g, "(?:'|&apos;|&#39;)");
  const m = new RegExp(`<node [^>]*text="${escaped}"[^>]*bounds="\\[(\\d+),(\\d+)\\]\\[(\\d+),(\\d+)\\]"`).exec(xml);
  if (!m) throw new Error(`no node with text ${JSON.stringify(text)} in ${xmlFile}`);
  const [x1, y1, x2, y2] = m.slice(1).map(Number);
  return { x1, y1, x2, y2 };
}

function overlapArea(a: Bounds, b: Bounds): number {
  return Math.max(0, Math.min(a.x2, b.x2) - Math.max(a.x1, b.x1)) * Math.max(0, Math.min(a.y2, b.y2) - Math.max(a.y1, b.y1));
}

describe.skipIf(!haveFixtures)('OCR on real screens (PP-OCRv4 via onnxruntime-node)', () => {
  let ocr: ScreenOcr;
  const lines = new Map<string, OcrLine[]>();
  const screens = [CLICK, `${TRACE}/1`, `${TRACE}/4`];

  beforeAll(async () => {
    ocr = await createScreenOcr();
    for (const s of screens) lines.set(s, await ocr.recognize(readFileSync(path.join(FIXTURES, `${s}.png`))));
  }, 60_000);

  it.each([
    [CLICK, 'Done'],
    [CLICK, 'Go to Web & App Activity'],
    [CLICK, 'Timeline data deleted'],
    // A paragraph wrapped over four OCR lines.
    [CLICK, "You may also want to check your past searches and the content you've browsed in your Timeline and other apps."],
    [`${TRACE}/1`, 'Calculator'],
    [`${TRACE}/1`, 'Play Books'],
    [`${TRACE}/4`, 'Select the correct image'],
    [`${TRACE}/4`, 'the woman'],
    [`${TRACE}/4`, 'CHECK'],
  ])('%s: finds %j inside its view-hierarchy node', (screen, text) => {
    const node = nodeBounds(path.join(FIXTURES, `${screen}.xml`), text);
    const hit = findText(lines.get(screen)!, text);
    expect(hit, `OCR lines: ${lines.get(screen)!.map((l) => l.text).join(' | ')}`).toBeDefined();
    const box = hit!.box;
    const area = (box.x2 - box.x1) * (box.y2 - box.y1);
    // Most of the OCR box lies within the node (OCR boxes hug glyphs, nodes include padding).
    expect(overlapArea(box, node) / area).toBeGreaterThan(0.7);
  });

  it('does not find text that is not on the screen', () => {
    for (const absent of ['Sign in with Google', 'Battery saver', 'Undo']) {
      expect(findText(lines.get(CLICK)!, absent)).toBeUndefined();
    }
  });

  it('reports boxes in screenshot pixels with confidences', () => {
    for (const l of lines.get(CLICK)!) {
      expect(l.box.x1).toBeGreaterThanOrEqual(0);
      expect(l.box.x2).toBeLessThanOrEqual(1080);
      expect(l.box.y2).toBeLessThanOrEqual(1918);
      expect(l.box.x2).toBeGreaterThan(l.box.x1);
      expect(l.score).toBeGreaterThanOrEqual(0.5);
      expect(l.score).toBeLessThanOrEqual(1);
    }
  });

  it('shares one model load across instances and gives the same lines', async () => {
    const before = ocrModelLoads();
    const again = await createScreenOcr();
    expect(ocrModelLoads()).toBe(before);
    expect(await again.recognize(readFileSync(path.join(FIXTURES, `${CLICK}.png`)))).toEqual(lines.get(CLICK));
  });

  it('names the missing model file', async () => {
    await expect(createScreenOcr({ assetsDir: FIXTURES })).rejects.toThrow(/ch_PP-OCRv4_det_infer\.onnx is missing from .*fixtures/);
  });
});

describe.skipIf(!haveFixtures)('CachedOcr', () => {
  it('recognises each distinct screenshot once', async () => {
    const cached = new CachedOcr(await createScreenOcr());
    const a = readFileSync(path.join(FIXTURES, `${TRACE}/4.png`));
    const b = readFileSync(path.join(FIXTURES, `${TRACE}/1.png`));
    const [first, same] = await Promise.all([cached.recognize(a), cached.recognize(Uint8Array.from(a))]);
    await cached.recognize(b);
    expect(same).toBe(first);
    expect(cached.counters).toEqual({ screensSeen: 3, screensRecognised: 2 });
    expect(findText(first, 'CHECK')).toBeDefined();
  });
});
