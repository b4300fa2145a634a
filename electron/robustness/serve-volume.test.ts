/**
 * One real `touchstone serve` keeps answering `app:info` within a second (issue 28, findings 3, 6 and
 * the dangling link of 8) while it evaluates a traces folder holding a FIFO, /dev/zero links and a
 * dangling link, opens a 100,000-row index pointing nowhere, and runs 12 jobs started at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeEvalViewFixture, TRACE_18 } from '../core/evaluation/testing/eval-view-fixture';
import { RUN_CONFIGS_SHOWN } from '../../shared/contract/run-defaults';
import { hostileTraces, SECRET } from './hostile-world';
import { startServe, type LiveServe } from './live-serve';

let s: LiveServe;
let state: string;
let big: string;
let world: ReturnType<typeof hostileTraces>;
let warm: ReturnType<typeof makeEvalViewFixture>;

/** An index of `rows` rows whose folders do not exist. */
function nowhereIndex(dir: string, rows: number): void {
  mkdirSync(dir, { recursive: true });
  const lines = ['episode\tcategory\tpath\tdescription\tnsteps\tapp'];
  for (let i = 0; i < rows; i++) lines.push(`${i}\tgeneral\tgeneral/ep_${i}\tTask ${i} of an index pointing nowhere\t5\tDuolingo`);
  writeFileSync(join(dir, 'llamatouch_task_metadata.tsv'), lines.join('\n') + '\n');
}

/** What one case measured: the slowest app:info answer, the server thread's longest stall, the machine's load. */
interface Figures { slowest: number; calls: number; stall: { gapMs: number; cpuMs: number }; load: string }

/** Each case's figures, printed at the end (the closing report quotes them). */
const figures: string[] = [];

/**
 * Calls app:info one after another until `work` settles: the slowest answer in ms, and the longest stall of the
 * server's own thread meanwhile (its heartbeat, see heartbeat.ts), with the CPU the process used in that stall.
 */
async function slowestInfoWhile<T>(label: string, work: Promise<T>): Promise<Figures & { value: T }> {
  const from = Date.now();
  let settled = false;
  const done = work.finally(() => { settled = true; });
  let slowest = 0;
  let calls = 0;
  while (!settled) {
    const t0 = performance.now();
    const r = await s.post('app:info', {});
    expect(r.status).toBe(200);
    slowest = Math.max(slowest, performance.now() - t0);
    calls++;
    await new Promise((r) => setTimeout(r, 50));
  }
  const value = await done;
  // The heartbeat notes a stall when it ends: give the last one a moment to be written.
  await new Promise((r) => setTimeout(r, 100));
  const stall = s.longestStall(from, Date.now());
  const load = loadavg().map((x) => x.toFixed(2)).join(' ');
  figures.push(`${label}: slowest app:info ${slowest.toFixed(0)} ms over ${calls} calls; longest server stall ${stall.gapMs.toFixed(0)} ms (${stall.cpuMs.toFixed(0)} ms CPU); load ${load}`);
  return { value, slowest, calls, stall, load };
}

/** Most CPU the server's own thread may spend in one stall: a quarter of the second app:info has to answer in. */
const OWN_BLOCKING_MS = 250;
/** 1-minute load per core above which the machine, not the server, decides how fast an answer comes (see below). */
const OVERLOADED_PER_CORE = 3;

/**
 * The acceptance: app:info is answered within 1 s. Two checks. The server's own thread never works 250 ms
 * without a turn of its event loop (the CPU it used in its longest stall: what the server controls, whatever
 * the load). And the answers themselves come within 1 s; on a machine loaded past 3 runnable processes per core
 * (a CI box running two suites at once) the scheduler alone can hold a process that long, so there a hang
 * (5 s) still fails and the figure is printed.
 */
function expectResponsive(f: Figures): void {
  const { value: _v, ...shown } = f as Figures & { value?: unknown };
  expect(f.stall.cpuMs, `server thread held: ${JSON.stringify(shown)}`).toBeLessThan(OWN_BLOCKING_MS);
  const overloaded = loadavg()[0]! / cpus().length > OVERLOADED_PER_CORE;
  expect(f.slowest, `slowest app:info (machine ${overloaded ? 'overloaded' : 'not overloaded'}): ${JSON.stringify(shown)}`).toBeLessThan(overloaded ? 5000 : 1000);
}

const ok = (r: { status: number; text: string }): { ok: boolean; value?: any; error?: { message: string } } => JSON.parse(r.text);

