import { describe, it, expect, afterAll } from 'vitest';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { EpisodeEvaluator } from './episode-evaluator';
import { LazyEmbedder, lookupFromCached } from './embedding-provider';
import { buildTrace } from './testing/build-trace';
import { datasetWithEss, tempDir, TRACE_18 } from './testing/temp-dataset';

const tmp = tempDir();
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// Integration with the models module's shipped default embedder (USE-lite, offline).
describe.skipIf(!existsSync(TRACE_18))('screen-level fuzzy match with the real default embedder', () => {
  it('a reworded copy of the annotated screen matches, another screen does not, and each text is embedded once', async () => {
    const { root, episodeDir } = datasetWithEss(tmp, { 4: 'fuzzy<-1>' });
    const dir = buildTrace(episodeDir, path.join(tmp, 't'), [0, 1, 2, 3, 4].map((screen) => ({ screen })));
    for (const f of ['xml/4.xml', 'view_hierarchy/4.json']) {
      const p = path.join(dir, 'captured_data', f);
      writeFileSync(p, readFileSync(p, 'utf8').replace('Select the correct image', 'Choose the right picture'));
    }
    const cached = await new LazyEmbedder('default').get();
    const ev = new EpisodeEvaluator({ methods: ['essential'], mode: 'fixed', appPackages: {} }, lookupFromCached(cached!));
    const job = { datasetRoot: root, relPath: 'trace_18', episode: '18', category: '', nsteps: 5, trace: { episode: '18', dir, layout: 'llamatouch' as const, via: 'test' } };
    const o = await ev.evaluate(job);
    expect(o.essential?.completed).toBe(true);
    expect(o.essential?.states[0]?.execStep).toBe(4);
    const score = o.essential?.states[0]?.items[0]?.evidence.score ?? 0;
    expect(score).toBeLessThan(1);
    expect(score).toBeGreaterThanOrEqual(cached!.defaultThreshold);
    const computed = cached!.counters.embeddingsComputed;
    await ev.evaluate(job);
    expect(cached!.counters.embeddingsComputed).toBe(computed); // nothing embedded twice
  }, 120_000);
});

// Integration with the models module's PP-OCR: Touchstone's own `ocr<text>` primitive.
describe.skipIf(!existsSync(TRACE_18))('ocr<text> items with the real OCR engine', () => {
  it('finds a word shown on the execution screenshot and not on the others', async () => {
    const { root, episodeDir } = datasetWithEss(tmp, { 4: 'ocr<the woman>' });
    const dir = buildTrace(episodeDir, path.join(tmp, 'ocr'), [2, 4].map((screen) => ({ screen })));
    const ev = new EpisodeEvaluator({ methods: ['essential'], mode: 'fixed', appPackages: {} });
    const o = await ev.evaluate({ datasetRoot: root, relPath: 'trace_18', episode: '18', category: '', nsteps: 5, trace: { episode: '18', dir, layout: 'llamatouch', via: 'test' } });
    expect(o.essential?.completed).toBe(true);
    expect(o.essential?.states[0]?.execStep).toBe(1);
    expect(o.essential?.states[0]?.items[0]?.sentence).toMatch(/OCR found "the woman"/);
  }, 120_000);
});

// Fuzzy items on worker threads: vectors come from the main thread's single cached embedder.
describe.skipIf(!existsSync(TRACE_18))('fuzzy items evaluated on worker threads with the default embedder', () => {
  it('gives the in-process verdicts and embeds each distinct text once for all workers', async () => {
    const { runJobs } = await import('./eval-pool');
    const { root, episodeDir } = datasetWithEss(tmp, { 4: 'fuzzy<-1>|fuzzy<6>' });
    const plans = [[0, 1, 2, 3, 4], [0, 1, 2, 3], [2, 4], [3, 2]];
    const jobs = plans.map((steps, i) => ({
      datasetRoot: root, relPath: 'trace_18', episode: `e${i}`, category: '', nsteps: 5,
      trace: { episode: `e${i}`, dir: buildTrace(episodeDir, path.join(tmp, `w${i}`), steps.map((screen) => ({ screen }))), layout: 'llamatouch' as const, via: 'test' },
    }));
    const settings = { methods: ['essential' as const], mode: 'fixed' as const, appPackages: {} };
    const lazy = new LazyEmbedder('default');
    const stats = { textsSeen: 0 };
    const onWorkers = await runJobs(jobs, { jobs: 2, settings, embedder: lazy, stats });
    expect(onWorkers.map((o) => o.essential?.completed)).toEqual([true, false, true, false]);
    const inProcess = await runJobs(jobs, { jobs: 1, settings, embedder: new LazyEmbedder('default') });
    expect(onWorkers.map((o) => o.essential?.states)).toEqual(inProcess.map((o) => o.essential?.states));
    const c = (await lazy.counters())!;
    expect(stats.textsSeen).toBeGreaterThan(c.embeddingsComputed);
    // Every computed vector is held once (long screen texts add their window mean, which is not computed).
    expect(c.embeddingsComputed).toBeLessThanOrEqual((await lazy.get())!.size);
    await runJobs(jobs, { jobs: 2, settings, embedder: lazy });
    expect((await lazy.counters())!.embeddingsComputed).toBe(c.embeddingsComputed); // nothing embedded twice
  }, 120_000);
});
