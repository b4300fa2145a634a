// Evaluator throughput on a realistic corpus generated at bench time (bench/realistic/corpus.ts):
// every real fixture screen plus text variants, annotated in the census' shares, one trace per
// episode in the upstream captured_data layout (replays, detours, five kinds of failure).
// Prints episodes/s cold and warm (caches), 1 and 2 workers, CPU-ms per episode, embeddings computed, peak RSS, and, when
// LLAMATOUCH_EVALUATOR_DIR names a checkout of LlamaTouch/Evaluator, upstream's nofuzzy throughput on
// the same corpus in the same run, the ratio, and how often our legacy mode agrees with upstream.
// BENCH_BASELINE=<other checkouts, comma-separated> adds old-vs-new pairs run alternately in this process (same load for both).
// Runs the esbuild-bundled worker as production does (BENCH_SOURCE=1: the TS sources via tsx).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleDir, bundleWithWorker } from '../electron/core/evaluation/testing/bundle';
import type { EvalJob, EvalSettings } from '../electron/core/evaluation/episode-evaluator';
import type * as Pool from '../electron/core/evaluation/eval-pool';
import type * as Provider from '../electron/core/evaluation/embedding-provider';
import type * as WPool from '../electron/core/evaluation/worker-pool';
import type { FromWorker, ToWorker } from '../electron/core/evaluation/pool-messages';
import { buildCorpus } from './realistic/corpus';
import { FIXTURES } from './realistic/screens';

const EPISODES = Number(process.env.BENCH_EPISODES ?? 200);
const UPSTREAM = process.env.LLAMATOUCH_EVALUATOR_DIR;
const PYTHON = process.env.BENCH_PYTHON ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');

if (!existsSync(path.join(FIXTURES, 'llamatouch/episodes/trace_18'))) {
  console.log('evaluator bench: ../shared/fixtures is absent; nothing to measure.');
  process.exit(0);
}

type Lib = { runJobs: typeof Pool.runJobs; LazyEmbedder: typeof Provider.LazyEmbedder; WorkerPool: typeof WPool.WorkerPool };
async function bundled(dir: string): Promise<Lib> {
  if (process.env.BENCH_SOURCE) {
    const [pool, provider, wpool] = await Promise.all([import('../electron/core/evaluation/eval-pool'), import('../electron/core/evaluation/embedding-provider'), import('../electron/core/evaluation/worker-pool')]);
    return { runJobs: pool.runJobs, LazyEmbedder: provider.LazyEmbedder, WorkerPool: wpool.WorkerPool };
  }
  const lib = await bundleWithWorker(dir, 'bench-lib', "export { runJobs } from './electron/core/evaluation/eval-pool';\nexport { LazyEmbedder } from './electron/core/evaluation/embedding-provider';\nexport { WorkerPool } from './electron/core/evaluation/worker-pool';\n");
  return import(pathToFileURL(lib).href) as Promise<Lib>;
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'touchstone-realbench-'));
const bundle = bundleDir('evalbench');
const { runJobs, LazyEmbedder, WorkerPool } = await bundled(bundle);
let peakRss = 0;
const sampler = setInterval(() => { peakRss = Math.max(peakRss, process.memoryUsage().rss); }, 50);

const tGen = performance.now();
const corpus = buildCorpus(path.join(tmp, 'corpus'), EPISODES);
console.log(`load average is the machine's; on a shared machine compare the per-CPU-second figures.`);
console.log(`evaluator: ${process.env.BENCH_SOURCE ? 'TS sources via tsx' : 'esbuild bundle (as production)'}; ${os.cpus().length} CPUs; load average ${os.loadavg().map((x) => x.toFixed(2)).join(' ')}`);
console.log(`corpus: ${corpus.jobs.length} episodes over ${corpus.screens} distinct screens (real fixture screens and text variants), ${corpus.items} essential-state items (${corpus.fuzzyItems} fuzzy), traces ${JSON.stringify(corpus.kinds)}; generated in ${((performance.now() - tGen) / 1000).toFixed(1)} s`);

