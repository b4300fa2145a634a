import { describe, expect, it } from 'vitest';
import type { EssItem } from '../../model';
import { essItemFromText, formatEssItem, makeEssItem, parseEss, serialiseEss, type EssItemInput } from '../../formats/ess';
import { matchItem, orderItems } from '../../evaluation/match-item';
import { evaluateEssentialStates } from '../../evaluation/sequencer';
import { createMatchServices } from '../../evaluation/services';
import type { ExecStepInput, GtStateInput, TraceInput } from '../../evaluation/types';
import { resolveEssItems } from '../../geometry/ess-targets';
import { PRIMITIVE_LIST, PRIMITIVE_REGISTRY, PRIMITIVES, createPrimitiveRegistry, type PrimitiveTable } from '.';
import { probe, withProbe, type ProbeItem } from './testing/probe-primitive';


const screen = { width: 1080, height: 2400 };
const step = (index: number, activity: string): ExecStepInput => ({ index, activity, action: { kind: 'back', screen } });

describe('a throw-away primitive needs only its spec and one index entry', () => {
  it('parses and formats in .ess (all its keywords), byte-exact, with the shared formatter', () => {
    const line = 'activity<0>|probe<Main>| probe_alias<Settings>';
    const r = parseEss(line, 'x.ess', withProbe);
    if (!r.ok) throw new Error(r.problems[0].message);
    expect(r.value.items.map((i) => i.kind)).toEqual(['activity', 'probe', 'probe']);
    expect((r.value.items[2] as unknown as ProbeItem).word).toBe('Settings');
    expect(serialiseEss(r.value, withProbe)).toBe(line);
    const made = makeEssItem({ kind: 'probe', word: 'Home' } as unknown as EssItemInput, withProbe);
    expect(made.raw).toBe('probe<Home>');
    expect(serialiseEss({ ...r.value, items: [...r.value.items, made] }, withProbe)).toBe('activity<0>|probe<Main>|probe_alias<Settings>|probe<Home>');
    expect(essItemFromText('probe' as EssItem['kind'], 'a|b', withProbe)).toBeNull();
    expect(essItemFromText('probe' as EssItem['kind'], 'Wifi', withProbe)).toBe('probe<Wifi>');
    const bad = parseEss('probe<>', 'x.ess', withProbe);
    expect(bad.ok === false && bad.problems[0].message).toMatch(/column 1: probe<> needs a word/);
  });

  it('is unknown to the production table (the index entry is what adds it)', () => {
    const r = parseEss('probe<Main>', 'x.ess');
    expect(r.ok === false && r.problems[0].message).toMatch(/unknown keyword 'probe'/);
    expect(() => formatEssItem({ kind: 'probe', word: 'x' } as unknown as EssItemInput)).toThrow(/Unknown \.ess item kind 'probe'/);
  });

  it('is matched through the dispatch, ordered by its rank, and evaluated by the sequencer', () => {
    const r = parseEss('exact<0>|probe<Main>|activity<0>', 'x.ess', withProbe);
    if (!r.ok) throw new Error('parse');
    const gt: GtStateInput = { step: 0, ess: r.value, components: [{ id: 0, class: 'android.widget.TextView', text: 'Wi-Fi', 'content-desc': '', bounds: '[0,0][9,9]' }] as never, activity: 'p/.MainActivity' };
    const svc = createMatchServices();
    const trace: TraceInput = { episode: 'e', problems: [], steps: [step(0, 'p/.Other'), step(1, 'p/.MainActivity')] };
    const probeItem = r.value.items[1]!;
    expect(matchItem(probeItem, gt, trace.steps[0]!, trace, svc, withProbe)).toMatchObject({ status: 'fail', kind: 'probe' });
    expect(matchItem(probeItem, gt, trace.steps[1]!, trace, svc, withProbe)).toMatchObject({ status: 'pass', sentence: 'p/.MainActivity has Main.' });
    // Without the entry, the production dispatch names the unknown kind instead of throwing.
    expect(matchItem(probeItem, gt, trace.steps[1]!, trace, svc)).toMatchObject({ status: 'error', sentence: expect.stringMatching(/no primitive 'probe'/) });
    expect(orderItems(r.value.items, 'fixed', gt, withProbe).map((i) => i.raw)).toEqual(['activity<0>', 'probe<Main>', 'exact<0>']);
    expect(orderItems(r.value.items, 'legacy', gt, withProbe).map((i) => i.raw)).toEqual(['activity<0>', 'exact<0>', 'probe<Main>']);
    expect(withProbe.needs(r.value.items, 'hierarchy')).toBe(true);
    expect(withProbe.needs([probeItem], 'ocr')).toBe(false);
    const noExact = parseEss('probe<Main>|activity<0>', 'x.ess', withProbe);
    if (!noExact.ok) throw new Error('parse');
    const verdict = evaluateEssentialStates([{ ...gt, ess: noExact.value }], trace, svc, { final: 'none', registry: withProbe });
    expect(verdict.completed).toBe(true);
    expect(verdict.states[0]).toMatchObject({ matched: true, execStep: 1 });
  });

  it('is described on the step view with its own sentence and content', () => {
    const r = parseEss('probe<Main>', 'x.ess', withProbe);
    if (!r.ok) throw new Error('parse');
    expect(resolveEssItems(r.value, [], undefined, withProbe)).toEqual([{ index: 0, keyword: 'probe', raw: 'probe<Main>', target: 'Main', sentence: 'The activity name contains “Main”.', componentIds: [] }]);
  });

  it('brings its one-key add into the registry, in button order', () => {
    expect(withProbe.adds.map((a) => a.key)).toEqual(['e', 'f', 'x', 'c', 'a', 's', 'q', 't', 'm', 'p', 'u']);
    expect(PRIMITIVE_REGISTRY.adds.map((a) => a.key)).toEqual(['e', 'f', 'x', 'c', 'a', 's', 't', 'm', 'p', 'u']);
  });
});

