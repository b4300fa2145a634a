import { describe, it, expect, afterAll } from 'vitest';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { EvalMode } from '../../../shared/evaluation/types';
import type { FinalConvention } from '../../../shared/evaluation/final-state';
import { EpisodeEvaluator, type EpisodeOutcome } from './episode-evaluator';
import { buildTrace, type BuiltStep } from './testing/build-trace';
import { datasetWithEss, tempDir, TRACE_18 } from './testing/temp-dataset';
import { bagOfWordsLookup } from './testing/bag-of-words';
import { buildDroidbotTrace } from './testing/build-droidbot-trace';

const ORIGINAL_ESS = 'activity<0>|exact<1>|click<//*[@resource-id="com.duolingo:id/path"]/android.view.ViewGroup[2]/android.widget.LinearLayout[1]/android.widget.ImageView[1]>';
/** Legacy runs drop the click: upstream reads click<...> as a node number and raised on this xpath (legacy-upstream.test.ts). */
const LEGACY_ESS = 'activity<0>|exact<1>';
const tmp = tempDir();
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

let n = 0;
/** Evaluates a trace built from trace_18's real screens against a copy of trace_18 with the given annotations. */
async function evaluate(ess: Record<number, string>, steps: (number | BuiltStep)[], o: { mode?: EvalMode; apps?: string[]; hierarchy?: 'json' | 'xml'; final?: FinalConvention } = {}): Promise<EpisodeOutcome> {
  const { root, episodeDir } = datasetWithEss(tmp, ess);
  const dir = buildTrace(episodeDir, path.join(tmp, `trace-${n++}`), steps.map((s) => (typeof s === 'number' ? { screen: s } : s)), o.apps);
  const ev = new EpisodeEvaluator({ methods: ['essential', 'stepwise', 'lcs'], mode: o.mode ?? 'fixed', hierarchy: o.hierarchy, final: o.final, appPackages: { duolingo: 'com.duolingo', 'microsoft authenticator': 'com.azure.authenticator' } }, bagOfWordsLookup());
  return ev.evaluate({ datasetRoot: root, relPath: 'trace_18', episode: '18', category: 'general', nsteps: 5, trace: { episode: '18', dir, layout: 'llamatouch', via: 'test' } });
}

const TAP_SOMEWHERE = { kind: 'click' as const, at: { x: 0.5, y: 0.9 }, screen: { width: 1080, height: 2400 } };