interface Measured { rate: number; cpuRate: number; completed: Map<string, boolean>; embeddings: number }
async function measure(label: string, jobs: EvalJob[], workers: number, settings: Partial<EvalSettings>, cacheDir: string | undefined, embedder?: Provider.LazyEmbedder, pool?: WPool.WorkerPool): Promise<Measured> {
  const before = (await embedder?.counters())?.embeddingsComputed ?? 0;
  const completed = new Map<string, boolean>();
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let errors = 0;
  await runJobs(jobs, {
    jobs: workers, settings: { methods: ['essential'], mode: 'fixed', appPackages: { duolingo: 'com.duolingo' }, ...settings }, embedder, cacheDir, keep: false, pool,
    onResult: (o) => { completed.set(o.episode, Boolean(o.essential?.completed)); if (o.error) errors++; },
  });
  const s = (performance.now() - t0) / 1000;
  const c1 = process.cpuUsage(c0);
  const cpu = (c1.user + c1.system) / 1e6;
  const embeddings = ((await embedder?.counters())?.embeddingsComputed ?? 0) - before;
  const rate = jobs.length / s;
  const cpuRate = jobs.length / cpu;
  const done = [...completed.values()].filter(Boolean).length;
  console.log(`${label.padEnd(44)} ${rate.toFixed(1).padStart(7)} episodes/s wall, ${cpuRate.toFixed(1).padStart(6)} per CPU-second, ${(1000 / cpuRate).toFixed(2).padStart(5)} CPU-ms per episode (${s.toFixed(2)} s, ${workers} worker${workers > 1 ? 's' : ''}; ${done} completed, ${errors} errors${embedder ? `, ${embeddings} embeddings computed` : ''})`);
  return { rate, cpuRate, completed, embeddings };
}

/** Starting a worker on `entry` until its first result (one episode, --embedder none): wall and process CPU (all threads). */
async function firstResult(entry: string, job: EvalJob): Promise<{ ms: number; cpuMs: number }> {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const w = new Worker(entry);
  await new Promise<void>((resolve, reject) => {
    w.on('message', (m: FromWorker) => { if (m.type === 'result' || m.type === 'failed') resolve(); });
    w.on('error', reject);
    w.postMessage({ type: 'init', settings: { methods: ['essential'], mode: 'fixed', appPackages: {} }, embeddings: false } satisfies ToWorker);
    w.postMessage({ type: 'job', id: 0, job } satisfies ToWorker);
  });
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  await new Promise<void>((resolve) => { w.once('exit', () => resolve()); w.postMessage({ type: 'stop' } satisfies ToWorker); });
  return { ms, cpuMs: (c.user + c.system) / 1000 };
}
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/**
 * Worker start, the production split bundle against the same worker as one file (how it was built
 * before: onnxruntime-node, @napi-rs/canvas and the OCR code loaded at start). Alternating, 5 each, medians.
 */
