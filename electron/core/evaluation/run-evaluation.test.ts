import { describe, it, expect, afterAll } from 'vitest';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runEvaluation } from './run-evaluation';
import { defaultAppPackagesFile } from './app-table';
import { buildTrace } from './testing/build-trace';
import { datasetWithEpisodes, tempDir, TRACE_18 } from './testing/temp-dataset';
import type { EpisodeOutcome } from './episode-evaluator';

const ESS = { 2: 'activity<0>|exact<1>|click<//*[@resource-id="com.duolingo:id/path"]/android.view.ViewGroup[2]/android.widget.LinearLayout[1]/android.widget.ImageView[1]>', 4: 'activity<0>|exact<6>' };
const PLANS: Record<string, [number[], boolean]> = {
  full: [[0, 1, 2, 3, 4], true], short: [[0, 1, 2, 3], false], detour: [[0, 1, 3, 2, 3, 4], true],
  wrong: [[0, 1, 4, 2, 3], false], none: [[0, 1], false], skip: [[0, 1, 2, 4], true],
};
const tmp = tempDir();
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const verdicts = (os: EpisodeOutcome[]): Record<string, boolean | undefined> => Object.fromEntries(os.map((o) => [o.episode, o.essential?.completed]));
const expected = Object.fromEntries(Object.entries(PLANS).map(([k, [, ok]]) => [k, ok]));

describe.skipIf(!existsSync(TRACE_18))('runEvaluation: dataset + traces folder, in-process and on worker threads (../shared/fixtures absent → skipped)', () => {
  const ids = Object.keys(PLANS);
  const root = datasetWithEpisodes(tmp, ESS, ids);
  const traces = path.join(tmp, 'traces');
  for (const [id, [steps]] of Object.entries(PLANS)) buildTrace(path.join(root, `ep_${id}`), path.join(traces, id), steps.map((screen) => ({ screen })));

  it('in-process (jobs=1) gives the expected verdict per trace', async () => {
    const seen: number[] = [];
    const r = await runEvaluation({ datasetRoot: root, tracesRoot: traces, methods: ['essential', 'lcs'], mode: 'fixed', jobs: 1, embedder: 'none', onProgress: (d) => seen.push(d) });
    expect(verdicts(r.outcomes)).toEqual(expected);
    expect(seen.at(-1)).toBe(ids.length);
    expect(r.groups[0]?.methods.essential?.tcr).toBeCloseTo(3 / 6);
  });

  it('worker threads (jobs=2) give exactly the in-process results', async () => {
    const one = await runEvaluation({ datasetRoot: root, tracesRoot: traces, methods: ['essential', 'stepwise', 'lcs'], mode: 'fixed', jobs: 1, embedder: 'none' });
    const two = await runEvaluation({ datasetRoot: root, tracesRoot: traces, methods: ['essential', 'stepwise', 'lcs'], mode: 'fixed', jobs: 2, embedder: 'none' });
    expect(two.outcomes).toEqual(one.outcomes);
    // jobs=3: the calling thread and two workers share the queue.
    const three = await runEvaluation({ datasetRoot: root, tracesRoot: traces, methods: ['essential', 'stepwise', 'lcs'], mode: 'fixed', jobs: 3, embedder: 'none' });
    expect(three.outcomes).toEqual(one.outcomes);
  });

  it('shards partition the episodes', async () => {
    const parts = await Promise.all([1, 2, 3].map((i) => runEvaluation({ datasetRoot: root, tracesRoot: traces, methods: ['essential'], mode: 'fixed', jobs: 1, embedder: 'none', shard: { index: i, count: 3 } })));
    const all = parts.flatMap((p) => p.outcomes.map((o) => o.episode)).sort();
    expect(all).toEqual([...ids].sort());
    expect(parts.map((p) => p.outcomes.length)).toEqual([2, 2, 2]);
  });

  it('human labels give accuracy, precision/recall and the confusion matrix', async () => {
    // Humans: full and detour completed; every other run failed (skip jumped a step, so humans reject it).
    const labels = new Map(ids.map((id) => [id, id === 'full' || id === 'detour']));
    const r = await runEvaluation({ datasetRoot: root, tracesRoot: traces, methods: ['essential'], mode: 'fixed', jobs: 1, embedder: 'none', humanLabels: labels });
    const m = r.groups[0]!.methods.essential!;
    expect(m.confusion).toEqual({ tp: 2, fp: 1, tn: 3, fn: 0 });
    expect(m.accuracy).toBeCloseTo(5 / 6);
    expect(m.precision).toBeCloseTo(2 / 3);
    expect(m.recall).toBe(1);
  });

  it.each([1, 2])('cancellation with jobs=%i stops early and keeps the episodes already done', async (jobs) => {
    const ac = new AbortController();
    const r = await runEvaluation({
      datasetRoot: root, tracesRoot: traces, methods: ['essential'], mode: 'fixed', jobs, embedder: 'none', signal: ac.signal,
      onProgress: (done) => { if (done === 1) ac.abort(); },
    });
    expect(r.cancelled).toBe(true);
    expect(r.planned).toBe(ids.length);
    expect(r.outcomes.length).toBeGreaterThanOrEqual(1);
    expect(r.outcomes.length).toBeLessThan(ids.length);
    expect(r.warnings.join('\n')).toMatch(new RegExp(`Cancelled: ${r.outcomes.length} of ${ids.length} episodes`));
    // What is kept is real: each kept verdict is the one a full run gives, and the metrics cover only those.
    for (const o of r.outcomes) expect(o.essential?.completed).toBe(expected[o.episode]);
    expect(r.groups[0]!.n).toBe(r.outcomes.length);
  });

  it('a complete run is not marked cancelled', async () => {
    const r = await runEvaluation({ datasetRoot: root, tracesRoot: traces, methods: ['essential'], mode: 'fixed', jobs: 1, embedder: 'none' });
    expect([r.cancelled, r.planned, r.outcomes.length]).toEqual([false, ids.length, ids.length]);
  });
});

