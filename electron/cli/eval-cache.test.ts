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
  it('a re-run over unchanged inputs reads every verdict back from the cache, with the same report', () => {
    const root = datasetWithEpisodes(tmp, { 2: 'activity<0>|exact<1>', 4: 'activity<0>|exact<6>' }, ['a', 'b']);
    const traces = path.join(tmp, 'traces');
    buildTrace(path.join(root, 'ep_a'), path.join(traces, 'a'), [0, 1, 2, 3, 4].map((screen) => ({ screen })));
    buildTrace(path.join(root, 'ep_b'), path.join(traces, 'b'), [0, 1, 3].map((screen) => ({ screen })));
    const cache = path.join(tmp, 'cache');
    const run = (json: string): { status: number | null; stderr: string } =>
      spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO, 'electron/cli.ts'), 'eval', '--dataset', root, '--traces', traces, '--jobs', '1', '--cache', cache, '--json', json], { cwd: REPO, encoding: 'utf8', timeout: 120_000 });
    const first = run(path.join(tmp, '1.json'));
    expect(first.status, first.stderr).toBe(0);
    // Both entries in one shard file (one write for the run), one line each.
    const entries = (): string[] => readdirSync(path.join(cache, 'results')).map((f) => `${f}:${statSync(path.join(cache, 'results', f)).mtimeMs}`).sort();
    const before = entries();
    expect(before).toHaveLength(1);
    expect(readFileSync(path.join(cache, 'results', before[0]!.split(':')[0]!), 'utf8').trim().split('\n')).toHaveLength(2);
    const second = run(path.join(tmp, '2.json'));
    expect(second.status, second.stderr).toBe(0);
    const rows = (f: string): unknown => (JSON.parse(readFileSync(path.join(tmp, f), 'utf8')) as { rows: unknown }).rows;
    expect(rows('2.json')).toEqual(rows('1.json'));
    // Served from the cache: an evaluated episode would have written a new shard.
    expect(entries()).toEqual(before);
  }, 180_000);
});