beforeAll(async () => {
  state = mkdtempSync(join(tmpdir(), 'touchstone-volume-state-'));
  big = mkdtempSync(join(tmpdir(), 'touchstone-volume-'));
  nowhereIndex(join(big, 'index-100k'), 100_000);
  for (let j = 0; j < 12; j++) nowhereIndex(join(big, `small-${j}`), 1500);
  world = existsSync(TRACE_18) ? hostileTraces() : (undefined as never);
  warm = existsSync(TRACE_18) ? makeEvalViewFixture(2, 1) : (undefined as never);
  nowhereIndex(join(big, 'cfg'), 3);
  // 100,000 named configurations (~4 MB), and factors whose product is 3000 x 3000 x 3000 x 19 (~5e11).
  writeFileSync(join(big, 'cfg', 'configs-100k.json'), JSON.stringify({ configs: Array.from({ length: 100_000 }, (_, i) => ({ name: `c${i}`, fontScale: 1 + (i % 10) / 10, dark: i % 2 === 0 })) }));
  const hex = (n: number): string[] => Array.from({ length: n }, (_, i) => `#${i.toString(16).padStart(6, '0')}`);
  const locales = Array.from({ length: 3000 }, (_, i) => `${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26) % 26)}-${String.fromCharCode(65 + Math.floor(i / 676) % 26)}${String.fromCharCode(65 + Math.floor(i / 17576) % 26)}`);
  writeFileSync(join(big, 'cfg', 'configs-5e11.json'), JSON.stringify({ factors: { locale: locales, fontScale: Array.from({ length: 3000 }, (_, i) => 0.85 + i * 1e-4), wallpaper: hex(3000), density: Array.from({ length: 19 }, (_, i) => 120 + i) } }));
  s = await startServe({ cwd: big, stateDir: state, heartbeat: true, roots: [big, ...(world ? [world.fx.base, warm.base] : [])] });
}, 120_000);

afterAll(async () => {
  console.log(`serve-volume figures (${cpus().length} cores):\n  ${figures.join('\n  ')}`);
  await s?.stop();
  world?.fx.cleanup();
  warm?.cleanup();
  if (world) rmSync(world.outside, { recursive: true, force: true });
  rmSync(big, { recursive: true, force: true });
  rmSync(state, { recursive: true, force: true });
});

