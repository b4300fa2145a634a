import { describe, it, expect, afterAll } from 'vitest';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildTrace } from '../core/evaluation/testing/build-trace';
import { datasetWithEpisodes, tempDir, TRACE_18 } from '../core/evaluation/testing/temp-dataset';

const REPO = path.resolve(import.meta.dirname, '../..');
const tmp = tempDir();
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function cli(args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO, 'electron/cli.ts'), 'eval', ...args], { cwd: REPO, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe.skipIf(!existsSync(TRACE_18))('touchstone eval (CLI, real process)', () => {
  const ess = { 2: 'activity<0>|exact<1>|click<//*[@resource-id="com.duolingo:id/path"]/android.view.ViewGroup[2]/android.widget.LinearLayout[1]/android.widget.ImageView[1]>' };
  const root = datasetWithEpisodes(tmp, ess, ['good', 'bad']);
  const traces = path.join(tmp, 'traces');
  buildTrace(path.join(root, 'ep_good'), path.join(traces, 'good'), [0, 1, 2, 3, 4].map((screen) => ({ screen })));
  buildTrace(path.join(root, 'ep_bad'), path.join(traces, 'bad'), [0, 1].map((screen) => ({ screen })));
  const human = path.join(tmp, 'human.csv');
  writeFileSync(human, 'episode,human\ngood,1\nbad,1\n');

  it('evaluates with every method on 2 workers, prints the table and writes JSON and CSV', () => {
    const json = path.join(tmp, 'out.json');
    const csv = path.join(tmp, 'out.csv');
    const r = cli(['--dataset', root, '--traces', traces, '--method', 'all', '--human', human, '--json', json, '--csv', csv, '--jobs', '2', '--embedder', 'none']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('2 episode(s) evaluated (mode fixed)');
    expect(r.out).toMatch(/essential:TCR.*stepwise:TCR.*lcs:TCR/);
    const report = JSON.parse(readFileSync(json, 'utf8')) as { rows: { episode: string; completed: Record<string, boolean> }[] };
    expect(Object.fromEntries(report.rows.map((x) => [x.episode, x.completed.essential]))).toEqual({ good: true, bad: false });
    expect(readFileSync(csv, 'utf8').split('\n')[0]).toMatch(/^episode,category,nsteps,human,essential,/);
    expect(readFileSync(path.join(tmp, 'out.summary.csv'), 'utf8')).toContain('all,all,essential,2,0.5000,1,0.5000,1,0.5000');
  });

  it('exits 1 on an unreadable input and 2 on a bad option', () => {
    expect(cli(['--dataset', path.join(tmp, 'missing'), '--traces', traces]).code).toBe(1);
    const bad = cli(['--dataset', root, '--traces', traces, '--mode', 'strict']);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--mode must be fixed or legacy');
  });
});
