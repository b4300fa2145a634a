import { describe, it, expect, afterAll } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runJobs } from './eval-pool';
import { ResultCache } from './result-cache';
import { buildTrace } from './testing/build-trace';
import { datasetWithEss, tempDir, TRACE_18 } from './testing/temp-dataset';
import type { EpisodeOutcome, EvalJob, EvalSettings } from './episode-evaluator';

const tmp = tempDir('touchstone-rcache-');

/** The cache's entries as lines `<key> <fingerprint> <outcome JSON>`, over every shard file. */
function entries(dir: string): { file: string; key: string; fp: string; outcome: EpisodeOutcome }[] {
  return readdirSync(dir).filter((f) => f.endsWith('.jsonl')).flatMap((f) => readFileSync(path.join(dir, f), 'utf8').split('\n').filter(Boolean)
    .map((l) => ({ file: f, key: l.slice(0, 40), fp: l.slice(41, 81), outcome: JSON.parse(l.slice(82)) as EpisodeOutcome })));
}

/** Rewrites every stored outcome (a planted verdict proves a run reads the cache instead of evaluating). */
function plant(dir: string, change: (o: EpisodeOutcome) => EpisodeOutcome): void {
  const byFile = new Map<string, string[]>();
  for (const e of entries(dir)) byFile.set(e.file, [...(byFile.get(e.file) ?? []), `${e.key} ${e.fp} ${JSON.stringify(change(e.outcome))}\n`]);
  for (const [f, lines] of byFile) writeFileSync(path.join(dir, f), lines.join(''));
}
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
    const results = path.join(cacheDir, 'results');
    expect(entries(results)).toHaveLength(1);
    plant(results, (o) => ({ ...o, essential: { ...o.essential!, completed: false, reason: 'planted' } }));
    expect((await run()).essential?.reason).toBe('planted');
    // Another setting: another fingerprint, evaluated for real.
    expect((await run({ ...settings, mode: 'legacy' })).essential?.completed).toBe(true);
    // A changed trace file: evaluated again (the wrong activity now fails the episode).
    writeFileSync(path.join(dir, 'captured_data', 'activity', '4.activity'), 'com.duolingo/.NotThisActivity');
    const changed = await run();
    expect(changed.essential?.completed).toBe(false);
    expect(changed.essential?.reason).toContain('NotThisActivity');
  });

  it('on worker threads: each worker fingerprints what it evaluates, the pool stores it; a re-run answers from the cache', async () => {
    const dir2 = buildTrace(episodeDir, path.join(tmp, 'trace2'), [0, 1, 2, 3, 4].map((screen) => ({ screen })));
    const jobs = [job, { ...job, trace: { ...job.trace, dir: dir2 } }];
    const wdir = path.join(tmp, 'cache-workers');
    const first = await runJobs(jobs, { jobs: 2, settings, cacheDir: wdir });
    expect(first.map((o) => o.error)).toEqual([undefined, undefined]);
    const results = path.join(wdir, 'results');
    expect(entries(results)).toHaveLength(2);
    plant(results, (o) => ({ ...o, essential: { ...o.essential!, reason: 'planted' } }));
    expect((await runJobs(jobs, { jobs: 2, settings, cacheDir: wdir })).map((o) => o.essential?.reason)).toEqual(['planted', 'planted']);
  });
});

