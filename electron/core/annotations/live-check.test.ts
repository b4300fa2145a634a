import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { liveCheck } from './live-check';
import { ScreenTextService } from './screen-text';

const TRACE_18 = resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'fixtures', 'llamatouch', 'episodes', 'trace_18');
const have = existsSync(TRACE_18);

describe.skipIf(!have)(`live checks of trace_18's annotation with the evaluator's matchers${have ? '' : ' (skipped: ../shared/fixtures is absent)'}`, () => {
  let root: string;
  const ep = () => join(root, 'trace_18');

  beforeAll(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), 'touchstone-live-')));
    cpSync(TRACE_18, ep(), { recursive: true });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('the recorded annotation passes its own recording and fails the cut and no-op traces: no warning', async () => {
    const r = await liveCheck(root, 'trace_18');
    expect(r).toMatchObject({ states: 1, own: { passed: true, steps: 5 }, cut: { passed: false, steps: 2 }, noop: { passed: false, steps: 1 } });
    expect(r.warnings).toEqual([]);
  });

  it('an annotation that already holds on the first screen is accepted by a trace that did nothing: warned', async () => {
    rmSync(join(ep(), '2.ess'));
    writeFileSync(join(ep(), '0.ess'), 'activity<0>\n');
    const r = await liveCheck(root, 'trace_18');
    expect(r).toMatchObject({ states: 1, own: { passed: true }, cut: null, noop: { passed: true } });
    expect(r.warnings.map((w) => w.kind)).toEqual(['noop-passes']);
  });

  it('a last state that already holds a step earlier lets the cut trace pass; a state the recording never shows fails it', async () => {
    rmSync(join(ep(), '0.ess'));
    writeFileSync(join(ep(), '3.ess'), 'activity<0>\n'); // steps 2 and 3 are both Duolingo's LoginActivity
    const r = await liveCheck(root, 'trace_18');
    expect(r).toMatchObject({ own: { passed: true }, cut: { passed: true, steps: 3 }, noop: { passed: false } });
    expect(r.warnings.map((w) => [w.kind, w.step])).toEqual([['cut-passes', 3]]);
    rmSync(join(ep(), '3.ess'));

    // A click on step 2 that its own tap misses can never match: the own recording fails.
    writeFileSync(join(ep(), '2.ess'), 'click<0>\n');
    const bad = await liveCheck(root, 'trace_18');
    expect(bad.own?.passed).toBe(false);
    expect(bad.warnings.map((w) => w.kind)).toEqual(['own-fails', 'state-unmatched']);
    expect(bad.warnings[1]).toMatchObject({ step: 2 });
  });

  it('warns about exact items on text that changes between recordings (a clock)', async () => {
    // Component 1 of step 2 made a clock, as status bars and chat screens show.
    const comps = JSON.parse(readFileSync(join(ep(), '2.json'), 'utf8')) as Array<{ text: string }>;
    comps[1].text = '8:48';
    writeFileSync(join(ep(), '2.json'), JSON.stringify(comps));
    writeFileSync(join(ep(), '2.ess'), 'activity<0>|exact<1>|exact<2>\n');
    const r = await liveCheck(root, 'trace_18');
    expect(r.warnings.filter((w) => w.kind === 'dynamic-exact')).toEqual([
      { kind: 'dynamic-exact', step: 2, item: 'exact<1>', message: expect.stringContaining('"8:48", which changes from run to run. Use regex<1:\\d{1,2}:\\d{1,3}> (same component, any digits)') },
    ]);
  });

  it('checks ocr<text> items with the real OCR of the steps, and install checks with the app table and the recording\'s apps', async () => {
    rmSync(join(ep(), '2.ess'));
    writeFileSync(join(ep(), '4.ess'), 'ocr<CHECK>|check_install<Duolingo>\n');
    const texts = new ScreenTextService(join(root, 'ocr-cache'));
    // No installed-apps list in the recording: the install check cannot hold, and says which file is missing.
    const none = await liveCheck(root, 'trace_18', { ocr: async () => texts.asOcr() });
    expect(none.own?.passed).toBe(false);
    expect(none.own?.reason).toMatch(/installed_apps\.txt/);
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(ep(), 'installed_apps'));
    writeFileSync(join(ep(), 'installed_apps', 'installed_apps.txt'), 'package:com.duolingo\npackage:com.android.settings\n');
    const r = await liveCheck(root, 'trace_18', { ocr: async () => texts.asOcr() });
    expect(r.own).toMatchObject({ passed: true });
    // "CHECK" is only on the last screen: a trace that did nothing fails.
    expect(r.noop?.passed).toBe(false);
    // Text that is not on the screen can never match.
    writeFileSync(join(ep(), '4.ess'), 'ocr<Bonjour tout le monde>\n');
    expect((await liveCheck(root, 'trace_18', { ocr: async () => texts.asOcr() })).own?.passed).toBe(false);
    rmSync(join(ep(), '4.ess'));
  }, 300_000);
});