describe('the registry refuses a table that cannot work', () => {
  it.each([
    ['a kind given twice', [...PRIMITIVE_LIST, { ...probe, kind: 'exact', keywords: ['probe'], ui: { ...probe.ui, adds: [] } }], /Two primitives have the kind 'exact'/],
    ['a keyword claimed twice', [...PRIMITIVE_LIST, { ...probe, keywords: ['probe', 'check_install'] }], /'check_install' is claimed by both 'installed' and 'probe'/],
    ['a key claimed twice', [...PRIMITIVE_LIST, { ...probe, ui: { ...probe.ui, adds: [{ ...probe.ui.adds[0]!, key: 'e' }] } }], /key 'e' is claimed by both 'exact' and 'probe'/],
    ['a keyword the parser cannot read', [...PRIMITIVE_LIST, { ...probe, keywords: ['pro-be'] }], /must be letters and underscores/],
  ])('%s', (_name, list, message) => {
    expect(() => createPrimitiveRegistry(list)).toThrow(message);
  });

  it('the production table names every EssItem kind once (checked by the compiler too)', () => {
    // @ts-expect-error a table missing kinds is not a PrimitiveTable
    const partial: PrimitiveTable = { activity: PRIMITIVES.activity };
    expect(Object.keys(partial)).toEqual(['activity']);
    expect(PRIMITIVE_LIST.map((p) => p.kind)).toEqual(Object.keys(PRIMITIVES));
  });
});

