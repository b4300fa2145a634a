import { describe, it, expect, afterAll, vi } from 'vitest';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { runJobs } from './eval-pool';
import { WorkerPool } from './worker-pool';
import { buildTrace } from './testing/build-trace';
import { datasetWithEss, tempDir, TRACE_18 } from './testing/temp-dataset';
import type { EvalJob, EvalSettings } from './episode-evaluator';

const tmp = tempDir('touchstone-wpool-');
const pools: WorkerPool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.trim(true)));
  rmSync(tmp, { recursive: true, force: true });
});

describe.skipIf(!existsSync(TRACE_18))('worker pool over real trace_18 files (../shared/fixtures absent → skipped)', () => {
  const { root, episodeDir } = datasetWithEss(tmp, { 2: 'activity<0>|exact<1>', 4: 'activity<0>|exact<6>' });
  const good = buildTrace(episodeDir, path.join(tmp, 'good'), [0, 1, 2, 3, 4].map((screen) => ({ screen })));
  // Stops after screen 2: the state annotated on step 4 is never reached.
  const short = buildTrace(episodeDir, path.join(tmp, 'short'), [0, 1, 2].map((screen) => ({ screen })));
  const job = (dir: string, episode: string): EvalJob => ({ datasetRoot: root, relPath: 'trace_18', episode, category: 'general', nsteps: 5, trace: { episode, dir, layout: 'llamatouch', via: 'test' } });
  const jobs = [job(good, 'a'), job(short, 'b'), job(good, 'c'), job(short, 'd')];
  const settings: EvalSettings = { methods: ['essential'], mode: 'fixed', appPackages: {} };
  const verdicts = async (pool: WorkerPool, s = settings): Promise<(boolean | undefined)[]> =>
    (await runJobs(jobs, { jobs: 2, mainLane: false, settings: s, pool })).map((o) => o.essential?.completed);

  it('kept between runs: a second run (other settings) reuses the started workers, with the same verdicts as in-process', async () => {
    const pool = new WorkerPool();
    pools.push(pool);
    pool.keepBetweenRuns(60_000);
    const inProcess = (await runJobs(jobs, { jobs: 1, settings })).map((o) => o.essential?.completed);
    expect(inProcess).toEqual([true, false, true, false]);
    expect(await verdicts(pool)).toEqual(inProcess);
    expect(pool.started).toBe(2);
    expect(pool.idleCount).toBe(2);
    // Re-initialised per run: legacy settings apply on the reused workers.
    const legacy = (await runJobs(jobs, { jobs: 1, settings: { ...settings, mode: 'legacy' } })).map((o) => o.essential?.completed);
    expect(await verdicts(pool, { ...settings, mode: 'legacy' })).toEqual(legacy);
    expect(pool.started).toBe(2);
  });

  it('idle workers exit after the timeout; not kept (CLI), they stop when the run ends', async () => {
    const pool = new WorkerPool();
    pools.push(pool);
    pool.keepBetweenRuns(300);
    await verdicts(pool);
    expect(pool.idleCount).toBe(2);
    await vi.waitFor(() => expect(pool.idleCount).toBe(0), { timeout: 10_000, interval: 50 });
    pool.keepBetweenRuns(0);
    await verdicts(pool);
    expect(pool.idleCount).toBe(0);
    expect(pool.started).toBe(4);
  });

  it('prestarted workers are taken by the run, and ones not needed are stopped when it ends', async () => {
    const pool = new WorkerPool();
    pools.push(pool);
    pool.prestart(3);
    expect(pool.idleCount).toBe(3);
    expect(await verdicts(pool)).toEqual([true, false, true, false]);
    expect(pool.started).toBe(3);
    expect(pool.idleCount).toBe(0);
  });
});

describe.skipIf(!existsSync(TRACE_18))('runEvaluation starts its workers before reading the dataset, and stops them after (CLI)', () => {
  it('a run with jobs=3 starts two workers (no more), none is left idle; a dataset that cannot be read leaves none either', async () => {
    const { runEvaluation } = await import('./run-evaluation');
    const { workerPool } = await import('./worker-pool');
    const { root, episodeDir } = datasetWithEss(path.join(tmp, 'run'), { 2: 'activity<0>|exact<1>', 4: 'activity<0>|exact<6>' });
    const traces = path.join(tmp, 'run-traces');
    for (const id of ['18', '18b']) buildTrace(episodeDir, path.join(traces, id === '18' ? id : `trace_18_${id}`), [0, 1, 2, 3, 4].map((screen) => ({ screen })));
    const before = workerPool.started;
    const r = await runEvaluation({ datasetRoot: root, tracesRoot: traces, methods: ['essential'], mode: 'fixed', jobs: 3, embedder: 'none' });
    expect(r.outcomes.length).toBeGreaterThan(0);
    expect(r.outcomes.every((o) => o.essential?.completed === true)).toBe(true);
    expect(workerPool.started - before).toBe(2);
    expect(workerPool.idleCount).toBe(0);
    await expect(runEvaluation({ datasetRoot: path.join(tmp, 'no-such-dataset'), tracesRoot: traces, methods: ['essential'], mode: 'fixed', jobs: 2, embedder: 'none' })).rejects.toThrow();
    expect(workerPool.started - before).toBe(3);
    expect(workerPool.idleCount).toBe(0);
  });
});
