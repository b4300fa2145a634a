// Profiling helper: evaluates the realistic corpus in-process once (run under node --cpu-prof).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runJobs } from '../../electron/core/evaluation/eval-pool';
import { LazyEmbedder } from '../../electron/core/evaluation/embedding-provider';
import { buildCorpus } from './corpus';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'touchstone-prof-'));
const corpus = buildCorpus(path.join(tmp, 'corpus'), Number(process.env.BENCH_EPISODES ?? 200));
const mode = (process.env.PROF_MODE ?? 'fixed') as 'fixed' | 'legacy';
const embedder = process.env.PROF_EMBEDDER === 'none' ? undefined : new LazyEmbedder('default');
const t0 = performance.now();
const out = await runJobs(corpus.jobs, { jobs: 1, settings: { methods: ['essential'], mode, appPackages: {} }, embedder });
const s = (performance.now() - t0) / 1000;
console.log(`${out.length} episodes in ${s.toFixed(2)} s: ${(out.length / s).toFixed(1)} episodes/s, ${out.filter((o) => o.essential?.completed).length} completed`);
rmSync(tmp, { recursive: true, force: true });
