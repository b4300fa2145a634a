import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { GtAction, NumberedComponent, Parsed, ViewHierarchy } from '../model';
import { containsPoint, parseBounds } from '../formats/bounds';
import { parseComponentsJson } from '../formats/components-json';
import { parseEss } from '../formats/ess';
import { parseEventStructs } from '../formats/event-structs';
import { parseDroidbotVh } from '../formats/parse-droidbot-vh';
import { parseUiautomatorXml } from '../formats/parse-uiautomator-xml';
import { resolveXpath } from '../formats/xpath';
import { actionMark, scalePoint } from './action-mark';
import { boxesOf, componentAt } from './component-at';
import { componentsForNode, resolveEssItems } from './ess-targets';

const TRACE_18 = resolve(import.meta.dirname, '..', '..', '..', 'shared', 'fixtures', 'llamatouch', 'episodes', 'trace_18');
const have = existsSync(TRACE_18);
const SCREEN = { width: 1080, height: 2400 };
const read = (f: string): string => readFileSync(resolve(TRACE_18, f), 'utf8');
const ok = <T>(r: Parsed<T>): T => {
  if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('; '));
  return r.value;
};

describe('scalePoint / actionMark', () => {
  it.each([
    { p: { x: 0, y: 0 }, rec: { width: 320, height: 720 }, to: { x: 0, y: 0 } },
    { p: { x: 320, y: 720 }, rec: { width: 320, height: 720 }, to: { x: 1080, y: 2400 } },
    { p: { x: 160, y: 360 }, rec: { width: 320, height: 720 }, to: { x: 540, y: 1200 } },
    { p: { x: 540, y: 1200 }, rec: { width: 1080, height: 2400 }, to: { x: 540, y: 1200 } },
  ])('($p.x,$p.y) at $rec.width x $rec.height -> ($to.x,$to.y) on 1080x2400', ({ p, rec, to }) => {
    expect(scalePoint(p, rec, SCREEN)).toEqual(to);
  });

  const res = { width: 320, height: 720 };
  it.each<{ a: GtAction | undefined; mark: ReturnType<typeof actionMark> }>([
    { a: undefined, mark: null },
    { a: { kind: 'long-click', resolution: res, at: { x: 32, y: 72 } }, mark: { kind: 'tap', long: true, at: { x: 108, y: 240 } } },
    { a: { kind: 'swipe', resolution: res, from: { x: 160, y: 600 }, to: { x: 160, y: 120 } }, mark: { kind: 'arrow', drag: false, from: { x: 540, y: 2000 }, to: { x: 540, y: 400 } } },
    { a: { kind: 'drag', resolution: res, from: { x: 0, y: 0 }, to: { x: 32, y: 0 } }, mark: { kind: 'arrow', drag: true, from: { x: 0, y: 0 }, to: { x: 108, y: 0 } } },
    { a: { kind: 'input', text: 'bestbuy.com' }, mark: { kind: 'chip', label: 'Type "bestbuy.com"' } },
    { a: { kind: 'back' }, mark: { kind: 'chip', label: 'Back' } },
    { a: { kind: 'home' }, mark: { kind: 'chip', label: 'Home' } },
  ])('$a.kind', ({ a, mark }) => {
    expect(actionMark(a, SCREEN)).toEqual(mark);
  });
});

describe.skipIf(!have)(`trace_18: recorded taps on the 1080x2400 screens${have ? '' : ' (skipped: ../shared/fixtures is absent)'}`, () => {
  const actions = have ? ok(parseEventStructs(read('eventStructs.txt'), 'eventStructs.txt')) : [];
  const components = (step: number): NumberedComponent[] => ok(parseComponentsJson(read(`${step}.json`), `${step}.json`));
  const hierarchies: Array<{ source: string; vh: () => ViewHierarchy }> = [
    { source: '2.vh', vh: () => ok(parseDroidbotVh(read('2.vh'), '2.vh')) },
    { source: '2.xml', vh: () => ok(parseUiautomatorXml(read('2.xml'), '2.xml')) },
  ];

  it.each([1, 2, 3])('step %i: the recorded 320x720 tap lands on a numbered component of its 1080x2400 screen', (step) => {
    const mark = actionMark(actions[step], SCREEN);
    if (mark?.kind !== 'tap') throw new Error(`step ${step} is not a tap: ${JSON.stringify(actions[step])}`);
    expect(mark.at.x).toBeGreaterThan(0);
    expect(mark.at.x).toBeLessThan(SCREEN.width);
    const id = componentAt(boxesOf(components(step)), mark.at);
    expect(id).not.toBeNull();
  });

  it.each(hierarchies)('step 2 ($source): the tap is inside the component that 2.ess\'s xpath click names', ({ vh }) => {
    const ess = ok(parseEss(read('2.ess'), '2.ess'));
    const click = ess.items.find((i) => i.kind === 'click');
    if (click?.kind !== 'click' || !('xpath' in click.target)) throw new Error('2.ess has no xpath click');
    const h = vh();
    const nodes = resolveXpath(h, click.target.xpath);
    expect(nodes).toHaveLength(1);
    const comps = components(2);
    const ids = componentsForNode(nodes[0], comps);
    expect(ids).toHaveLength(1);
    const mark = actionMark(actions[2], SCREEN);
    if (mark?.kind !== 'tap') throw new Error('step 2 is not a tap');
    expect(containsPoint(parseBounds(comps[ids[0]].bounds)!, mark.at)).toBe(true);
    // The hit test picks that same component (the innermost box under the tap).
    expect(componentAt(boxesOf(comps), mark.at)).toBe(ids[0]);

    const views = resolveEssItems(ess, comps, h);
    expect(views.map((v) => [v.keyword, v.primitive, v.componentIds])).toEqual([
      ['activity', undefined, []],
      ['exact', 'exact', [comps[1].id]],
      ['click', 'click', ids],
    ]);
    expect(views.every((v) => v.problem === undefined)).toBe(true);
  });

  it('names what cannot be resolved: an index past the list, an xpath with no node, no hierarchy', () => {
    const comps = components(2);
    const ess = ok(parseEss(`exact<${comps.length}>|exclude<//*[@text="Nowhere"]>|fuzzy<//*[@text="x"]>|fuzzy<-1>|check_install<Duolingo>`, 'x.ess'));
    const views = resolveEssItems(ess, comps, hierarchies[0].vh());
    expect(views.map((v) => v.componentIds)).toEqual([[], [], [], [], []]);
    expect(views[0].problem).toContain('points past the component list');
    expect(views[1].problem).toContain('matches no node');
    expect(views[3]).toMatchObject({ keyword: 'fuzzy', target: null });
    expect(views[3].primitive).toBeUndefined();
    expect(views[4]).toMatchObject({ keyword: 'installed', target: 'Duolingo' });
    expect(resolveEssItems(ess, comps)[1].problem).toContain('no readable hierarchy');
  });
});