describe('the production primitives', () => {
  // One item of every kind and spelling: format parses back to the same item, byte for byte.
  const samples: EssItemInput[] = [
    { kind: 'activity' }, { kind: 'exact', target: { index: 3 } }, { kind: 'exact', target: { xpath: '//*[@text="a>|b<"]' } },
    { kind: 'exclude', target: { index: 0 } }, { kind: 'click', target: { xpath: '(//*[@clickable="true"])[2]' } },
    { kind: 'fuzzy', target: { index: 12 } }, { kind: 'fuzzy', target: { screen: true } }, { kind: 'fuzzy', target: { legacy: -2 } },
    { kind: 'type', text: 'Good Burger, Place' }, { kind: 'ocr', text: 'Order placed' },
    { kind: 'installed', app: 'YouTube Kids', spelling: 'check_install' }, { kind: 'installed', app: 'Calculator', spelling: 'installed' },
    { kind: 'installed', app: 'com.duolingo', spelling: 'install' }, { kind: 'uninstalled', app: 'Duolingo', spelling: 'uninstalled' },
    { kind: 'uninstalled', app: 'Microsoft Excel', spelling: 'check_uninstall' },
  ];
  it.each(samples.map((s) => [formatEssItem(s), s] as const))('%s round-trips through parse', (spelled, item) => {
    const r = parseEss(spelled, 'x.ess');
    if (!r.ok) throw new Error(r.problems[0].message);
    expect(r.value.items).toEqual([{ ...item, raw: spelled }]);
  });

  it('apply the one reserved-character rule to free text', () => {
    expect(essItemFromText('type', 'a<b')).toBeNull();
    expect(essItemFromText('type', ' two  spaces ')).toBe('type< two  spaces >');
    expect(essItemFromText('ocr', 'Total | 5 > 3')).toBe('ocr<Total 5 3>');
    expect(essItemFromText('ocr', '<|>')).toBeNull();
    expect(essItemFromText('installed', '  YouTube ')).toBe('check_install<YouTube>');
    expect(essItemFromText('uninstalled', 'a|b')).toBeNull();
    expect(essItemFromText('activity', 'x')).toBeNull();
  });

  it('keep the evaluation orders (fixed: strings, icons in line order, models; legacy: upstream)', () => {
    const r = parseEss('ocr<x>|fuzzy<-1>|exclude<1>|exact<1>|exact<0>|uninstalled<A>|check_install<A>|click<0>|type<t>|activity<0>', 'x.ess');
    if (!r.ok) throw new Error('parse');
    const icon = { id: 1, class: 'android.widget.ImageView', text: '', 'content-desc': '', bounds: '[0,0][10,10]' };
    const label = { id: 0, class: 'android.widget.TextView', text: 'Wi-Fi', 'content-desc': '', bounds: '[0,20][10,30]' };
    const gt: GtStateInput = { step: 0, ess: r.value, components: [label, icon] as never };
    expect(orderItems(r.value.items, 'fixed', gt).map((i) => i.raw)).toEqual(['activity<0>', 'type<t>', 'click<0>', 'check_install<A>', 'uninstalled<A>', 'exact<0>', 'exclude<1>', 'exact<1>', 'fuzzy<-1>', 'ocr<x>']);
    expect(orderItems(r.value.items, 'fixed').map((i) => i.raw)).toEqual(['activity<0>', 'type<t>', 'click<0>', 'check_install<A>', 'uninstalled<A>', 'exact<1>', 'exact<0>', 'exclude<1>', 'fuzzy<-1>', 'ocr<x>']);
    expect(orderItems(r.value.items, 'legacy', gt).map((i) => i.raw)).toEqual(['fuzzy<-1>', 'activity<0>', 'exact<1>', 'exact<0>', 'exclude<1>', 'type<t>', 'click<0>', 'check_install<A>', 'uninstalled<A>', 'ocr<x>']);
    expect(r.value.items.filter((i) => PRIMITIVE_REGISTRY.isCostly(i, gt)).map((i) => i.raw)).toEqual(['ocr<x>', 'fuzzy<-1>', 'exclude<1>', 'exact<1>']);
  });

  it('say which inputs an episode needs', () => {
    const need = (line: string, input: Parameters<typeof PRIMITIVE_REGISTRY.needs>[1]) => {
      const r = parseEss(line, 'x.ess');
      if (!r.ok) throw new Error('parse');
      return PRIMITIVE_REGISTRY.needs(r.value.items, input);
    };
    expect(need('activity<0>|exact<1>', 'ocr')).toBe(false);
    expect(need('activity<0>|ocr<Done>', 'ocr')).toBe(true);
    expect(need('fuzzy<-1>', 'embeddings')).toBe(true);
    expect(need('check_install<A>', 'appTable')).toBe(true);
    expect(need('type<x>|click<0>', 'embeddings')).toBe(false);
  });
});