describe('result cache shard files', () => {
  const settings: EvalSettings = { methods: ['essential'], mode: 'fixed', appPackages: {} };
  const base = path.join(tmp, 'shards');
  /** A job over real (tiny) folders, so it has a fingerprint. */
  const job = (i: number): EvalJob => {
    const ep = path.join(base, 'dataset', `ep_${i}`);
    const trace = path.join(base, 'traces', `t${i}`, 'captured_data', 'activity');
    for (const d of [ep, trace]) mkdirSync(d, { recursive: true });
    writeFileSync(path.join(ep, '0.activity'), 'a/.A');
    writeFileSync(path.join(trace, '0.activity'), 'a/.A');
    return { datasetRoot: path.join(base, 'dataset'), relPath: `ep_${i}`, episode: String(i), category: 'general', nsteps: 1, trace: { episode: String(i), dir: path.join(base, 'traces', `t${i}`), layout: 'llamatouch', via: 'test' } };
  };
  const outcome = (j: EvalJob, reason: string): EpisodeOutcome => ({ episode: j.episode, category: j.category, nsteps: 1, traceDir: j.trace.dir, layout: 'llamatouch', essential: { completed: true, reason } } as unknown as EpisodeOutcome);
  const shards = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.jsonl'));

  it('writes a run\'s results as one shard; past 16 shards merges them into one, the newest entry per episode winning', () => {
    const dir = path.join(base, 'cache');
    const jobs = [0, 1, 2].map(job);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${'a'.repeat(40)}.json`), '{}'); // an entry file of the earlier layout
    const stale = path.join(dir, 'r-0-1-0-00000000.jsonl.tmp'); // a write cut short long ago
    writeFileSync(stale, 'x');
    utimesSync(stale, new Date(Date.now() - 2 * 3_600_000), new Date(Date.now() - 2 * 3_600_000));
    const fresh = path.join(dir, 'r-0-2-0-00000000.jsonl.tmp'); // another process writing now
    writeFileSync(fresh, 'x');
    for (let r = 0; r < 16; r++) {
      const c = new ResultCache(dir, settings, 'none');
      const j = jobs[r % 3]!;
      c.put(j, c.fingerprint(j), outcome(j, `run ${r}`));
      c.close();
    }
    expect(shards(dir)).toHaveLength(16);
    const c = new ResultCache(dir, settings, 'none');
    for (const j of jobs) c.put(j, c.fingerprint(j), outcome(j, `run 16 ${j.episode}`));
    c.put(jobs[0]!, c.fingerprint(jobs[0]!), { ...outcome(jobs[0]!, 'failed'), error: 'not cached' });
    c.close();
    expect(shards(dir)).toHaveLength(1);
    expect(existsSync(path.join(dir, `${'a'.repeat(40)}.json`))).toBe(false);
    expect([existsSync(stale), existsSync(fresh)]).toEqual([false, true]);
    const read = new ResultCache(dir, settings, 'none');
    expect(jobs.map((j) => read.lookup(j)?.essential?.reason)).toEqual(['run 16 0', 'run 16 1', 'run 16 2']);
    read.close();
  });

  it('keeps entries of other settings beside each other (a fixed run does not evict the legacy one)', () => {
    const dir = path.join(base, 'cache3');
    const j = job(5);
    const legacy: EvalSettings = { ...settings, mode: 'legacy' };
    for (const [s, why] of [[settings, 'fixed'], [legacy, 'legacy']] as const) {
      const c = new ResultCache(dir, s, 'none');
      c.put(j, c.fingerprint(j), outcome(j, why));
      c.close();
    }
    expect(new ResultCache(dir, settings, 'none').lookup(j)?.essential?.reason).toBe('fixed');
    expect(new ResultCache(dir, legacy, 'none').lookup(j)?.essential?.reason).toBe('legacy');
    expect(new ResultCache(dir, settings, 'default').lookup(j)).toBeUndefined();
  });

  it('a torn last line (a write cut short) and a damaged line are misses; the other entries still answer', () => {
    const dir = path.join(base, 'cache2');
    const jobs = [3, 4].map(job);
    const c = new ResultCache(dir, settings, 'none');
    for (const j of jobs) c.put(j, c.fingerprint(j), outcome(j, `ok ${j.episode}`));
    c.close();
    const [file] = shards(dir);
    const lines = readFileSync(path.join(dir, file!), 'utf8').split('\n').filter(Boolean);
    const damaged = lines.map((l) => (l.includes('"ok 3"') ? `${l.slice(0, 82)}{"episode":` : l));
    writeFileSync(path.join(dir, file!), `${damaged.join('\n')}\n${lines[0]!.slice(0, 60)}`);
    const read = new ResultCache(dir, settings, 'none');
    expect(read.lookup(jobs[0]!)).toBeUndefined();
    expect(read.lookup(jobs[1]!)?.essential?.reason).toBe('ok 4');
    expect([read.hits, read.misses]).toEqual([1, 1]);
    // A changed input file: the entry no longer matches.
    writeFileSync(path.join(jobs[1]!.trace.dir, 'captured_data', 'activity', '0.activity'), 'b/.B');
    expect(new ResultCache(dir, settings, 'none').lookup(jobs[1]!)).toBeUndefined();
    read.close();
  });
});
