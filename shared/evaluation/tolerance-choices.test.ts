import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEss } from '../formats/ess';
import { numberComponents } from '../formats/number-components';
import { evaluateEssentialStates } from './sequencer';
import { createMatchServices } from './services';
import { mustParseXml } from './test-fixtures';
import { distinguishingAttributes, toleranceChoices, verdictsPerChoice } from './tolerance-choices';
import type { GtStateInput, TraceInput } from './types';

// Real screens read in place (../shared/fixtures/uiautomator); a "second recording" is the same dump
// with one dynamic text or one flag changed, as in match-tolerant.test.ts.
const DIR = path.resolve(import.meta.dirname, '../../../shared/fixtures/uiautomator');
const CLOCK = 'kram1k+android_avito_parsing__search_hierarchy.xml';
const PRICE = 'kram1k+android_avito_parsing__hierarchy__item_page.xml';
const RADIO = 'Ferruolo+chaos-monkey-ai__window_dump__permission_dialog.xml';
const OTHER_CLOCK = 'NikDzub+tk23__hierarchy.xml';

const read = (f: string) => readFileSync(path.join(DIR, f), 'utf8');
const one = (xml: string, f: string): TraceInput => ({ episode: f, steps: [{ index: 0, hierarchy: mustParseXml(xml, f), action: { kind: 'none' } }], problems: [] });

function gtOn(file: string, pick: (c: ReturnType<typeof numberComponents>[number]) => boolean) {
  const vh = mustParseXml(read(file), file);
  const components = numberComponents(vh);
  const n = components.findIndex(pick);
  expect(n).toBeGreaterThanOrEqual(0);
  const parsed = parseEss(`exact<${n}>`, '0.ess');
  if (!parsed.ok) throw new Error(parsed.problems[0]!.message);
  const states: GtStateInput[] = [{ step: 0, ess: parsed.value, components, hierarchy: vh }];
  return { n, states, components };
}

const judge = (states: GtStateInput[], t: TraceInput) => {
  const r = evaluateEssentialStates(states, t, createMatchServices({ mode: 'fixed' }), { final: 'none' });
  return { passed: r.completed };
};
const table = (rows: Awaited<ReturnType<typeof verdictsPerChoice>>) => Object.fromEntries(rows.map((r) => [r.line, Object.fromEntries(Object.entries(r.verdicts).map(([k, v]) => [k, v.passed]))]));

describe.skipIf(!existsSync(DIR))('the live check\'s tolerance choices for an exact item, on real screens (fixtures absent -> skipped)', () => {
  it('a status-bar clock: exact, text and exact_on with the text fail a second recording at 17:58; the regex and exact_on<resource-id> pass it but also pass another app\'s screen (too weak)', async () => {
    const { n, states } = gtOn(CLOCK, (c) => c['resource-id'] === 'com.android.systemui:id/clock');
    const xml = read(CLOCK);
    const traces = {
      own: one(xml, CLOCK),
      second: one(xml.replace('text="17:52" resource-id="com.android.systemui:id/clock"', 'text="17:58" resource-id="com.android.systemui:id/clock"'), CLOCK),
      noop: one(read(OTHER_CLOCK), OTHER_CLOCK),
    };
    const rows = await verdictsPerChoice(states, 0, 0, traces, judge);
    expect(table(rows)).toEqual({
      [`exact<${n}>`]: { own: true, second: false, noop: false },
      [`text<${n}>`]: { own: true, second: false, noop: false },
      [`regex<${n}:\\d{1,3}:\\d{1,3}>`]: { own: true, second: true, noop: true },
      [`exact_on<${n}:resource-id>`]: { own: true, second: true, noop: true },
    });
    expect(rows.map((r) => r.choice)).toEqual(['exact', 'text', 'regex', 'exact_on']);
  });

  it('a radio button: text<n> also accepts the dialog before Precise was chosen (too weak); exact and exact_on<n:text,resource-id,checked> reject it', async () => {
    const { n, states, components } = gtOn(RADIO, (c) => c.text === 'Precise');
    // Its look-alike is the Approximate radio button: they differ on text, id and the checked flag.
    expect(distinguishingAttributes(components, n)).toEqual(['text', 'resource-id', 'checked']);
    const xml = read(RADIO);
    const cut = xml.replace(/(text="Precise"[^>]*?)checked="true"/, '$1checked="false"');
    expect(cut).not.toBe(xml);
    const rows = await verdictsPerChoice(states, 0, 0, { own: one(xml, RADIO), cut: one(cut, RADIO), noop: one(read(PRICE), PRICE) }, judge);
    expect(table(rows)).toEqual({
      [`exact<${n}>`]: { own: true, cut: false, noop: false },
      [`text<${n}>`]: { own: true, cut: true, noop: false },
      [`exact_on<${n}:text,resource-id,checked>`]: { own: true, cut: false, noop: false },
    });
  });

  it('a tolerant form already chosen offers the same list, exact first; items other than exact and its forms on a component number have none', () => {
    const { n, components } = gtOn(RADIO, (c) => c.text === 'Precise');
    const chosen = parseEss(`text<${n}>`, 'x.ess');
    if (!chosen.ok) throw new Error('parse');
    expect(toleranceChoices(chosen.value.items[0]!, components).map((c) => c.line)).toEqual([`exact<${n}>`, `text<${n}>`, `exact_on<${n}:text,resource-id,checked>`]);
    const p = parseEss('fuzzy<2>|exact<//node[@text="Precise"]>', 'x.ess');
    if (!p.ok) throw new Error('parse');
    for (const it of p.value.items) expect(toleranceChoices(it, components)).toEqual([]);
  });
});