describe.skipIf(!existsSync(TRACE_18))('install checks through resources/app-packages.json (../shared/fixtures absent → skipped)', () => {
  const ess = { 4: 'check_install<Booking.com>|check_uninstall<microsoft authenticator>|install<com.duolingo>' };
  const root = datasetWithEpisodes(tmp, ess, ['apps']);
  const traces = path.join(tmp, 'apps-traces');
  buildTrace(path.join(root, 'ep_apps'), path.join(traces, 'apps'), [0, 1, 2, 3, 4].map((screen) => ({ screen })), ['com.booking', 'com.duolingo', 'com.google.android.apps.authenticator2']);
  const run = (appPackagesFile?: string) => runEvaluation({ datasetRoot: root, tracesRoot: traces, methods: ['essential'], mode: 'fixed', jobs: 1, embedder: 'none', appPackagesFile });

  it('the shipped table resolves app names case-insensitively (with upstream\'s wrong entries corrected); package names pass directly', async () => {
    expect(existsSync(defaultAppPackagesFile())).toBe(true);
    const r = await run();
    expect(r.warnings).toEqual([]);
    expect(r.outcomes[0]!.essential?.completed).toBe(true);
    const items = r.outcomes[0]!.essential!.states[0]!.items;
    expect(items.map((i) => [i.item, i.status, i.evidence.expected]).sort()).toEqual([
      ['check_install<Booking.com>', 'pass', 'com.booking'], ['check_uninstall<microsoft authenticator>', 'pass', 'com.azure.authenticator'], ['install<com.duolingo>', 'pass', 'com.duolingo'],
    ]);
  });

  it('an edited table is used as written', async () => {
    const file = path.join(tmp, 'my-apps.json');
    writeFileSync(file, JSON.stringify({ 'Booking.com': 'com.booking.beta', 'Microsoft Authenticator': 'com.azure.authenticator' }));
    const r = await run(file);
    expect(r.outcomes[0]!.essential?.completed).toBe(false);
    expect(r.outcomes[0]!.essential?.reason).toContain('com.booking.beta');
  });

  it('an unreadable table is a warning, and only package names resolve', async () => {
    const r = await run(path.join(tmp, 'no-such-table.json'));
    expect(r.warnings.join('\n')).toMatch(/no-such-table\.json unreadable/);
    expect(r.outcomes[0]!.essential?.completed).toBe(false);
  });
});
