import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseDroidbotVh } from './parse-droidbot-vh';
import { parseUiautomatorXml } from './parse-uiautomator-xml';
import { numberComponents, componentBounds } from './number-components';
import { parseComponentsJson } from './components-json';
import type { NumberedComponent } from '../model';

const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
const have = existsSync(FIXTURES);
const TRACE = path.join(FIXTURES, 'llamatouch/episodes/trace_18');
const read = (p: string): string => readFileSync(p, 'utf8');
const realJson = (step: number): NumberedComponent[] => {
  const r = parseComponentsJson(read(path.join(TRACE, `${step}.json`)), `${step}.json`);
  if (!r.ok) throw new Error('bad json');
  return r.value;
};
const derived = (step: number, ext: 'vh' | 'xml'): NumberedComponent[] => {
  const text = read(path.join(TRACE, `${step}.${ext}`));
  const r = ext === 'vh' ? parseDroidbotVh(text, `${step}.vh`) : parseUiautomatorXml(text, `${step}.xml`);
  if (!r.ok) throw new Error(r.problems[0].message);
  return numberComponents(r.value, { xpath: false });
};
const droidbotStates = have
  ? [path.join(FIXTURES, 'droidbot/states'), path.join(FIXTURES, 'droidbot/bupt-adpolicy/ad-policy-violation-apps-demo/violation1/andrei.brusentcov.eyecheck.free/states')]
      .flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.json')).map((f) => path.join(d, f)))
  : [];

describe.skipIf(!have)('numberComponents against upstream i.json files (fixtures absent → skipped)', () => {
  it.each([0, 1, 2, 4])('trace_18 step %i: numbering i.vh reproduces the real i.json byte for byte', (step) => {
    const mine = derived(step, 'vh');
    const text = read(path.join(TRACE, `${step}.json`));
    expect(JSON.stringify(mine, null, 4)).toBe(text.trimEnd());
  });

  it('trace_18 step 3: the real file is our numbering with three pairs swapped (upstream regeneration kept annotated ids)', () => {
    // Upstream's gen_uijson.py trans_json(), when regenerating an i.json whose
    // screen had noted ids, swaps entries so previously annotated ids keep
    // pointing at the same node; the ids are then renumbered by position.
    const mine = derived(3, 'vh');
    const real = realJson(3);
    const strip = (c: NumberedComponent): string => JSON.stringify({ ...c, id: 0 });
    expect(mine.map(strip).sort()).toEqual(real.map(strip).sort());
    const moved = real.map((c, i) => [i, mine.findIndex((m) => strip(m) === strip(c))]).filter(([i, j]) => i !== j);
    expect(moved).toEqual([[0, 1], [1, 0], [21, 24], [22, 25], [24, 21], [25, 22]]);
    expect(real.every((c, i) => c.id === i)).toBe(true);
  });

  it.each([1, 2, 3, 4])('trace_18 step %i: numbering the raw XML gives the same list as the .vh', (step) => {
    expect(derived(step, 'xml')).toEqual(derived(step, 'vh'));
  });

  it.each(droidbotStates.map((f) => [path.basename(f), f]))('DroidBot state %s numbers without error', (_name, file) => {
    const r = parseDroidbotVh(read(file), file);
    if (!r.ok) throw new Error(r.problems[0].message);
    const list = numberComponents(r.value);
    expect(list.length).toBeGreaterThan(0);
    list.forEach((c, i) => {
      expect(c.id).toBe(i);
      expect(componentBounds(c)).not.toBeNull();
      expect(c.xpath).toMatch(/^\/hierarchy\//);
    });
    expect(r.value.nodes.length).toBe((JSON.parse(read(file)) as { views: unknown[] }).views.length);
  });

  it('keeps upstream field names in upstream order, xpath last', () => {
    const r = parseDroidbotVh(read(path.join(TRACE, '2.vh')), '2.vh');
    if (!r.ok) throw new Error('parse');
    expect(Object.keys(numberComponents(r.value)[0])).toEqual([
      'id', 'class', 'text', 'resource-id', 'content-desc', 'bounds', 'enabled', 'checked', 'checkable', 'visible',
      'selected', 'focused', 'focusable', 'clickable', 'long-clickable', 'password', 'scrollable', 'xpath',
    ]);
  });
});

describe('parseDroidbotVh on malformed input', () => {
  it.each([
    ['not JSON', '[{', /Not valid JSON/],
    ['wrong shape', '{"nodes": []}', /Unsupported format/],
    ['non-object view', '[1]', /View 0/],
  ])('%s', (_what, text, msg) => {
    const r = parseDroidbotVh(text, 'x.vh');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems[0].message).toMatch(msg);
  });

  it('survives cycles and dangling children with warnings', () => {
    const r = parseDroidbotVh(JSON.stringify([{ class: 'A', parent: 1, children: [1, 9] }, { class: 'B', parent: 0, children: [0] }]), 'cyc.vh');
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.warnings.some((w) => /child 9/.test(w.message))).toBe(true);
  });
});

describe('parseDroidbotVh and numbering on random input', () => {
  it('never throw, never hang: garbage gives problems, any list numbers 0..n-1', () => {
    const view = fc.record({
      class: fc.constantFrom('android.widget.TextView', 'android.widget.FrameLayout', 'android.widget.Button', 'Menu', 7, null),
      text: fc.oneof(fc.string({ maxLength: 8 }), fc.constant(null), fc.constant('None')),
      visible: fc.oneof(fc.boolean(), fc.constant('true')),
      parent: fc.oneof(fc.integer({ min: -2, max: 12 }), fc.constant(null), fc.constant('0')),
      children: fc.oneof(fc.array(fc.integer({ min: -1, max: 12 }), { maxLength: 4 }), fc.constant('x')),
      child_count: fc.integer({ min: 0, max: 3 }),
      bounds: fc.oneof(fc.constant([[0, 0], [10, 10]]), fc.constant('[0,0][1,1]'), fc.constant(null), fc.array(fc.integer(), { maxLength: 4 })),
    }, { requiredKeys: [] });
    const input = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.array(view, { maxLength: 12 }).map((v) => JSON.stringify(v)),
      fc.array(view, { maxLength: 12 }).map((v) => JSON.stringify({ views: v })),
      fc.array(view, { maxLength: 12 }).chain((v) => fc.integer({ min: 0, max: 400 }).map((cut) => JSON.stringify(v).slice(0, cut))),
    );
    fc.assert(fc.property(input, (text) => {
      const r = parseDroidbotVh(text, 'fuzz.vh');
      if (!r.ok) {
        expect(r.problems[0].file).toBe('fuzz.vh');
        return;
      }
      const list = numberComponents(r.value);
      expect(list.map((c) => c.id)).toEqual(list.map((_, i) => i));
    }), { numRuns: 500 });
  });
});
