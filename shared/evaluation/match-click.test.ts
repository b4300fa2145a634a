import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEss } from '../formats/ess';
import { createMatchServices } from './services';
import { matchClick } from './match-click';
import { mustParseXml } from './test-fixtures';
import { numberComponents } from '../formats/number-components';
import type { EssentialState } from '../model';
import type { ExecStepInput, GtStateInput } from './types';

const FIX = path.resolve(import.meta.dirname, '../../../shared/fixtures/llamatouch/evaluator-tests/click_test_case/case1');

function ess(line: string): EssentialState {
  const r = parseEss(line, 'inline.ess');
  if (!r.ok) throw new Error('bad ess');
  return r.value;
}

describe.skipIf(!existsSync(FIX))('click matcher on the real Google Maps "Done" dialog (fixtures: ../shared/fixtures absent → skipped)', () => {
  const vh = mustParseXml(readFileSync(path.join(FIX, '10.xml'), 'utf8'), '10.xml');
  const state = ess('click<//*[@text="Done"]>');
  const gt: GtStateInput = { step: 10, ess: state, components: [], hierarchy: vh };
  const item = state.items[0]!;
  if (item.kind !== 'click') throw new Error('expected click item');
  const exec = (x: number, y: number): ExecStepInput => ({ index: 0, hierarchy: vh, action: { kind: 'click', at: { x, y }, screen: { width: 1080, height: 1918 } } });

  it.each([
    { x: 0.5, y: 0.55, status: 'pass' },
    { x: 0.5, y: 0.5, status: 'fail' },
    { x: 0.1, y: 0.55, status: 'fail' },
  ])('tap at ($x, $y) -> $status', ({ x, y, status }) => {
    const v = matchClick(item.raw, item.target, gt, exec(x, y), createMatchServices());
    expect(v.status).toBe(status);
    expect(v.evidence.candidate?.text).toBe('Done');
    expect(v.sentence).toContain('found by xpath');
  });

  it('a swipe is not a click', () => {
    const v = matchClick(item.raw, item.target, gt, { index: 3, hierarchy: vh, action: { kind: 'swipe', from: { x: 0.5, y: 0.55 }, to: { x: 0.5, y: 0.2 }, screen: { width: 1080, height: 1918 } } }, createMatchServices());
    expect(v.status).toBe('fail');
    expect(v.sentence).toMatch(/swipe, not a tap/);
  });

  it('anchors on text when the xpath finds nothing (fixed) but errors like upstream in legacy', () => {
    const moved = ess('click<//android.widget.Button[@text="Done"]>');
    const it0 = moved.items[0]!;
    if (it0.kind !== 'click') throw new Error('expected click');
    // The gt hierarchy resolves nothing either, so fixed mode reports a clean failure with a reason.
    const fixed = matchClick(it0.raw, it0.target, { ...gt, ess: moved }, exec(0.5, 0.55), createMatchServices());
    expect(fixed.status).toBe('fail');
    const legacy = matchClick(it0.raw, it0.target, { ...gt, ess: moved }, exec(0.5, 0.55), createMatchServices({ mode: 'legacy' }));
    expect(legacy.status).toBe('error');
  });

  it('click<n> without xpath finds its counterpart by anchoring (text, class, position), also after the node moved', () => {
    const components = numberComponents(vh, { xpath: false });
    const n = components.findIndex((c) => c.text === 'Done');
    expect(n).toBeGreaterThanOrEqual(0);
    const byIndex = ess(`click<${n}>`);
    const item0 = byIndex.items[0]!;
    if (item0.kind !== 'click') throw new Error('expected click');
    const gtN: GtStateInput = { step: 10, ess: byIndex, components, hierarchy: vh, screenSize: { width: 1080, height: 1918 } };
    const same = matchClick(item0.raw, item0.target, gtN, exec(0.5, 0.55), createMatchServices());
    expect([same.status, same.evidence.candidate?.text]).toEqual(['pass', 'Done']);
    expect(same.sentence).toContain('found by anchor');
    expect(matchClick(item0.raw, item0.target, gtN, exec(0.5, 0.5), createMatchServices()).status).toBe('fail');
    // The execution screen shows the dialog 200 px lower: the tap must follow the node, not the old place.
    const moved = mustParseXml(readFileSync(path.join(FIX, '10.xml'), 'utf8'), '10.xml');
    for (const node of moved.nodes) if (node.bounds && node.bounds.y1 > 600) node.bounds = { ...node.bounds, y1: node.bounds.y1 + 200, y2: node.bounds.y2 + 200 };
    const execMoved = (x: number, y: number): ExecStepInput => ({ ...exec(x, y), hierarchy: moved });
    const done = moved.nodes.find((x) => x.text === 'Done')!.bounds!;
    const newY = (done.y1 + done.y2) / 2 / 1918;
    expect(matchClick(item0.raw, item0.target, gtN, execMoved(0.5, newY), createMatchServices()).status).toBe('pass');
    const old = matchClick(item0.raw, item0.target, gtN, execMoved(0.5, 0.55), createMatchServices());
    expect(old.status).toBe('fail');
    expect(old.sentence).toMatch(/is outside .*Done/);
  });
});
