/**
 * Property tests for every parser that builds a view tree: deep, wide and
 * huge trees in each form get a tree (within the limits) or one error that
 * names the file and the limit, in bounded time and memory.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseDroidbotVh } from '../../shared/formats/parse-droidbot-vh';
import { parseUiautomatorXml } from '../../shared/formats/parse-uiautomator-xml';
import { TREE_LIMITS } from '../../shared/formats/tree-limits';
import type { Parsed, ViewHierarchy } from '../../shared/model';
import { depthOf, nestedJsonVh, nodeCount, treeText, type Shape, type TreeForm } from './trees';
import { tally } from './tally';

const cases = tally('tree parsers');
afterAll(() => cases.print());

const FORMS: TreeForm[] = ['xml', 'vh', 'views', 'state'];
const MS = 5000; // generous: the suite shares 2 cores with the rest of `npm test`
const HEAP = 256 * 1024 * 1024;

function parse(form: TreeForm, text: string, file: string): Parsed<ViewHierarchy> {
  return form === 'xml' ? parseUiautomatorXml(text, file) : parseDroidbotVh(text, file);
}

/** Parses under a time and heap budget; returns the result for the caller's checks. */
function bounded(form: TreeForm, text: string, file: string): Parsed<ViewHierarchy> {
  const heap0 = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  const r = parse(form, text, file);
  const ms = performance.now() - t0;
  const grew = process.memoryUsage().heapUsed - heap0;
  cases.add(form);
  expect(ms, `${file}: ${Math.round(ms)} ms`).toBeLessThan(MS);
  expect(grew, `${file}: heap grew ${Math.round(grew / 1e6)} MB`).toBeLessThan(HEAP);
  return r;
}

function expectShape(form: TreeForm, s: Shape): void {
  const file = `gen/${form}-d${s.depth}-w${s.width}-f${s.flat}.${form === 'xml' ? 'xml' : 'vh'}`;
  const r = bounded(form, treeText(form, s), file);
  const within = depthOf(s) <= TREE_LIMITS.depth && nodeCount(s) <= TREE_LIMITS.nodes;
  if (within) {
    expect(r.ok, file).toBe(true);
    if (r.ok) expect(r.value.nodes).toHaveLength(nodeCount(s));
  } else {
    expect(r.ok, file).toBe(false);
    if (!r.ok) {
      expect(r.problems).toHaveLength(1);
      expect(r.problems[0]).toMatchObject({ severity: 'error', file });
      expect(r.problems[0].message).toMatch(/limit is [\d,]+/);
      expect(r.problems[0].message.length).toBeLessThan(300);
    }
  }
}

describe.each(FORMS)('%s trees', (form) => {
  it.each([10, 128, 129, 1_000, 10_000, 100_000])('a chain %i views deep', (depth) => {
    expectShape(form, { depth, width: 0, flat: 0 });
  });

  it.each([19_999, 20_001, 100_000])('a root with %i children', (flat) => {
    expectShape(form, { depth: 1, width: 0, flat });
  });

  it('generated deep, wide and huge shapes', () => {
    const shape = fc.record({
      depth: fc.oneof(fc.integer({ min: 1, max: 140 }), fc.integer({ min: 1, max: 1_500 })),
      width: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 60 })),
      flat: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 25_000 })),
    });
    fc.assert(fc.property(shape, (s) => expectShape(form, s)), { numRuns: 20, seed: 13 });
  });
});

describe('damaged input', () => {
  it('JSON nested 100,000 deep inside one view is refused by the nesting limit', () => {
    for (const n of [60, 100_000]) {
      const r = bounded('vh', nestedJsonVh(n), `gen/nested-${n}.vh`);
      expect(r.ok).toBe(n <= TREE_LIMITS.jsonNesting - 3);
      if (!r.ok) expect(r.problems[0].message).toMatch(/nested more than 64 levels.*limit is 64/);
    }
  });

  it('an unclosed 100,000-deep XML gives a short message naming the file', () => {
    const text = `<?xml version="1.0"?><hierarchy rotation="0">${'<node class="a">'.repeat(100_000)}`;
    const r = bounded('xml', text, 'gen/unclosed.xml');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problems[0].file).toBe('gen/unclosed.xml');
      expect(JSON.stringify(r.problems).length).toBeLessThan(1000);
    }
  });

  it('a million bad child ids cost a few warnings, not a million', () => {
    const text = JSON.stringify([{ class: 'a', bounds: [[0, 0], [1, 1]], parent: -1, children: Array.from({ length: 1_000_000 }, () => -7) }]);
    const r = bounded('vh', text, 'gen/children.vh');
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.warnings.length).toBeLessThanOrEqual(21);
      expect(r.warnings.at(-1)?.message).toMatch(/999,980 more warnings/);
    }
  });

  it('files over the size limit are refused before parsing', () => {
    const big = ' '.repeat(TREE_LIMITS.chars + 1);
    for (const form of ['xml', 'vh'] as const) {
      const r = bounded(form, big, `gen/big.${form}`);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.problems[0].message).toMatch(/33,554,433 characters/);
    }
  });

  it('random mutations of a real-shaped tree never throw', () => {
    const base = { xml: treeText('xml', { depth: 6, width: 3, flat: 4 }), vh: treeText('vh', { depth: 6, width: 3, flat: 4 }) };
    fc.assert(fc.property(fc.constantFrom('xml', 'vh' as const), fc.nat(), fc.nat(), fc.string({ maxLength: 8 }), (form, a, b, ins) => {
      const t = base[form as 'xml' | 'vh'];
      const i = a % t.length;
      const j = Math.min(t.length, i + (b % 40));
      const r = bounded(form as TreeForm, t.slice(0, i) + ins + t.slice(j), `gen/mutated.${form}`);
      if (!r.ok) expect(r.problems.every((p) => p.file === `gen/mutated.${form}` && p.message.length < 1000)).toBe(true);
    }), { numRuns: 300, seed: 13 });
  });
});
