import { describe, it, expect, afterAll } from 'vitest';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildTrace } from '../core/evaluation/testing/build-trace';
import { datasetWithEpisodes, tempDir, TRACE_18 } from '../core/evaluation/testing/temp-dataset';
import { bundleDir, bundleWithWorker } from '../core/evaluation/testing/bundle';

const REPO = path.resolve(import.meta.dirname, '../..');
const ENTRY = ['--import', 'tsx', path.join(REPO, 'electron/cli.ts'), 'eval'];
const tmp = tempDir();
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function cli(args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [...ENTRY, ...args], { cwd: REPO, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

interface Report { cancelled: boolean; planned: number; final: string; rows: { episode: string; completed: Record<string, boolean> }[] }
const readReport = (f: string): Report => JSON.parse(readFileSync(f, 'utf8')) as Report;
const verdicts = (r: Report): Record<string, boolean | undefined> => Object.fromEntries(r.rows.map((x) => [x.episode, x.completed.essential]));

describe.skipIf(!existsSync(TRACE_18))('touchstone eval (CLI, real process)', () => {
  const ess = { 2: 'activity<0>|exact<1>|click<//*[@resource-id="com.duolingo:id/path"]/android.view.ViewGroup[2]/android.widget.LinearLayout[1]/android.widget.ImageView[1]>' };
  const root = datasetWithEpisodes(tmp, ess, ['good', 'bad', 'noend']);
  const traces = path.join(tmp, 'traces');
  buildTrace(path.join(root, 'ep_good'), path.join(traces, 'good'), [0, 1, 2, 3, 4].map((screen) => ({ screen })));
  buildTrace(path.join(root, 'ep_bad'), path.join(traces, 'bad'), [0, 1].map((screen) => ({ screen })));
  // Reaches the annotated state but never declares the task complete.
  buildTrace(path.join(root, 'ep_noend'), path.join(traces, 'noend'), [0, 1, 2, 3].map((screen) => ({ screen })));
  const human = path.join(tmp, 'human.csv');
  writeFileSync(human, 'episode,human\ngood,1\nbad,1\nnoend,0\n');

  it('refuses, before evaluating, report files it could not write and a --cache that is a file, naming each', () => {
    const file = path.join(tmp, 'a-file');
    writeFileSync(file, 'x');
    const cases: [string[], string][] = [
      [['--json', path.join(tmp, 'no-such-folder', 'out.json')], `cannot write ${path.join(tmp, 'no-such-folder', 'out.json')}: the folder ${path.join(tmp, 'no-such-folder')} does not exist.`],
      [['--html', tmp], `cannot write ${tmp}: it is a folder; name a file.`],
      [['--csv', path.join(file, 'out.csv')], `cannot write ${path.join(file, 'out.csv')}: ${file} is not a folder.`],
      [['--cache', file], `--cache ${file} is a file; name a folder`],
      [['--cache', path.join(file, 'sub')], `--cache ${path.join(file, 'sub')}: ${file} is a file`],
    ];
    for (const [args, said] of cases) {
      const r = cli(['--dataset', root, '--traces', traces, '--embedder', 'none', ...args]);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.err).toContain(`touchstone eval: ${said}`);
      expect(r.err).not.toContain('eval: 1/3 episodes'); // nothing was evaluated first
    }
  });

  it('says so and exits 1 when nothing matches: traces of another dataset, or no traces at all; an empty group has no rate', () => {
    const empty = path.join(tmp, 'empty');
    mkdirSync(empty, { recursive: true });
    const other = cli(['--dataset', empty, '--traces', traces, '--embedder', 'none', '--quiet']);
    expect(other.code).toBe(1);
    expect(other.err).toContain(`warning: ${empty}: No task index and no episode folders found.`);
    expect(other.err).toContain(`touchstone eval: nothing was evaluated: none of the 3 trace(s) under ${traces} belongs to an episode of ${empty}`);
    expect(other.out).toMatch(/^all +0 +-$/m);
    const none = cli(['--dataset', root, '--traces', empty, '--embedder', 'none', '--quiet']);
    expect(none.code).toBe(1);
    expect(none.out).toContain('0 episode(s) evaluated (mode fixed, final complete); 3 dataset episode(s) have no trace.');
    expect(none.err).toContain(`touchstone eval: nothing was evaluated: no trace found under ${empty}`);
  });

  it('evaluates with every method on 2 workers: progress on stderr, the table on stdout, JSON, CSV and an SVG chart', () => {
    const [json, csv, svg] = ['out.json', 'out.csv', 'out.svg'].map((f) => path.join(tmp, f));
    const r = cli(['--dataset', root, '--traces', traces, '--method', 'all', '--human', human, '--json', json, '--csv', csv, '--plot', svg!, '--jobs', '2', '--embedder', 'none']);
    expect(r.code).toBe(0);
    expect(r.err).toContain('eval: 3/3 episodes (100%)');
    expect(r.out).toContain('3 episode(s) evaluated (mode fixed, final complete)');
    expect(r.out).toMatch(/essential:TCR.*stepwise:TCR.*lcs:TCR/);
    expect(verdicts(readReport(json!))).toEqual({ good: true, bad: false, noend: false });
    expect(readFileSync(csv!, 'utf8').split('\n')[0]).toMatch(/^episode,category,nsteps,human,essential,/);
    // essential completes good only; humans accept good and bad: tp 1 (good), fn 1 (bad), tn 1 (noend).
    expect(readFileSync(path.join(tmp, 'out.summary.csv'), 'utf8')).toContain('all,all,essential,3,0.3333,0.6667,0.6667,1,0.5000');
    const chart = readFileSync(svg!, 'utf8');
    expect(chart).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(chart).toContain('<title>essential on all: 33.3%</title>');
    expect(chart).toContain('<title>human on all: 66.7%</title>');
  });

  it('the esbuild bundle (dist layout, as bin/touchstone.mjs runs it) evaluates on its bundled workers with the same verdicts', async () => {
    const dir = bundleDir('evaltest');
    try {
      const entry = await bundleWithWorker(dir, 'cli', "import { run } from './electron/cli/eval';\nrun(process.argv.slice(2)).then((c) => { process.exitCode = c; });\n");
      const json = path.join(tmp, 'bundled.json');
      const r = spawnSync(process.execPath, [entry, '--dataset', root, '--traces', traces, '--method', 'all', '--jobs', '2', '--embedder', 'none', '--json', json], { cwd: tmp, encoding: 'utf8', timeout: 60_000 });
      expect(r.status, r.stderr).toBe(0);
      expect(verdicts(readReport(json))).toEqual({ good: true, bad: false, noend: false });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--final none judges the annotated states only', () => {
    const json = path.join(tmp, 'none.json');
    expect(cli(['--dataset', root, '--traces', traces, '--final', 'none', '--json', json, '--jobs', '1', '--embedder', 'none', '--quiet']).code).toBe(0);
    expect(verdicts(readReport(json))).toEqual({ good: true, bad: false, noend: true });
    expect(readReport(json).final).toBe('none');
  });

  it('--shard k/n (counted from 1) runs disjoint parts that together cover every trace', () => {
    const parts = [1, 2].map((i) => {
      const json = path.join(tmp, `shard${i}.json`);
      expect(cli(['--dataset', root, '--traces', traces, '--shard', `${i}/2`, '--json', json, '--jobs', '1', '--embedder', 'none', '--quiet']).code).toBe(0);
      return Object.keys(verdicts(readReport(json)));
    });
    expect(parts.map((p) => p.length)).toEqual([2, 1]);
    expect(parts.flat().sort()).toEqual(['bad', 'good', 'noend']);
  });

  it('the n shards of a dataset partition it exactly: no episode twice, none missing, verdicts as unsharded', () => {
    const ids = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'];
    const proot = datasetWithEpisodes(tmp, ess, ids);
    const ptraces = path.join(tmp, 'ptraces');
    // Alternate good and bad traces so a shard that mixed up episodes would also mix up verdicts.
    ids.forEach((id, k) => buildTrace(path.join(proot, `ep_${id}`), path.join(ptraces, id), (k % 2 ? [0, 1] : [0, 1, 2, 3, 4]).map((screen) => ({ screen })), undefined, { linkScreenshots: true }));
    const evaluate = (shard?: string): Record<string, boolean | undefined> => {
      const json = path.join(tmp, `part-${shard?.replace('/', 'of') ?? 'all'}.json`);
      const r = cli(['--dataset', proot, '--traces', ptraces, ...(shard ? ['--shard', shard] : []), '--json', json, '--jobs', '1', '--embedder', 'none', '--quiet']);
      expect(r.code, r.err).toBe(0);
      if (shard) expect(r.out).toContain(`, shard ${shard})`);
      return verdicts(readReport(json));
    };
    const whole = evaluate();
    expect(Object.keys(whole).sort()).toEqual(ids);
    const parts = ['1/3', '2/3', '3/3'].map((s) => evaluate(s));
    const seen = parts.flatMap((p) => Object.keys(p));
    expect(seen.length).toBe(ids.length); // no episode twice ...
    expect([...new Set(seen)].sort()).toEqual(ids); // ... and none missing
    expect(parts.map((p) => Object.keys(p).length)).toEqual([3, 2, 2]);
    expect(Object.assign({}, ...parts)).toEqual(whole);
    expect(Object.values(whole).filter(Boolean)).toHaveLength(4);
  });

  it('exits 1 on an unreadable input and 2 on a bad option', () => {
    expect(cli(['--dataset', path.join(tmp, 'missing'), '--traces', traces]).code).toBe(1);
    expect(cli(['--dataset', root, '--traces', traces, '--human', path.join(tmp, 'missing.csv')]).code).toBe(1);
    for (const [args, msg] of [[['--mode', 'strict'], '--mode must be fixed or legacy'], [['--final', 'maybe'], '--final must be complete or none'], [['--shard', '3/2'], '--shard must be k/n with 1 <= k <= n'], [['--shard', '0/2'], '--shard counts from 1: "0/2" names no shard. Use 1/2 for the first shard and 2/2 for the last'], [['--jobs', '0'], '--jobs must be a whole number >= 1']] as const) {
      const bad = cli(['--dataset', root, '--traces', traces, ...args]);
      expect(bad.code).toBe(2);
      expect(bad.err).toContain(msg);
    }
    // Seven CLI launches: 5-8 s each on a loaded machine.
  }, 180_000);

  it('Ctrl-C (SIGINT) stops the run and still reports and writes the episodes done (exit 130)', async () => {
    // 10 episodes whose traces wander 150 steps on a screen that never satisfies the state: every step
    // parses its hierarchy, so the run lasts long enough to be interrupted after the first progress line.
    const ids = Array.from({ length: 10 }, (_, i) => `slow${i}`);
    const slowRoot = datasetWithEpisodes(tmp, ess, ids);
    const many = path.join(tmp, 'many');
    for (const id of ids) buildTrace(path.join(slowRoot, `ep_${id}`), path.join(many, id), Array.from({ length: 150 }, () => ({ screen: 3 })), undefined, { linkScreenshots: true });
    const json = path.join(tmp, 'cancelled.json');
    const child = spawn(process.execPath, [...ENTRY, '--dataset', slowRoot, '--traces', many, '--jobs', '1', '--embedder', 'none', '--json', json], { cwd: REPO });
    let err = '';
    let out = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString();
      if (/eval: \d+\/\d+ episodes/.test(err) && !child.killed) child.kill('SIGINT');
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(code).toBe(130);
    expect(out).toMatch(/CANCELLED after \d+ of \d+ episode\(s\) evaluated/);
    const r = readReport(json);
    expect(r.cancelled).toBe(true);
    expect(r.rows.length).toBeGreaterThan(0);
    expect(r.rows.length).toBeLessThan(r.planned);
    expect(r.rows.every((x) => x.completed.essential === false)).toBe(true);
  }, 60_000);
});
