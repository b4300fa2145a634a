import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deviceScreenSize, rootExtent, componentsExtent } from './screen-size';
import { parseUiautomatorXml } from './parse-uiautomator-xml';
import { parseDroidbotVh } from './parse-droidbot-vh';
import { parseComponentsJson } from './components-json';
import type { Size } from '../model';

const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
const have = existsSync(FIXTURES);
const TRACE = path.join(FIXTURES, 'llamatouch/episodes/trace_18');
const pngSize = (file: string): Size => {
  const b = readFileSync(file);
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
};

describe('deviceScreenSize', () => {
  it.each([
    ['screenshot at device size, dump without the navigation bar', { width: 1080, height: 2400 }, { width: 1080, height: 2274 }, { width: 1080, height: 2400 }],
    ['screenshot at device size, full-screen dump', { width: 1080, height: 2400 }, { width: 1080, height: 2400 }, { width: 1080, height: 2400 }],
    ['screenshot saved at half size', { width: 540, height: 1200 }, { width: 1080, height: 2274 }, { width: 1080, height: 2400 }],
    ['JPEG at two thirds', { width: 720, height: 1600 }, { width: 1080, height: 2400 }, { width: 1080, height: 2400 }],
    ['a pixel of recorder slack', { width: 1080, height: 2399 }, { width: 1080, height: 2400 }, { width: 1080, height: 2399 }],
    ['no hierarchy', { width: 720, height: 1640 }, null, { width: 720, height: 1640 }],
    ['no screenshot', null, { width: 1080, height: 2274 }, { width: 1080, height: 2274 }],
    ['nothing readable', null, null, null],
  ] as const)('%s', (_what, image, extent, expected) => {
    expect(deviceScreenSize(image, extent)).toEqual(expected);
  });
});

describe.skipIf(!have)('screen extent of real hierarchies (fixtures absent → skipped)', () => {
  it('trace_18 step 0: the XML root stops above the navigation bar, the .vh root covers the screen; both give the PNG size', () => {
    const xml = parseUiautomatorXml(readFileSync(path.join(TRACE, '0.xml'), 'utf8'), '0.xml');
    const vh = parseDroidbotVh(readFileSync(path.join(TRACE, '0.vh'), 'utf8'), '0.vh');
    if (!xml.ok || !vh.ok) throw new Error('parse');
    expect(rootExtent(xml.value)).toEqual({ width: 1080, height: 2274 });
    expect(rootExtent(vh.value)).toEqual({ width: 1080, height: 2400 });
    const png = pngSize(path.join(TRACE, '0.png'));
    expect(deviceScreenSize(png, rootExtent(xml.value))).toEqual(png);
    // The same screen saved at half size maps back to device pixels.
    expect(deviceScreenSize({ width: png.width / 2, height: png.height / 2 }, rootExtent(xml.value))).toEqual(png);
  });

  it('a dialog-only dump: the root is the dialog, the screen is the PNG', () => {
    const dir = path.join(FIXTURES, 'llamatouch/evaluator-tests/click_test_case/case1');
    const xml = parseUiautomatorXml(readFileSync(path.join(dir, '10.xml'), 'utf8'), '10.xml');
    if (!xml.ok) throw new Error('parse');
    const ext = rootExtent(xml.value);
    expect(ext && ext.width < 1080).toBe(true);
    expect(deviceScreenSize(pngSize(path.join(dir, '10.png')), ext)).toEqual({ width: 1080, height: 1918 });
  });

  it('an i.json list reaches the screen edges it was numbered on', () => {
    const r = parseComponentsJson(readFileSync(path.join(TRACE, '2.json'), 'utf8'), '2.json');
    if (!r.ok) throw new Error('parse');
    const ext = componentsExtent(r.value);
    expect(ext && ext.width <= 1080 && ext.height <= 2400 && ext.height > 2000).toBe(true);
  });
});
