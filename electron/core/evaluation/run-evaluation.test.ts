import { describe, it, expect, afterAll } from 'vitest';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { runEvaluation, parseShard } from './run-evaluation';
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
  });

  it('shards partition the episodes', async () => {
    const parts = await Promise.all([0, 1, 2].map((i) => runEvaluation({ datasetRoot: root, tracesRoot: traces, methods: ['essential'], mode: 'fixed', jobs: 1, embedder: 'none', shard: { index: i, count: 3 } })));
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

  it.each([1, 2])('cancellation with jobs=%i rejects and stops', async (jobs) => {
    const ac = new AbortController();
    const p = runEvaluation({
      datasetRoot: root, tracesRoot: traces, methods: ['essential'], mode: 'fixed', jobs, embedder: 'none', signal: ac.signal,
      onProgress: (done) => { if (done === 1) ac.abort(); },
    });
    await expect(p).rejects.toThrow(/cancel|abort/i);
  });
});

describe('parseShard', () => {
  it.each([['0/2', { index: 0, count: 2 }], ['3/4', { index: 3, count: 4 }]])('%s', (s, v) => expect(parseShard(s)).toEqual(v));
  it.each(['2/2', '1', 'a/b', '0/0'])('rejects %s', (s) => expect(() => parseShard(s)).toThrow(/--shard/));
});
