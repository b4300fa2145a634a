import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseUiautomatorXml } from '../formats/parse-uiautomator-xml';
import { numberComponents } from '../formats/number-components';
import { rootExtent } from '../formats/screen-size';
import { boxesOf } from './component-at';
import { badgeConflicts, placeBadges, type BadgeTarget, type Rect } from './badge-layout';

const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
const have = existsSync(FIXTURES);
/** Every real uiautomator dump among the fixtures: the 30+ apps' dumps, trace_18's steps, the Evaluator's screens. */
const screens = have
  ? [
      ...readdirSync(path.join(FIXTURES, 'uiautomator')).filter((f) => f.endsWith('.xml')).map((f) => path.join(FIXTURES, 'uiautomator', f)),
      ...[0, 1, 2, 3, 4].map((i) => path.join(FIXTURES, 'llamatouch/episodes/trace_18', `${i}.xml`)),
      path.join(FIXTURES, 'llamatouch/evaluator-tests/click_test_case/case1/10.xml'),
      ...['1.xml', '2.xml'].map((f) => path.join(FIXTURES, 'llamatouch/test-asset', f)),
    ]
  : [];

/**
 * The annotation canvas's size at the two window sizes the issue names (measured in the e2e
 * layout spec: the stage between the task list and the editor column), and the badge's on-screen
 * size (7 px per digit, 15 px high, as renderer/canvas/layers/NumberTag draws it).
 */
const STAGES = { '1600x1000': { width: 860, height: 700 }, '1280x720': { width: 600, height: 470 } };

/** The screen fitted in the stage with 12 px padding, centred (as the canvas fits it). */
function fit(screen: { width: number; height: number }, stage: { width: number; height: number }) {
  const scale = Math.min((stage.width - 24) / screen.width, (stage.height - 24) / screen.height);
  return { scale, x: (stage.width - screen.width * scale) / 2, y: (stage.height - screen.height * scale) / 2 };
}

function targetsOf(file: string): { targets: BadgeTarget[]; screen: { width: number; height: number } } | null {
  const r = parseUiautomatorXml(readFileSync(file, 'utf8'), path.basename(file));
  if (!r.ok) return null;
  const comps = numberComponents(r.value);
  const screen = rootExtent(r.value);
  if (!screen || comps.length === 0) return null;
  const text = new Set(comps.filter((c) => c.text.trim()).map((c) => c.id));
  return { targets: boxesOf(comps).map((b) => ({ id: b.id, bounds: b.bounds, text: text.has(b.id) })), screen };
}

describe.skipIf(!have)('badge placement on every real fixture screen', () => {
  it('reads at least 30 screens', () => {
    expect(screens.filter((f) => targetsOf(f) !== null).length).toBeGreaterThanOrEqual(30);
  });

  for (const [size, stage] of Object.entries(STAGES)) {
    it(`at ${size}: no badge on the text box of any component with text, none on another, none outside the stage`, () => {
      let badges = 0;
      for (const file of screens) {
        const s = targetsOf(file);
        if (!s) continue;
        const t = fit(s.screen, stage);
        const inv = 1 / t.scale;
        // The stage in device pixels: the screen and the margins beside it.
        const area: Rect = { x: -t.x * inv, y: -t.y * inv, w: stage.width * inv, h: stage.height * inv };
        const spots = placeBadges(s.targets, { charW: 7 * inv, h: 15 * inv, screen: s.screen, area });
        badges += spots.length;
        expect({ file: path.basename(file), ...badgeConflicts(spots, s.targets, area) }).toEqual({ file: path.basename(file), onText: 0, overlapping: 0, outside: 0 });
      }
      expect(badges).toBeGreaterThan(500);
    });
  }

  it('a badge that had to move away from its box has a leader line to it; one touching its box has none', () => {
    const targets: BadgeTarget[] = [
      { id: 1, bounds: { x1: 0, y1: 0, x2: 100, y2: 20 }, text: true },
      { id: 2, bounds: { x1: 0, y1: 20, x2: 100, y2: 40 }, text: true },
      { id: 3, bounds: { x1: 0, y1: 40, x2: 100, y2: 60 }, text: true },
    ];
    const spots = placeBadges(targets, { charW: 7, h: 15, screen: { width: 100, height: 60 }, area: { x: -40, y: 0, w: 180, h: 60 } });
    expect(badgeConflicts(spots, targets, { x: -40, y: 0, w: 180, h: 60 })).toEqual({ onText: 0, overlapping: 0, outside: 0 });
    for (const s of spots) {
      const touches = s.x + s.w >= -0.01 && s.x <= 100.01;
      expect(s.leader === null).toBe(touches);
    }
  });

  it('equal boxes, a box in the screen corner, a short text box: all inside the area, off each other and off the text', () => {
    const screen = { width: 400, height: 600 };
    const targets: BadgeTarget[] = [
      { id: 1, bounds: { x1: 10, y1: 100, x2: 300, y2: 400 }, text: false }, { id: 12, bounds: { x1: 10, y1: 100, x2: 300, y2: 400 }, text: false },
      { id: 5, bounds: { x1: 10, y1: 500, x2: 300, y2: 510 }, text: true }, { id: 7, bounds: { x1: 380, y1: 590, x2: 400, y2: 600 }, text: false },
    ];
    const spots = placeBadges(targets, { charW: 7, h: 15, screen });
    expect(spots.map((p) => p.id)).toEqual([1, 12, 5, 7]);
    expect(badgeConflicts(spots, targets, { x: 0, y: 0, w: 400, h: 600 })).toEqual({ onText: 0, overlapping: 0, outside: 0 });
    expect(spots[2].y).toBe(485); // the short text box: just above it
  });

  it('places 300 crowded boxes in under a second (a guard against a quadratic blow-up on a loaded machine, not a benchmark)', () => {
    const targets: BadgeTarget[] = Array.from({ length: 300 }, (_, i) => ({
      id: i, bounds: { x1: (i % 10) * 108, y1: Math.floor(i / 10) * 80, x2: (i % 10) * 108 + 100, y2: Math.floor(i / 10) * 80 + 60 }, text: i % 2 === 0,
    }));
    const t0 = performance.now();
    placeBadges(targets, { charW: 14, h: 30, screen: { width: 1080, height: 2400 }, area: { x: -300, y: 0, w: 1680, h: 2400 } });
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
