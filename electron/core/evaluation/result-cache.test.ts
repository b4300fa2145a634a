import { describe, it, expect, afterAll } from 'vitest';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runJobs } from './eval-pool';
import { buildTrace } from './testing/build-trace';
import { datasetWithEss, tempDir, TRACE_18 } from './testing/temp-dataset';
import type { EpisodeOutcome, EvalJob, EvalSettings } from './episode-evaluator';

const tmp = tempDir('touchstone-rcache-');
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe.skipIf(!existsSync(TRACE_18))('result cache over real trace_18 files (../shared/fixtures absent → skipped)', () => {
  const { root, episodeDir } = datasetWithEss(tmp, { 2: 'activity<0>|exact<1>', 4: 'activity<0>|exact<6>' });
  const dir = buildTrace(episodeDir, path.join(tmp, 'trace'), [0, 1, 2, 3, 4].map((screen) => ({ screen })));
  const job: EvalJob = { datasetRoot: root, relPath: 'trace_18', episode: '18', category: 'general', nsteps: 5, trace: { episode: '18', dir, layout: 'llamatouch', via: 'test' } };
  const settings: EvalSettings = { methods: ['essential'], mode: 'fixed', appPackages: {} };
  const cacheDir = path.join(tmp, 'cache');
  const run = async (s: EvalSettings = settings): Promise<EpisodeOutcome> => (await runJobs([job], { jobs: 1, settings: s, cacheDir }))[0]!;

  it('answers an unchanged episode from the cache, and evaluates again when a file or a setting changes', async () => {
    const first = await run();
    expect(first.essential?.completed).toBe(true);
    const entries = readdirSync(path.join(cacheDir, 'results'));
    expect(entries).toHaveLength(1);
    // A planted verdict proves the second run reads the cache instead of evaluating.
    const file = path.join(cacheDir, 'results', entries[0]!);
    const { fp } = JSON.parse((await import('node:fs')).readFileSync(file, 'utf8')) as { fp: string };
    writeFileSync(file, JSON.stringify({ fp, outcome: { ...first, essential: { ...first.essential, completed: false, reason: 'planted' } } }));
    expect((await run()).essential?.reason).toBe('planted');
    // Another setting: another fingerprint, evaluated for real.
    expect((await run({ ...settings, mode: 'legacy' })).essential?.completed).toBe(true);
    // A changed trace file: evaluated again (the wrong activity now fails the episode).
    writeFileSync(path.join(dir, 'captured_data', 'activity', '4.activity'), 'com.duolingo/.NotThisActivity');
    const changed = await run();
    expect(changed.essential?.completed).toBe(false);
    expect(changed.essential?.reason).toContain('NotThisActivity');
  });

  it('on worker threads: each worker fingerprints and stores what it evaluates; a re-run answers from the cache', async () => {
    const dir2 = buildTrace(episodeDir, path.join(tmp, 'trace2'), [0, 1, 2, 3, 4].map((screen) => ({ screen })));
    const jobs = [job, { ...job, trace: { ...job.trace, dir: dir2 } }];
    const wdir = path.join(tmp, 'cache-workers');
    const first = await runJobs(jobs, { jobs: 2, settings, cacheDir: wdir });
    expect(first.map((o) => o.error)).toEqual([undefined, undefined]);
    const entries = readdirSync(path.join(wdir, 'results'));
    expect(entries).toHaveLength(2);
    for (const e of entries) {
      const f = path.join(wdir, 'results', e);
      const { fp, outcome } = JSON.parse((await import('node:fs')).readFileSync(f, 'utf8')) as { fp: string; outcome: EpisodeOutcome };
      writeFileSync(f, JSON.stringify({ fp, outcome: { ...outcome, essential: { ...outcome.essential, reason: 'planted' } } }));
    }
    expect((await runJobs(jobs, { jobs: 2, settings, cacheDir: wdir })).map((o) => o.essential?.reason)).toEqual(['planted', 'planted']);
  });
});