describe.skipIf(!existsSync(TRACE_18))('essential-state scenarios on trace_18 real screens (../shared/fixtures absent → skipped)', () => {
  it('its own steps complete: the xpath-valued click resolves on the execution screen', async () => {
    const o = await evaluate({ 2: ORIGINAL_ESS }, [0, 1, 2, 3, 4]);
    expect(o.essential?.completed).toBe(true);
    expect(o.essential?.states[0]?.execStep).toBe(2);
    const click = o.essential?.states[0]?.items.find((i) => i.kind === 'click');
    expect(click?.status).toBe('pass');
    expect(click?.sentence).toContain('found by xpath');
    expect(o.essential?.states[1]).toMatchObject({ implicit: 'complete', matched: true, execStep: 4 });
    expect(o.essential?.progress).toBe(1);
    expect(o.stepwise?.completed).toBe(true);
    expect(o.lcs?.completed).toBe(true);
  });

  it('an essential-state file that cannot be read keeps the episode from completing, naming the file and line (in both modes)', async () => {
    // Step 4's state is malformed; the trace satisfies step 2's, which alone would complete the episode.
    for (const mode of ['fixed', 'legacy'] as const) {
      const o = await evaluate({ 2: mode === 'legacy' ? LEGACY_ESS : ORIGINAL_ESS, 4: 'exact<abc>|fuzzy<' }, [0, 1, 2, 3, 4], { mode });
      expect(o.essential?.completed, mode).toBe(false);
      expect(o.essential?.reason).toMatch(/^1 of the episode's essential-state files cannot be read, so it cannot be judged complete: trace_18\/4\.ess:1 \(step 4\): Malformed essential state: column 1: exact<abc> needs a component number or an xpath\./);
      expect(o.essential?.states[0]).toMatchObject({ matched: true, execStep: 2 });
    }
    // The same annotation without the broken file completes.
    expect((await evaluate({ 2: ORIGINAL_ESS }, [0, 1, 2, 3, 4])).essential?.completed).toBe(true);
  });

  it('without its last step it does not complete: the agent never declared the task complete (implicit final state)', async () => {
    const o = await evaluate({ 2: ORIGINAL_ESS }, [0, 1, 2, 3]);
    expect(o.essential?.completed).toBe(false);
    expect(o.essential?.states.map((s) => [s.matched, s.execStep])).toEqual([[true, 2], [false, undefined]]);
    expect(o.essential?.states[1]?.implicit).toBe('complete');
    expect(o.essential?.reason).toContain('The agent never declared the task complete after step 2');
    expect(o.essential?.progress).toBe(0.5);
    expect(o.stepwise?.completed).toBe(false);
    expect(o.lcs?.completed).toBe(false);
    // Legacy mode completes it: upstream's testbed evaluator only checks the annotated states (its
    // appended "task complete" is an action for the baselines), unless --final complete is asked for ...
    const legacy = await evaluate({ 2: LEGACY_ESS }, [0, 1, 2, 3], { mode: 'legacy' });
    expect([legacy.essential?.completed, legacy.essential?.states.length, legacy.lcs?.completed]).toEqual([true, 1, false]);
    expect((await evaluate({ 2: LEGACY_ESS }, [0, 1, 2, 3], { mode: 'legacy', final: 'complete' })).essential?.completed).toBe(false);
    // ... and --final none restores the annotated-states-only verdict, for the essential states and the baselines.
    const none = await evaluate({ 2: ORIGINAL_ESS }, [0, 1, 2, 3], { final: 'none' });
    expect([none.essential?.completed, none.essential?.states.length, none.lcs?.completed, none.stepwise?.completed]).toEqual([true, 1, true, true]);
  });

  it('its own steps with the last action declaring "impossible" do not complete, and say so', async () => {
    const o = await evaluate({ 2: ORIGINAL_ESS }, [0, 1, 2, 3, { screen: 4, action: { kind: 'impossible', screen: { width: 1080, height: 2400 } } }]);
    expect(o.essential?.completed).toBe(false);
    expect(o.essential?.reason).toContain('declared the task impossible at execution step 4');
  });

  it('without the annotated step it does not complete, and says which state is missing', async () => {
    const o = await evaluate({ 2: ORIGINAL_ESS }, [0, 1, 3, 4]);
    expect(o.essential?.completed).toBe(false);
    expect(o.essential?.progress).toBe(0);
    expect(o.essential?.reason).toMatch(/State 1 of 2 \(ground-truth step 2/);
  });

  const TWO = { 2: ORIGINAL_ESS, 4: 'activity<0>|exact<6>' };

  it.each([[0, 1, 2, 3, 4], [0, 1, 3, 2, 3, 0, 4], [0, 1, 4, 2, 3], [0, 1, 2, 3]])('reading the XML or the DroidBot JSON of each step gives the same verdicts (%j)', async (...steps) => {
    const x = await evaluate(TWO, steps, { hierarchy: 'xml' });
    const j = await evaluate(TWO, steps, { hierarchy: 'json' });
    expect(j.essential?.states.map((s) => [s.matched, s.execStep, s.closestStep, s.items.map((i) => i.status)])).toEqual(x.essential?.states.map((s) => [s.matched, s.execStep, s.closestStep, s.items.map((i) => i.status)]));
  });

  it('a longer path with detours still passes', async () => {
    const o = await evaluate(TWO, [0, 1, { screen: 3, action: { kind: 'back', screen: { width: 1080, height: 2400 } } }, 2, 3, 0, 4]);
    expect(o.essential?.completed).toBe(true);
    expect(o.essential?.states.map((s) => s.execStep)).toEqual([3, 6, 6]); // the last step declares completion
  });

  it('states reached in the wrong order fail', async () => {
    const o = await evaluate(TWO, [0, 1, 4, 2, 3]);
    expect(o.essential?.completed).toBe(false);
    expect(o.essential?.states[0]?.matched).toBe(true);
    expect(o.essential?.states[1]?.matched).toBe(false);
    expect(o.essential?.progress).toBeCloseTo(1 / 3); // 1 of 2 annotated states + the implicit final state
  });

  it('a trace one state short fails and reports which state', async () => {
    const o = await evaluate(TWO, [0, 1, 2, 3]);
    expect(o.essential?.completed).toBe(false);
    expect(o.essential?.reason).toMatch(/State 2 of 3 \(ground-truth step 4, activity<0>\|exact<6>\)/);
    expect(o.essential?.states[1]?.closestStep).toBe(3);
  });

  it('an exclude node that is present fails (fixed) and is ignored (legacy)', async () => {
    const ess = { 4: 'activity<0>|exclude<14>' };
    const fixed = await evaluate(ess, [0, 1, 2, 3, 4]);
    expect(fixed.essential?.completed).toBe(false);
    expect(fixed.essential?.states[0]?.items.find((i) => i.kind === 'exclude')?.sentence).toMatch(/"the girl".* is present but must not be/);
    expect((await evaluate(ess, [0, 1, 2, 3, 4], { mode: 'legacy' })).essential?.completed).toBe(true);
    // On a screen without "the girl" the exclude holds.
    expect((await evaluate({ 3: 'activity<0>|exclude<21>' }, [0, 1, 2, 4, { screen: 2, activity: 'com.duolingo/com.duolingo.app.LoginActivity' }])).essential?.completed).toBe(true);
  });

  it('typed text with spaces, commas and capitals matches exactly (fixed), never in legacy', async () => {
    const text = 'Hello, World Café';
    const typed = (t: string): BuiltStep => ({ screen: 2, action: { kind: 'type', text: t, screen: { width: 1080, height: 2400 } } });
    const ess = { 2: `activity<0>|type<${text}>` };
    expect((await evaluate(ess, [0, 1, typed(text), 3, 4])).essential?.completed).toBe(true);
    expect((await evaluate(ess, [0, 1, typed('hello, world café'), 3, 4])).essential?.completed).toBe(false);
    // (Without screen 3, which shows the same activity and would tie as the closest step.)
    const legacy = await evaluate(ess, [0, 1, typed(text), 4], { mode: 'legacy' });
    expect(legacy.essential?.completed).toBe(false);
    expect(legacy.essential?.states[0]?.items.find((i) => i.kind === 'type')?.evidence.actual).toBe('H');
  });

  it('a trace with a missing hierarchy file reports that file', async () => {
    const o = await evaluate({ 2: ORIGINAL_ESS }, [0, 1, { screen: 2, omit: ['xml', 'vh'] }]);
    expect(o.essential?.completed).toBe(false);
    expect(o.essential?.reason).toContain(path.join('captured_data', 'xml', '2.xml'));
  });

  it('a damaged action file is reported with its path, and that step does not count as a tap', async () => {
    const { root, episodeDir } = datasetWithEss(tmp, { 2: ORIGINAL_ESS });
    const dir = buildTrace(episodeDir, path.join(tmp, `trace-${n++}`), [0, 1, 2, 3, 4].map((screen) => ({ screen })));
    const bad = path.join(dir, 'captured_data', 'action', '2.action');
    writeFileSync(bad, 'TAPPED_SOMEWHERE|??\n');
    const ev = new EpisodeEvaluator({ methods: ['essential'], mode: 'fixed', appPackages: {} });
    const o = await ev.evaluate({ datasetRoot: root, relPath: 'trace_18', episode: '18', category: 'general', nsteps: 5, trace: { episode: '18', dir, layout: 'llamatouch', via: 'test' } });
    expect(o.essential?.problems.join('\n')).toContain(bad);
    expect(o.essential?.completed).toBe(false);
  });

  it('activity matches across the pkg/.A short form (fixed); legacy accepts a bare package as a substring', async () => {
    expect((await evaluate({ 2: ORIGINAL_ESS }, [0, 1, { screen: 2, activity: 'com.duolingo/.app.LoginActivity' }, 3, 4])).essential?.completed).toBe(true);
    const partial = { screen: 2, activity: 'com.duolingo' };
    expect((await evaluate({ 2: ORIGINAL_ESS }, [0, 1, partial, 3, 4])).essential?.completed).toBe(false);
    expect((await evaluate({ 2: LEGACY_ESS }, [0, 1, partial, 3, 4], { mode: 'legacy' })).essential?.completed).toBe(true);
  });

  it('one failing check does not sink the episode (fixed); legacy fails it with the generic reason', async () => {
    // Step 2 shows the right screen with a tap but no hierarchy: the click check cannot run there.
    const steps = [0, 1, { screen: 3, action: TAP_SOMEWHERE, omit: ['xml', 'vh'] as BuiltStep['omit'] }, 2, 3, 4];
    const fixed = await evaluate({ 2: ORIGINAL_ESS }, steps);
    expect(fixed.essential?.completed).toBe(true);
    const legacy = await evaluate({ 2: ORIGINAL_ESS }, steps, { mode: 'legacy' });
    expect(legacy.essential?.completed).toBe(false);
    expect(legacy.essential?.reason).toBe('ui positions not found');
  });

  it('screen fuzzy: a missing hierarchy fails and is named (fixed) but passes in legacy; the same screen passes', async () => {
    const ess = { 2: ORIGINAL_ESS, 4: 'fuzzy<-1>' };
    const missing = [0, 1, 2, { screen: 4, omit: ['xml', 'vh'] as BuiltStep['omit'] }];
    const fixed = await evaluate(ess, missing);
    expect(fixed.essential?.completed).toBe(false);
    expect(fixed.essential?.states[1]?.items[0]?.sentence).toContain('xml');
    expect((await evaluate({ 2: LEGACY_ESS, 4: 'fuzzy<-1>' }, missing, { mode: 'legacy' })).essential?.completed).toBe(true);
    const ok = await evaluate(ess, [0, 1, 2, 3, 4]);
    expect(ok.essential?.states[1]?.execStep).toBe(4); // screen 3 is not similar enough, screen 4 is
    const ev = ok.essential?.states[1]?.items[0]?.evidence;
    expect(ev?.expected).toBe(ev?.actual); // the compared screen texts are in the evidence
    expect(ev?.expected).toMatch(/^<p>|^<button|^<input|^<checkbox/);
  });

  it('textbox fuzzy: a missing hierarchy fails that check naming both files', async () => {
    const o = await evaluate({ 2: ORIGINAL_ESS, 4: 'fuzzy<6>' }, [0, 1, 2, { screen: 4, omit: ['xml', 'vh'] }]);
    expect(o.essential?.completed).toBe(false);
    const v = o.essential?.states[1]?.items[0];
    expect(v?.status).toBe('error');
    expect(v?.sentence).toContain(path.join('captured_data', 'view_hierarchy', '3.json'));
    expect(v?.sentence).toContain(path.join('captured_data', 'xml', '3.xml'));
  });

  it('install checks use the trace\'s installed apps and the app table', async () => {
    const ess = { 4: 'check_install<Duolingo>|check_uninstall<Microsoft Authenticator>' };
    expect((await evaluate(ess, [0, 1, 2, 3, 4], { apps: ['com.duolingo'] })).essential?.completed).toBe(true);
    const o = await evaluate(ess, [0, 1, 2, 3, 4], { apps: ['com.duolingo', 'com.azure.authenticator'] });
    expect(o.essential?.completed).toBe(false);
    expect(o.essential?.reason).toContain('com.azure.authenticator is installed');
    // Legacy maps Microsoft Authenticator to Google Authenticator, as upstream did, so it passes.
    expect((await evaluate(ess, [0, 1, 2, 3, 4], { apps: ['com.duolingo', 'com.azure.authenticator'], mode: 'legacy' })).essential?.completed).toBe(true);
  });

  it('every failing item explains itself: a sentence, the compared values, the closest candidate', async () => {
    const ess = { 4: 'activity<0>|exact<6>|exclude<14>|fuzzy<6>|fuzzy<-1>|click<6>|type<hello>|check_install<Duolingo>' };
    // Screen 4 (SessionActivity) never shows up: every item is explained at the closest step.
    const o = await evaluate(ess, [0, 1, 2, 3], { apps: [] });
    const st = o.essential!.states[0]!;
    expect(st.matched).toBe(false);
    expect(st.reason).toMatch(/closest is step \d/);
    const byKind = Object.fromEntries(st.items.map((v) => [v.item, v]));
    expect(Object.keys(byKind).sort()).toEqual(['activity<0>', 'check_install<Duolingo>', 'click<6>', 'exact<6>', 'exclude<14>', 'fuzzy<-1>', 'fuzzy<6>', 'type<hello>']);
    for (const v of st.items) {
      expect(v.sentence, v.item).toMatch(/\S.*\.$/);
      const e = v.evidence;
      expect([e.expected, e.actual, e.candidate, e.score, e.files].some((x) => x !== undefined), `${v.item}: ${JSON.stringify(e)}`).toBe(true);
    }
    const exact = byKind['exact<6>']!;
    expect(exact.status).toBe('fail');
    expect(exact.evidence.target?.text).toBe('Select the correct image');
    expect(exact.evidence.candidate).toBeDefined(); // best candidate on failure
    expect(exact.evidence.differences?.length).toBeGreaterThan(0);
    expect(byKind['activity<0>']!.evidence).toMatchObject({ expected: 'com.duolingo/com.duolingo.session.SessionActivity' });
    expect(byKind['fuzzy<6>']!.evidence).toMatchObject({ expected: 'select the correct image', threshold: 0.6 });
    expect(byKind['fuzzy<6>']!.evidence.candidate).toBeDefined();
    expect(byKind['fuzzy<-1>']!.evidence.score).toBeLessThan(1);
    expect(byKind['check_install<Duolingo>']!.sentence).toBe('com.duolingo is not installed.');
  });

  it('a DroidBot-layout recording of the same run: no completion signal, so the end of the trace is the claim', async () => {
    const { root, episodeDir } = datasetWithEss(tmp, { 2: ORIGINAL_ESS });
    const ev = new EpisodeEvaluator({ methods: ['essential', 'stepwise', 'lcs'], mode: 'fixed', appPackages: {} });
    const run = (screens: number[]): Promise<EpisodeOutcome> => {
      const dir = buildDroidbotTrace(episodeDir, path.join(tmp, `droidbot-${n++}`), screens);
      return ev.evaluate({ datasetRoot: root, relPath: 'trace_18', episode: '18', category: 'general', nsteps: 5, trace: { episode: '18', dir, layout: 'droidbot', via: 'test' } });
    };
    const full = await run([0, 1, 2, 3, 4]);
    expect(full.essential?.completed).toBe(true);
    expect(full.essential?.states[1]?.execStep).toBe(4);
    expect(full.essential?.states[1]?.items[0]?.sentence).toMatch(/records no completion signal.*end of the trace \(execution step 4\) counts as the agent's claim/);
    expect([full.stepwise?.completed, full.lcs?.completed]).toEqual([true, true]);
    // Stopping before the annotated screen still fails, and says which state.
    const short = await run([0, 1]);
    expect(short.essential?.completed).toBe(false);
    expect(short.essential?.reason).toMatch(/State 1 of 2/);
  });
});
