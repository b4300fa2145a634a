import { describe, it, expect, afterAll } from 'vitest';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildTrace } from '../core/evaluation/testing/build-trace';
import { datasetWithEpisodes, tempDir, TRACE_18 } from '../core/evaluation/testing/temp-dataset';

const REPO = path.resolve(import.meta.dirname, '../..');
const tmp = tempDir();
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe.skipIf(!existsSync(TRACE_18))('touchstone eval --cache (CLI, real process)', () => {
  // --jobs 2 is the default: its prestarted worker, idle and still loading when every episode is cached,
  // must not let the process end before the summary and report files (it once did, silently, exit 0).
  for (const jobs of ['1', '2']) it(`a re-run over unchanged inputs reads every verdict back from the cache, with the same report and summary (--jobs ${jobs})`, () => {
    const base = path.join(tmp, `jobs${jobs}`);
    const root = datasetWithEpisodes(base, { 2: 'activity<0>|exact<1>', 4: 'activity<0>|exact<6>' }, ['a', 'b']);
    const traces = path.join(base, 'traces');
    buildTrace(path.join(root, 'ep_a'), path.join(traces, 'a'), [0, 1, 2, 3, 4].map((screen) => ({ screen })));
    buildTrace(path.join(root, 'ep_b'), path.join(traces, 'b'), [0, 1, 3].map((screen) => ({ screen })));
    const cache = path.join(base, 'cache');
    const run = (json: string): { status: number | null; stdout: string; stderr: string } =>
      spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO, 'electron/cli.ts'), 'eval', '--dataset', root, '--traces', traces, '--jobs', jobs, '--cache', cache, '--json', json], { cwd: REPO, encoding: 'utf8', timeout: 120_000 });
    const first = run(path.join(base, '1.json'));
    expect(first.status, first.stderr).toBe(0);
    // Both entries in one shard file (one write for the run), one line each.
    const entries = (): string[] => readdirSync(path.join(cache, 'results')).map((f) => `${f}:${statSync(path.join(cache, 'results', f)).mtimeMs}`).sort();
    const before = entries();
    expect(before).toHaveLength(1);
    expect(readFileSync(path.join(cache, 'results', before[0]!.split(':')[0]!), 'utf8').trim().split('\n')).toHaveLength(2);
    const second = run(path.join(base, '2.json'));
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toContain('2 episode(s) evaluated (mode fixed, final complete)');
    expect(second.stdout).toBe(first.stdout);
    const rows = (f: string): unknown => (JSON.parse(readFileSync(path.join(base, f), 'utf8')) as { rows: unknown }).rows;
    expect(rows('2.json')).toEqual(rows('1.json'));
    // Served from the cache: an evaluated episode would have written a new shard.
    expect(entries()).toEqual(before);
  }, 180_000);
});
