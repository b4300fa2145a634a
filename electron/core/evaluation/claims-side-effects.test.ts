import { describe, it, expect, afterAll } from 'vitest';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runEvaluation } from './run-evaluation';
import { buildTrace, type BuiltStep } from './testing/build-trace';
import { datasetWithEpisodes, tempDir, TRACE_18 } from './testing/temp-dataset';
import { claimsTable, episodesCsv, summaryCsv } from '../../../shared/evaluation/report';
import { RUN_FILES } from './run-record';
import { htmlReportFromRun } from '../reports/report-from-run';

// Claims against verdicts on traces built from trace_18's real screens: one trace per claim the agent
// can make (its last action, else the runner's episode.json), and a run whose files record side effects.
const ESS = { 2: 'activity<0>|exact<1>|click<//*[@resource-id="com.duolingo:id/path"]/android.view.ViewGroup[2]/android.widget.LinearLayout[1]/android.widget.ImageView[1]>' };
const screen = { width: 1080, height: 2400 };
const IMPOSSIBLE: BuiltStep = { screen: 4, action: { kind: 'impossible', screen } };
/** id -> steps, the episode.json outcome the runner wrote (none: another recorder), expected claim and essential verdict. */
const PLANS: Record<string, { steps: (number | BuiltStep)[]; outcome?: string; claim: string; completed: boolean }> = {
  done: { steps: [0, 1, 2, 3, 4], outcome: 'finished', claim: 'complete', completed: true },
  early: { steps: [0, 1, 3, 4], claim: 'complete', completed: false }, // claims complete without the annotated state
  gaveup: { steps: [0, 1, 2, 3, IMPOSSIBLE], outcome: 'finished', claim: 'impossible', completed: false }, // reached it, says impossible
  silent: { steps: [0, 1, 2, 3], claim: 'none', completed: false }, // reached it, never says anything (no episode.json)
  limit: { steps: [0, 1], outcome: 'step-limit', claim: 'step-limit', completed: false },
  lost: { steps: [0, 1, 2], outcome: 'interrupted', claim: 'interrupted', completed: false }, // the device left after the goal
};
const tmp = tempDir();
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe.skipIf(!existsSync(TRACE_18))('claims vs verdicts and side effects (../shared/fixtures absent → skipped)', () => {
  const ids = Object.keys(PLANS);
  const root = datasetWithEpisodes(tmp, ESS, ids);
  const traces = path.join(tmp, 'traces');
  for (const [id, p] of Object.entries(PLANS)) {
    const dir = buildTrace(path.join(root, `ep_${id}`), path.join(traces, id), p.steps.map((s) => (typeof s === 'number' ? { screen: s } : s)));
    if (p.outcome) writeFileSync(path.join(dir, RUN_FILES.episode), JSON.stringify({ format: 'touchstone-episode/1', outcome: p.outcome }));
  }

  it('every outcome carries the claim; false and missed completions are counted per method', async () => {
    const r = await runEvaluation({ datasetRoot: root, tracesRoot: traces, methods: ['essential', 'lcs'], mode: 'fixed', jobs: 1, embedder: 'none' });
    expect(Object.fromEntries(r.outcomes.map((o) => [o.episode, [o.claim, o.essential?.completed]]))).toEqual(Object.fromEntries(ids.map((id) => [id, [PLANS[id]!.claim, PLANS[id]!.completed]])));
    const all = r.groups.find((g) => g.by === 'all')!;
    // False: `early` claimed complete and is not. Missed: gaveup and silent reached every annotated state unclaimed
    // (`lost` did too, but it was interrupted: interrupted episodes are left out of the counts by default).
    expect([all.methods.essential?.falseCompletions, all.methods.essential?.missedCompletions]).toEqual([1, 2]);
    // LCS judges the action sequence: `done` alone completes it; no other run reached it, so nothing is missed.
    expect([all.methods.lcs?.falseCompletions, all.methods.lcs?.missedCompletions]).toEqual([1, 0]);
    const table = claimsTable(r.rows, r.groups, r.methods);
    expect(table).toContain('claims: 2 complete, 1 impossible, 1 no claim, 1 step limit, 1 interrupted');
    expect(table).toMatch(/essential\s+1\s+2/);
    const csv = episodesCsv(r.rows, r.methods).split('\n');
    expect(csv[0]!.split(',').at(-1)).toBe('claim');
    expect(csv.find((l) => l.startsWith('gaveup,'))!.split(',').at(-1)).toBe('impossible');
    expect(summaryCsv(r.groups).split('\n')[0]).toMatch(/,false_completions,missed_completions$/);
    // The HTML report's method table counts them too (no human labels: false accepts and rejects are '–').
    const html = await htmlReportFromRun(r, root, traces);
    expect(html).toContain('<th title="the agent claimed complete; the method says not completed">False completions</th>');
    // ... F1, false accepts, false rejects, leniency ('–' without labels), then false and missed completions.
    expect(html).toMatch(/Essential \(fixed\)<\/td>.*?<td>–<\/td><td>–<\/td><td>–<\/td><td>1<\/td><td>2<\/td><\/tr>/);
  });

  it('side effects recorded by the runner are warnings beside an unchanged verdict', async () => {
    const dir = path.join(traces, 'done');
    mkdirSync(path.join(dir, 'installed_apps'), { recursive: true });
    mkdirSync(path.join(dir, 'settings'), { recursive: true });
    writeFileSync(path.join(dir, RUN_FILES.installedAtStart), 'package:com.duolingo\npackage:com.android.chrome\n');
    writeFileSync(path.join(dir, 'installed_apps', 'installed_apps.txt'), 'package:com.duolingo\npackage:com.example.coupons\n');
    writeFileSync(path.join(dir, RUN_FILES.settings('start', 'system')), 'screen_brightness=102\nfont_scale=1.0\n');
    writeFileSync(path.join(dir, RUN_FILES.settings('end', 'system')), 'screen_brightness=255\nfont_scale=1.0\n');
    writeFileSync(path.join(dir, RUN_FILES.settings('start', 'secure')), 'default_input_method=com.google.android.inputmethod.latin/.LatinIME\n');
    writeFileSync(path.join(dir, RUN_FILES.settings('end', 'secure')), 'default_input_method=com.android.adbkeyboard/.AdbIME\n');
    const r = await runEvaluation({ datasetRoot: root, tracesRoot: traces, methods: ['essential'], mode: 'fixed', jobs: 1, embedder: 'none' });
    const done = r.outcomes.find((o) => o.episode === 'done')!;
    expect(done.essential?.completed).toBe(true);
    expect(done.sideEffects).toEqual([
      'Side effect: 1 package(s) installed that the task did not ask for: com.example.coupons.',
      'Side effect: 1 package(s) removed that the task did not ask for: com.android.chrome.',
      // The runner's own keyboard switch is not the agent's doing; the brightness is.
      "Side effect: 1 device setting(s) changed outside the task's app (com.duolingo): system screen_brightness: 102 -> 255.",
    ]);
    expect(r.outcomes.filter((o) => o.sideEffects).map((o) => o.episode)).toEqual(['done']);
  });
});