describe('touchstone serve stays responsive', () => {
  it.skipIf(!existsSync(TRACE_18))('evaluating a traces folder with a FIFO, /dev/zero links and a dangling link: each fails its episode, app:info answers within 1 s', async () => {
    const { fx, traces } = world;
    // The server runs from source here (tsx compiles each module on first use, on its one thread): a first
    // evaluation of a good folder loads the evaluator's modules, as the built app has them ready.
    const w = await s.post('eval:open', { dataset: warm.dataset, agents: [{ name: 'complete', path: warm.agents.complete }] });
    expect(ok(w).ok, w.text.slice(0, 500)).toBe(true);
    const f = await slowestInfoWhile('eval:open over a FIFO, /dev/zero links and a dangling link', s.post('eval:open', { dataset: fx.dataset, agents: [{ name: 'complete', path: traces }] }));
    const r = f.value;
    const reply = ok(r);
    expect(reply.ok, r.text.slice(0, 2000)).toBe(true);
    const cells = new Map((reply.value.cells as { episode: string; verdicts: { essential?: boolean }; reason?: string; error?: string }[]).map((c) => [c.episode, c]));
    expect(cells.get('e5')?.verdicts.essential).toBe(true);
    for (const id of ['e0', 'e1', 'e2', 'e3']) expect(cells.get(id)?.verdicts.essential, id).toBe(false);
    expect(cells.get('e0')?.reason).toMatch(/2\.activity: it is not a regular file/);
    expect(cells.get('e3')?.reason).toMatch(/dangling link/);
    expect(cells.get('e4')?.error).toMatch(/outside the opened folders/);
    expect(r.text).not.toContain(SECRET);
    expectResponsive(f);
  }, 120_000);

  it('opening a 100,000-row index pointing nowhere: a bounded reply (counts plus the first problems), app:info within 1 s', async () => {
    const f = await slowestInfoWhile('dataset:open of a 100,000-row index', s.post('dataset:open', { path: join(big, 'index-100k') }));
    const r = f.value;
    const reply = ok(r);
    expect(reply.ok, r.text.slice(0, 500)).toBe(true);
    expect(reply.value.tasks).toHaveLength(100_000);
    expect(reply.value.tasks.filter((t: { errors: number }) => t.errors > 0)).toHaveLength(100_000);
    expect(reply.value.problems.length).toBeLessThanOrEqual(202);
    expect(JSON.stringify(reply.value.problems)).toMatch(/more problems \(.*errors\) are not listed here; 100,00\d in all/);
    expect(r.text.length).toBeLessThan(25_000_000);
    expect(f.calls).toBeGreaterThan(5);
    expectResponsive(f);
  }, 240_000);

  it('12 jobs started at once (evaluations and opens): the ones past the limit wait as "queued", all finish, app:info within 1 s', async () => {
    s.resetPeak();
    const rss0 = s.rss();
    // Evaluations (the probe's 12 jobs) where the fixtures are, each with its own agent folder name, and dataset opens.
    const jobs = Array.from({ length: 12 }, (_, j) => (warm && j % 2 === 0
      ? s.post('eval:open', { dataset: warm.dataset, agents: [{ name: `complete-${j}`, path: warm.agents.complete }], jobId: `volume-${j}` })
      : s.post('dataset:open', { path: join(big, `small-${j}`), jobId: `volume-${j}` })));
    let queuedSeen = 0;
    const watch = (async () => {
      for (let k = 0; k < 5; k++) {
        const list = ok(await s.post('job:list', {})).value as { jobId: string; phase?: string }[];
        queuedSeen = Math.max(queuedSeen, list.filter((j) => j.phase === 'queued').length);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const f = await slowestInfoWhile('12 jobs at once (6 eval:open, 6 dataset:open)', Promise.all(jobs));
    const replies = f.value;
    await watch;
    for (const r of replies) expect(ok(r).ok, r.text.slice(0, 300)).toBe(true);
    expect(queuedSeen).toBeGreaterThan(0);
    // The queue bounds memory too (the probe saw 1.5-1.8 GB with 12 jobs at once): the peak stays within 512 MiB of the start.
    const grew = s.peakRss() - rss0;
    figures.push(`  12 jobs: server peak RSS +${(grew / 2 ** 20).toFixed(0)} MiB over ${(rss0 / 2 ** 20).toFixed(0)} MiB`);
    expect(grew).toBeLessThan(512 * 2 ** 20);
    expectResponsive(f);
  }, 240_000);

  it('listing a 100,000-configuration file (run:configs): the first 500 with the count, app:info within 1 s', async () => {
    const datasetId = ok(await s.post('dataset:open', { path: join(big, 'cfg') })).value.id as string;
    // A small file first: the server runs from source and compiles the configuration modules on first use.
    expect(ok(await s.post('run:configs', { datasetId, choice: { file: 'configs-5e11.json', split: 'test' } })).ok).toBe(true);
    const f = await slowestInfoWhile('run:configs on 100,000 configurations', s.post('run:configs', { datasetId, choice: { file: 'configs-100k.json' } }));
    const reply = ok(f.value);
    expect(reply.ok, f.value.text.slice(0, 500)).toBe(true);
    expect([reply.value.configCount, reply.value.chosenCount, reply.value.configs.length, reply.value.chosen.length]).toEqual([100_000, 100_000, RUN_CONFIGS_SHOWN, RUN_CONFIGS_SHOWN]);
    expectResponsive(f);
  }, 240_000);

  it('a 5e11-combination configuration file (run:configs, train split): sampled in under 1 s and 100 MB, app:info within 1 s', async () => {
    const datasetId = ok(await s.post('dataset:open', { path: join(big, 'cfg') })).value.id as string;
    // Once first: the server runs from source and compiles the configuration modules on first use.
    expect(ok(await s.post('run:configs', { datasetId, choice: { file: 'configs-5e11.json', split: 'test' } })).ok).toBe(true);
    s.resetPeak();
    const rss0 = s.rss();
    const t0 = performance.now();
    const f = await slowestInfoWhile('run:configs train split of 5e11 combinations', s.post('run:configs', { datasetId, choice: { file: 'configs-5e11.json', split: 'train', seed: 3 } }));
    const ms = performance.now() - t0;
    const grew = s.peakRss() - rss0;
    figures.push(`  the 5e11 split: ${ms.toFixed(0)} ms, server peak RSS +${(grew / 2 ** 20).toFixed(1)} MiB`);
    const reply = ok(f.value);
    expect(reply.ok, f.value.text.slice(0, 500)).toBe(true);
    expect(reply.value.chosenCount).toBe(35);
    expect(new Set(reply.value.chosen.map((c: { factors: object }) => JSON.stringify(c.factors))).size).toBe(35);
    expect(grew).toBeLessThan(100 * 2 ** 20);
    expect(ms).toBeLessThan(1000);
    expectResponsive(f);
  }, 60_000);
});