async function workerStart(): Promise<void> {
  if (process.env.BENCH_SOURCE) return;
  const single = path.join(bundle, 'single', 'core', 'evaluation', 'eval.worker.mjs');
  await build({
    bundle: true, platform: 'node', target: 'node20', format: 'esm', packages: 'external', logLevel: 'warning', outfile: single,
    entryPoints: [path.join(import.meta.dirname, '../electron/core/evaluation/eval.worker.ts')],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  const split = path.join(bundle, 'core', 'evaluation', 'eval.worker.mjs');
  const r = { single: [] as { ms: number; cpuMs: number }[], split: [] as { ms: number; cpuMs: number }[] };
  for (let k = 0; k < 5; k++) {
    r.single.push(await firstResult(single, corpus.jobs[0]!));
    r.split.push(await firstResult(split, corpus.jobs[0]!));
  }
  const fmt = (xs: { ms: number; cpuMs: number }[]): string => `${median(xs.map((x) => x.ms)).toFixed(0)} ms wall, ${median(xs.map((x) => x.cpuMs)).toFixed(0)} ms CPU`;
  console.log(`worker start (new worker to its first result, one episode, --embedder none; medians of 5): one-file bundle (before) ${fmt(r.single)}; split bundle (now) ${fmt(r.split)}`);
}
await workerStart();

/** CPU seconds of this process's waited-for children so far (/proc/self/stat cutime + cstime). */
function childCpu(): number {
  const f = readFileSync('/proc/self/stat', 'utf8');
  const rest = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return (Number(rest[13]) + Number(rest[14])) / 100;
}
/** Wall and CPU seconds of a child process run to its end. */
function timed(cmd: string, args: string[]): { s: number; cpu: number; status: number | null; out: string } {
  const c0 = childCpu();
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  return { s: (performance.now() - t0) / 1000, cpu: childCpu() - c0, status: r.status, out: `${r.stdout}\n${r.stderr}` };
}

let upstream: { rate: number; cpuRate: number; completed: Record<string, boolean>; processSeconds: number } | undefined;
if (UPSTREAM) {
  const t0 = performance.now();
  const r = spawnSync(PYTHON, [path.join(import.meta.dirname, 'realistic/upstream_eval.py'), UPSTREAM, corpus.metadata, corpus.datasetRoot, corpus.tracesRoot], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  const line = r.stdout.trim().split('\n').at(-1) ?? '';
  try {
    const j = JSON.parse(line) as { episodes: number; seconds: number; cpu_seconds: number; completed: Record<string, boolean> };
    upstream = { rate: j.episodes / j.seconds, cpuRate: j.episodes / j.cpu_seconds, completed: j.completed, processSeconds: (performance.now() - t0) / 1000 };
    console.log(`${'upstream LlamaTouch evaluator (python3, nofuzzy)'.padEnd(44)} ${upstream.rate.toFixed(1).padStart(7)} episodes/s wall, ${upstream.cpuRate.toFixed(1).padStart(6)} per CPU-second, ${(1000 / upstream.cpuRate).toFixed(2).padStart(5)} CPU-ms per episode (${j.seconds.toFixed(2)} s; ${Object.values(j.completed).filter(Boolean).length} completed)`);
  } catch {
    console.log(`upstream run failed (exit ${r.status}): ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' | ')}`);
  }
} else {
  console.log('upstream: set LLAMATOUCH_EVALUATOR_DIR to a checkout of LlamaTouch/Evaluator to compare in the same run.');
}

const jobs = corpus.jobs;
const cacheDir = (name: string): string => path.join(tmp, `cache-${name}`);
const run = async (label: string, workers: number, name: string): Promise<Measured> => measure(label, jobs, workers, {}, cacheDir(name), new LazyEmbedder('default', { cacheDir: path.join(cacheDir(name), 'embeddings') }));

// Unmeasured warm-up on 20 episodes (no caches kept): the JIT compiles the hot code once per process,
// so the runs below compare alike whichever comes first (a CLI run pays it once: a few tenths of a CPU-second).
await runJobs(jobs.slice(0, 20), { jobs: 1, settings: { methods: ['essential'], mode: 'fixed', appPackages: {} }, keep: false });
console.log('(warm-up: 20 episodes evaluated once, unmeasured, so every run below starts with compiled code)');
// The evaluation alone: no result cache to fingerprint and write (upstream keeps none either).
const bare = await measure('fixed, --embedder none, 1 worker, no --cache', jobs, 1, {}, undefined);
const nofuzzy = await measure('fixed, --embedder none, 1 worker, cold', jobs, 1, {}, cacheDir('none1'));
const nofuzzy2 = await measure('fixed, --embedder none, 2 workers, cold', jobs, 2, {}, cacheDir('none2'));
// A started pool, as serve/desktop keeps between evaluations: its worker was started, and evaluated the
// corpus once (unmeasured, no cache), as the calling thread has before its 1-worker run, so both have
// compiled the hot code; the measured run starts no thread. "cold" in its label is the caches only.
const started = new WorkerPool();
started.keepBetweenRuns(60_000);
await runJobs(jobs, { jobs: 2, mainLane: false, settings: { methods: ['essential'], mode: 'fixed', appPackages: {} }, keep: false, pool: started });
const pooled2 = await measure('fixed, --embedder none, 2 workers, cold, started pool', jobs, 2, {}, cacheDir('none2p'), undefined, started);
await started.trim(true);
const cold1 = await run('fixed, default embedder, 1 worker, cold', 1, 'a');
const warm1 = await run('fixed, default embedder, 1 worker, warm', 1, 'a');
const cold2 = await run('fixed, default embedder, 2 workers, cold', 2, 'b');
const warm2 = await run('fixed, default embedder, 2 workers, warm', 2, 'b');
// serve/desktop after a first evaluation: workers kept and the model loaded; caches cold.
const started2 = new WorkerPool();
started2.keepBetweenRuns(60_000);
await runJobs(jobs, { jobs: 2, mainLane: false, settings: { methods: ['essential'], mode: 'fixed', appPackages: {} }, keep: false, pool: started2 });
// How long the calling thread (serve/desktop: the server's or the app's main thread) is blocked at a
// time while the pool evaluates: it dispatches, stores results and runs the sentence model.
let stall = 0;
let tick = performance.now();
const stallTimer = setInterval(() => { const now = performance.now(); stall = Math.max(stall, now - tick); tick = now; }, 5);
const pooledDefault = await measure('fixed, default embedder, 2 workers, cold, started pool', jobs, 2, {}, cacheDir('p2'), new LazyEmbedder('default', { cacheDir: path.join(cacheDir('p2'), 'embeddings') }), started2);
clearInterval(stallTimer);
console.log(`calling thread during that run: longest time between two 5 ms timer ticks ${stall.toFixed(0)} ms (the model runs there, one 128-token window per call)`);
await started2.trim(true);
const legacy = await measure('legacy (upstream semantics), 2 workers, cold', jobs, 2, { mode: 'legacy' }, cacheDir('legacy'), new LazyEmbedder('default', { cacheDir: path.join(cacheDir('legacy'), 'embeddings') }));

// "2 workers" = the calling thread and one worker thread (PoolOptions.mainLane). The sentence model is
// loaded once per process, by the first default-embedder run: compare scaling on the --embedder none runs.
console.log(`2 workers / 1 worker (--embedder none, cold caches): worker started for the run ${(nofuzzy2.rate / nofuzzy.rate).toFixed(2)}x wall (CPU per episode ${(nofuzzy.cpuRate / nofuzzy2.cpuRate).toFixed(2)}x); started pool ${(pooled2.rate / nofuzzy.rate).toFixed(2)}x wall (CPU per episode ${(nofuzzy.cpuRate / pooled2.cpuRate).toFixed(2)}x); default embedder, worker started for the run: ${(cold2.rate / cold1.rate).toFixed(2)}x wall; target >= 1.7x wall on 2 otherwise idle cores, load average now ${os.loadavg()[0]!.toFixed(1)}`);
console.log(`warm / cold (second run over unchanged inputs): ${(warm1.rate / cold1.rate).toFixed(1)}x with 1 worker, ${(warm2.rate / cold2.rate).toFixed(1)}x with 2 (target >= 20x); embeddings computed warm: ${warm1.embeddings + warm2.embeddings}`);
if (upstream) {
  const best = Math.max(cold1.rate, cold2.rate);
  console.log(`vs upstream nofuzzy, wall: default settings cold ${(best / upstream.rate).toFixed(1)}x (started pool ${(pooledDefault.rate / upstream.rate).toFixed(1)}x), --embedder none ${(nofuzzy.rate / upstream.rate).toFixed(1)}x, warm ${(Math.max(warm1.rate, warm2.rate) / upstream.rate).toFixed(0)}x (target >= 3x, goal 20x)`);
  console.log(`vs upstream nofuzzy, per CPU-second (fair on a loaded machine): default settings cold ${(cold1.cpuRate / upstream.cpuRate).toFixed(1)}x, --embedder none ${(nofuzzy.cpuRate / upstream.cpuRate).toFixed(1)}x (without the result cache ${(bare.cpuRate / upstream.cpuRate).toFixed(1)}x), warm ${(warm1.cpuRate / upstream.cpuRate).toFixed(0)}x`);
  const same = jobs.filter((j) => legacy.completed.get(j.episode) === upstream!.completed[j.episode]).length;
  console.log(`legacy mode agrees with upstream on ${same} of ${jobs.length} episodes (upstream runs without fuzzy matching; see shared/evaluation/README.md for the known difference)`);
}
// What a CLI user waits for: `touchstone eval` as a new process (node start, loading the command,
// the model when needed, reading the corpus, writing the result cache), against upstream's whole python3 process.
if (!process.env.BENCH_SOURCE) {
  const dist = bundleDir('evalcli'); // inside the checkout, so the bundles find node_modules
  const b = spawnSync(process.execPath, ['scripts/build.mjs', '--no-renderer', '--outdir', dist], { cwd: path.join(import.meta.dirname, '..'), encoding: 'utf8' });
  if (b.status !== 0) console.log(`CLI rows skipped: the build failed: ${b.stderr.trim().split('\n').slice(-2).join(' | ')}`);
  else {
    const cliRate: Record<string, number> = {};
    for (const embedder of ['none', 'default']) {
      for (const jobs2 of [1, 2]) {
        const runs = [1, 2].map((k) => timed(process.execPath, [path.join(dist, 'cli.mjs'), 'eval', '--dataset', corpus.datasetRoot, '--traces', corpus.tracesRoot, '--jobs', String(jobs2), '--embedder', embedder, '--quiet', '--cache', path.join(tmp, `cli-${embedder}-${jobs2}-${k}`)]));
        const best = runs.reduce((a, x) => (x.s < a.s ? x : a));
        if (best.status !== 0) { console.log(`touchstone eval failed (exit ${best.status}): ${best.out.trim().split('\n').slice(-2).join(' | ')}`); continue; }
        cliRate[`${embedder}${jobs2}`] = jobs.length / best.s;
        console.log(`${`CLI process, --embedder ${embedder}, --jobs ${jobs2}, cold`.padEnd(44)} ${(jobs.length / best.s).toFixed(1).padStart(7)} episodes/s wall, ${(jobs.length / best.cpu).toFixed(1).padStart(6)} per CPU-second (${best.s.toFixed(2)} s for the whole process, best of 2)`);
      }
    }
    // The machine's own ceiling for two lanes: two independent `touchstone eval --jobs 1` processes at
    // once, against one alone. Threads of one process cannot scale better than separate processes do.
    const args = (k: string): string[] => [path.join(dist, 'cli.mjs'), 'eval', '--dataset', corpus.datasetRoot, '--traces', corpus.tracesRoot, '--jobs', '1', '--embedder', 'none', '--quiet', '--cache', path.join(tmp, `pair-${k}`)];
    const alone = Math.min(...[1, 2].map((k) => { const r = timed(process.execPath, args(`a${k}`)); return r.status === 0 ? r.s : NaN; }));
    const pairOnce = async (k: number): Promise<number> => {
      const t0 = performance.now();
      const codes = await Promise.all([0, 1].map((i) => new Promise<number | null>((resolve) => spawn(process.execPath, args(`p${k}${i}`), { stdio: 'ignore' }).on('close', resolve))));
      // A process that failed would make the pair look fast: no figure then.
      return codes.every((c) => c === 0) ? (performance.now() - t0) / 1000 : NaN;
    };
    const pair = Math.min(await pairOnce(1), await pairOnce(2));
    if (Number.isNaN(pair) || Number.isNaN(alone)) console.log('machine ceiling: a touchstone eval process failed; no figure.');
    else console.log(`machine ceiling for 2 lanes: two independent touchstone eval --jobs 1 --embedder none processes at once take ${pair.toFixed(2)} s, one alone ${alone.toFixed(2)} s: ${(2 * alone / pair).toFixed(2)}x the throughput of one (best of 2; 2.0x if the 2 CPUs were independent for this work)`);
    rmSync(dist, { recursive: true, force: true });
    if (upstream) console.log(`whole processes vs upstream's (python3 start and imports included, ${upstream.processSeconds.toFixed(2)} s): --embedder none ${((cliRate.none2 ?? 0) * upstream.processSeconds / jobs.length).toFixed(1)}x, default ${((cliRate.default2 ?? 0) * upstream.processSeconds / jobs.length).toFixed(1)}x (--jobs 2)`);
  }
}
// Old against new in one process (BENCH_BASELINE=<another checkout with its node_modules>): both
// evaluators bundled from their own sources, their runs alternated so both see the same machine load;
// per pair the ratio of CPU per episode (evaluation alone: no result cache, --embedder none, 1 lane).
const BASELINE = process.env.BENCH_BASELINE;
if (BASELINE && !process.env.BENCH_SOURCE) {
  for (const checkout of BASELINE.split(',')) {
    const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: checkout, encoding: 'utf8' }).stdout.trim() || checkout;
    const helper = await import(pathToFileURL(path.join(path.resolve(checkout), 'electron/core/evaluation/testing/bundle.ts')).href) as typeof import('../electron/core/evaluation/testing/bundle');
    const baseDir = helper.bundleDir('baseline');
    const old = await import(pathToFileURL(await helper.bundleWithWorker(baseDir, 'bench-lib', "export { runJobs } from './electron/core/evaluation/eval-pool';\n")).href) as Pick<Lib, 'runJobs'>;
    const cpuPerEpisode = async (r: Lib['runJobs'], settings: Partial<EvalSettings>): Promise<number> => {
      const c0 = process.cpuUsage();
      await r(jobs, { jobs: 1, settings: { methods: ['essential'], mode: 'fixed', appPackages: { duolingo: 'com.duolingo' }, ...settings }, keep: false });
      const c = process.cpuUsage(c0);
      return (c.user + c.system) / 1000 / jobs.length;
    };
    const PAIRS = Number(process.env.BENCH_PAIRS ?? 6);
    const rows: [string, Partial<EvalSettings>][] = [
      ['fixed (defaults of each)', {}],
      // The persistence check (71f26d6) reads the screen of the declaration: work the baseline never did.
      ['fixed, --persist none (the baseline\'s rule)', { persist: 'none' }],
    ];
    for (const [label, settings] of rows) {
      await cpuPerEpisode(old.runJobs, settings);
      await cpuPerEpisode(runJobs, settings);
      const o: number[] = [];
      const n: number[] = [];
      const ratio: number[] = [];
      for (let k = 0; k < PAIRS; k++) {
        // Each pair runs old, new, new, old (or the reverse) and keeps each side's lower figure: other
        // load on the machine only ever adds CPU time, so the lower of two runs is the closer to the work.
        const [first, second] = k % 2 ? [old.runJobs, runJobs] : [runJobs, old.runJobs];
        const r1 = await cpuPerEpisode(first, settings);
        const r2 = await cpuPerEpisode(second, settings);
        const r3 = await cpuPerEpisode(second, settings);
        const r4 = await cpuPerEpisode(first, settings);
        const [a, b] = k % 2 ? [Math.min(r1, r4), Math.min(r2, r3)] : [Math.min(r2, r3), Math.min(r1, r4)];
        o.push(a); n.push(b); ratio.push(b / a);
      }
      console.log(`${`${commit} vs this checkout, ${label}`.padEnd(44)} ${median(o).toFixed(2)} vs ${median(n).toFixed(2)} CPU-ms per episode (medians of ${PAIRS} pairs, each the lower of two runs a side, ABBA order); new/old ${median(ratio).toFixed(3)}, lowest of all ${(Math.min(...n) / Math.min(...o)).toFixed(3)} (pairs ${ratio.map((x) => x.toFixed(2)).join(' ')}; < 1 is faster)`);
    }
    rmSync(baseDir, { recursive: true, force: true });
  }
} else if (!process.env.BENCH_SOURCE) {
  console.log('baseline: set BENCH_BASELINE to another checkout (with node_modules) to compare old and new in the same run.');
}
clearInterval(sampler);
console.log(`peak RSS (main thread sampler): ${(peakRss / 2 ** 20).toFixed(0)} MiB; process maxRSS incl. workers: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
rmSync(tmp, { recursive: true, force: true });
rmSync(bundle, { recursive: true, force: true });
