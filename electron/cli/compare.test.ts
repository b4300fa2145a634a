import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path, { join } from 'node:path';
import { createDemoDataset, type DemoResult } from '../core/demo/create-demo';

const REPO = path.resolve(import.meta.dirname, '../..');

describe("touchstone compare on the demo's replay vs demo-alternative traces (real process)", () => {
  let tmp = '';
  let demo: DemoResult;
  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'touchstone-compare-'));
    // The demo's own runs: only the agents compared (replay on the alternative-path tasks, and the alternatives).
    demo = await createDemoDataset({ out: join(tmp, 'demo'), transport: 'in-process' });
  }, 400_000);
  afterAll(() => { if (tmp) rmSync(tmp, { recursive: true, force: true }); });

  it('lists exactly the episodes whose verdicts differ, with the 2x2 table, the paired test and the manifest differences', () => {
    const json = join(tmp, 'cmp.json');
    const traces = join(demo.root, 'traces');
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(REPO, 'electron/cli.ts'), 'compare', '--dataset', demo.root, join(traces, 'replay'), join(traces, 'demo-alternative'), '--json', json, '--quiet', '--jobs', '1'],
      { cwd: REPO, encoding: 'utf8', timeout: 300_000 });
    expect(r.status, r.stderr).toBe(0);
    // Expected from the runner's own immediate verdicts when the demo was made.
    const alt = demo.verdicts['demo-alternative']!;
    const differ = Object.keys(alt).filter((ep) => alt[ep] !== demo.verdicts.replay![ep]).sort();
    const out = JSON.parse(readFileSync(json, 'utf8')) as { paired: { n: number; flips: { episode: string; a: boolean; b: boolean }[]; mcnemar: { p: number } } };
    expect(out.paired.n).toBe(Object.keys(alt).length);
    expect(out.paired.flips.map((f) => f.episode).sort()).toEqual(differ);
    for (const f of out.paired.flips) expect([f.a, f.b]).toEqual([demo.verdicts.replay![f.episode], alt[f.episode]]);
    expect(r.stdout).toContain(`${differ.length} episode(s) flipped`);
    for (const ep of differ) expect(r.stdout).toMatch(new RegExp(`^ {2}${ep}: A (not )?completed, B (not )?completed$`, 'm'));
    expect(r.stdout).toMatch(/^McNemar exact test: \d+ discordant pair\(s\)/m);
    // Same tool and settings: only the traces (and the episodes replay alone ran) differ.
    expect(r.stdout).not.toContain('setting ');
    expect(r.stdout).toMatch(/^ {2}(episode demo\d+: trace differs|trace differs for \d+ episodes)/m);
    expect(r.stdout).toContain(`touchstone serve --dataset ${demo.root} --traces replay=${join(traces, 'replay')} --traces demo-alternative=${join(traces, 'demo-alternative')}`);
  }, 400_000);
});