describe.skipIf(!have)(`suggested essential states of trace_18${have ? '' : ' (skipped: ../shared/fixtures is absent)'}`, () => {
  it('proposes the tap targets that change the screen (step 2: the very component the annotators clicked), the final activity and texts', async () => {
    const { suggestEssentialStates } = await import('./suggest');
    const { resolveEssItems } = await import('../../../shared/geometry/ess-targets');
    const { parseEss } = await import('../../../shared/formats/ess');
    const { parseUiautomatorXml } = await import('../../../shared/formats/parse-uiautomator-xml');
    const root = resolve(TRACE_18, '..');
    const s = await suggestEssentialStates(root, 'trace_18');
    // The annotators' click<xpath> of 2.ess, resolved on step 2's own hierarchy.
    const ess = parseEss(readFileSync(join(TRACE_18, '2.ess'), 'utf8'), '2.ess');
    const vh = parseUiautomatorXml(readFileSync(join(TRACE_18, '2.xml'), 'utf8'), '2.xml');
    if (!ess.ok || !vh.ok) throw new Error('fixture does not parse');
    const comps = JSON.parse(readFileSync(join(TRACE_18, '2.json'), 'utf8'));
    const click = resolveEssItems(ess.value, comps, vh.value).find((i) => i.keyword === 'click')!;
    expect(s.filter((x) => x.step === 2).map((x) => x.item)).toContain(`click<${click.componentIds[0]}>`);
    const final = s.filter((x) => x.step === 4);
    expect(final.map((x) => x.item)).toContain('activity<0>');
    const texts = final.filter((x) => x.item !== 'activity<0>');
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.every((x) => /^(exact|fuzzy)<\d+>$/.test(x.item))).toBe(true);
    // Each proposed text is one no earlier screen shows.
    const comps4 = JSON.parse(readFileSync(join(TRACE_18, '4.json'), 'utf8')) as Array<{ text: string }>;
    const earlier = new Set([0, 1, 2, 3].flatMap((i) => (JSON.parse(readFileSync(join(TRACE_18, `${i}.json`), 'utf8')) as Array<{ text: string }>).map((c) => c.text)));
    for (const t of texts) expect(earlier.has(comps4[Number(/\d+/.exec(t.item)![0])].text)).toBe(false);
    // How much of the recorded annotation the suggestions cover (printed for the report).
    const kept = ess.value.items.filter((i) => s.some((x) => x.step === 2 && (x.item === i.raw || (i.kind === 'click' && x.item === `click<${click.componentIds[0]}>`) || (i.kind === 'activity' && x.item === 'activity<0>'))));
    console.log(`trace_18: ${s.length} suggestions; the recorded 2.ess has ${ess.value.items.length} items, ${kept.length} of them suggested on its step`);
  });
});
