// Profiling helper: evaluates the realistic corpus in-process once (run under node --cpu-prof).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { EvalJob } from '../../electron/core/evaluation/episode-evaluator';
import os from 'node:os';
import path from 'node:path';
import { runJobs } from '../../electron/core/evaluation/eval-pool';
import { LazyEmbedder } from '../../electron/core/evaluation/embedding-provider';
import { buildCorpus } from './corpus';

// PROF_CORPUS=dir: reuse (or first build) a corpus there, so the profile holds the evaluation only.
const keep = process.env.PROF_CORPUS;
const tmp = keep ?? mkdtempSync(path.join(os.tmpdir(), 'touchstone-prof-'));
const saved = path.join(tmp, 'jobs.json');
const corpus = keep && existsSync(saved) ? { jobs: JSON.parse(readFileSync(saved, 'utf8')) as EvalJob[] } : buildCorpus(path.join(tmp, 'corpus'), Number(process.env.BENCH_EPISODES ?? 200));
if (keep) writeFileSync(saved, JSON.stringify(corpus.jobs));
const mode = (process.env.PROF_MODE ?? 'fixed') as 'fixed' | 'legacy';
const embedder = process.env.PROF_EMBEDDER === 'none' ? undefined : new LazyEmbedder('default');
const t0 = performance.now();
const out = await runJobs(corpus.jobs, { jobs: 1, settings: { methods: ['essential'], mode, appPackages: {} }, embedder });
const s = (performance.now() - t0) / 1000;
console.log(`${out.length} episodes in ${s.toFixed(2)} s: ${(out.length / s).toFixed(1)} episodes/s, ${out.filter((o) => o.essential?.completed).length} completed`);
if (!keep) rmSync(tmp, { recursive: true, force: true });
