import { describe, it, expect, afterAll } from 'vitest';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { buildTrace } from '../core/evaluation/testing/build-trace';
import { datasetWithEpisodes, tempDir, TRACE_18 } from '../core/evaluation/testing/temp-dataset';

const REPO = path.resolve(import.meta.dirname, '../..');
const tmp = tempDir();
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function cli(args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO, 'electron/cli.ts'), 'eval', ...args], { cwd: REPO, encoding: 'utf8', timeout: 90_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe.skipIf(!existsSync(TRACE_18))('touchstone eval --check-manifest (real process)', () => {
  const ess = { 2: 'activity<0>|exact<1>|click<//*[@resource-id="com.duolingo:id/path"]/android.view.ViewGroup[2]/android.widget.LinearLayout[1]/android.widget.ImageView[1]>', 4: 'activity<0>|exact<6>' };
  const root = datasetWithEpisodes(tmp, ess, ['good', 'bad']);
  const traces = path.join(tmp, 'traces');
  buildTrace(path.join(root, 'ep_good'), path.join(traces, 'good'), [0, 1, 2, 3, 4].map((screen) => ({ screen })));
  buildTrace(path.join(root, 'ep_bad'), path.join(traces, 'bad'), [0, 1].map((screen) => ({ screen })));
  const human = path.join(tmp, 'human.csv');
  writeFileSync(human, 'episode,human\ngood,1\nbad,0\n');

  it("--json records a manifest (CSV one beside it); the check reproduces, then names the episode whose .ess line changed", () => {
    const json = path.join(tmp, 'r.json');
    const csv = path.join(tmp, 'r.csv');
    const first = cli(['--dataset', root, '--traces', traces, '--human', human, '--embedder', 'none', '--jobs', '1', '--quiet', '--json', json, '--csv', csv]);
    expect(first.code, first.err).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8')) as { manifest: { format: string; humanLabels: { count: number; hash: string } } };
    expect(report.manifest.format).toBe('touchstone-manifest/1');
    expect(report.manifest.humanLabels.count).toBe(2);
    // The labels file sits outside the dataset and traces folders: still hashed by its content.
    expect(report.manifest.humanLabels.hash).toBe(createHash('sha1').update(readFileSync(human)).digest('hex'));
    expect(JSON.parse(readFileSync(path.join(tmp, 'r.manifest.json'), 'utf8'))).toEqual(report.manifest);

    const same = cli(['--check-manifest', json, '--quiet']);
    expect(same.code, same.err).toBe(0);
    expect(same.out).toBe('REPRODUCED: all verdicts of 2 episode(s) are the same.\n');

    writeFileSync(path.join(root, 'ep_good', '4.ess'), 'activity<0>|exact<999>');
    const changed = cli(['--check-manifest', json, '--quiet']);
    expect(changed.code).toBe(1);
    expect(changed.out).toContain('NOT REPRODUCED: 1 verdict(s) differ.\n  good essential: recorded completed, now not completed\nWhat changed:\n');
    expect(changed.out).toMatch(/^ {2}episode good's annotation changed \([0-9a-f]{12} -> [0-9a-f]{12}\)$/m);
    expect(changed.out).not.toContain("episode bad's");
  }, 200_000);

  it('says what is wrong with a file that holds no manifest, and still needs --dataset and --traces without one', () => {
    const plain = path.join(tmp, 'plain.json');
    writeFileSync(plain, '{"rows": []}');
    const r = cli(['--check-manifest', plain]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`touchstone eval: ${plain} holds no manifest`);
    const missing = cli(['--traces', traces]);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('touchstone eval: --dataset is required');
  }, 60_000);
});
