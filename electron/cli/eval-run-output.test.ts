import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HAVE_ADB } from '../virtual-device/testing';
import { startRunFixture, type RunFixture } from '../core/runner/testing/run-fixture';
import { startCli, type CliResult } from './testing/run-cli';
import { EVAL_MANIFEST_FORMAT, type EvalManifest } from '../../shared/evaluation/manifest';

interface SetsReport { sets: { agent: string; repeat?: number; report: { rows: { episode: string; completed: Record<string, boolean> }[] } }[] }

describe.skipIf(!HAVE_ADB)('touchstone eval --traces <the folder touchstone run --out wrote> (real adb, virtual phone)', () => {
  let fx: RunFixture;
  const cli = (args: string[]): Promise<CliResult> => startCli(fx.adb.env, args).done;
  const out = (): string => join(fx.tmp, 'runs');

  beforeAll(async () => {
    fx = await startRunFixture(1, { only: ['demo14', 'demo15'] });
    const r = await cli(['run', '--dataset', fx.dataset, '--tasks', 'all', '--agent', 'replay,noop', '--repeat', '2', '--devices', fx.devices[0]!.serial, '--out', out(), '--quiet', '--no-eval']);
    expect(r.status, r.stderr).toBe(0);
  }, 240_000);
  afterAll(async () => { await fx?.stop(); });

  it('evaluates every agent and repeat of the run output apart, then side by side', async () => {
    const json = join(fx.tmp, 'sets.json');
    const csv = join(fx.tmp, 'sets.csv');
    const r = await cli(['eval', '--dataset', fx.dataset, '--traces', out(), '--embedder', 'none', '--jobs', '1', '--quiet', '--json', json, '--csv', csv]);
    expect(r.status, r.stderr).toBe(0);
    for (const label of ['noop r1', 'noop r2', 'replay r1', 'replay r2']) expect(r.stdout).toContain(`== ${label} (`);
    expect(r.stdout).toMatch(/^agents \(4 trace sets under /m);
    expect(r.stdout).toMatch(/^replay r1 +2 +100\.0%$/m);
    expect(r.stdout).toMatch(/^noop r2 +2 +0\.0%$/m);
    const sets = (JSON.parse(readFileSync(json, 'utf8')) as SetsReport).sets;
    expect(sets.map((s) => [s.agent, s.repeat, Object.fromEntries(s.report.rows.map((x) => [x.episode, x.completed.essential]))])).toEqual([
      ['noop', 1, { demo14: false, demo15: false }], ['noop', 2, { demo14: false, demo15: false }],
      ['replay', 1, { demo14: true, demo15: true }], ['replay', 2, { demo14: true, demo15: true }],
    ]);
    const lines = readFileSync(csv, 'utf8').trim().split('\n');
    expect(lines[0]).toMatch(/^agent,repeat,episode,category,/);
    expect(lines.filter((l) => l.startsWith('replay,2,demo14,'))).toHaveLength(1);
    expect(lines).toHaveLength(9);
  }, 120_000);

  it("with several trace sets, each set's report in the JSON carries its own manifest, as one set's JSON does, and the CSV's .manifest.json lists them all", async () => {
    const json = join(fx.tmp, 'sets-m.json');
    const csv = join(fx.tmp, 'sets-m.csv');
    const one = join(fx.tmp, 'one-m.json');
    const r = await cli(['eval', '--dataset', fx.dataset, '--traces', out(), '--embedder', 'none', '--jobs', '1', '--quiet', '--json', json, '--csv', csv]);
    expect(r.status, r.stderr).toBe(0);
    const single = await cli(['eval', '--dataset', fx.dataset, '--traces', join(out(), 'noop', 'r1'), '--embedder', 'none', '--jobs', '1', '--quiet', '--json', one]);
    expect(single.status, single.stderr).toBe(0);
    const oneManifest = (JSON.parse(readFileSync(one, 'utf8')) as { manifest: EvalManifest }).manifest;
    const sets = (JSON.parse(readFileSync(json, 'utf8')) as { sets: { agent: string; repeat: number; dir: string; report: { manifest?: EvalManifest } }[] }).sets;
    expect(sets).toHaveLength(4);
    for (const s of sets) {
      const m = s.report.manifest!;
      expect(m.format).toBe(EVAL_MANIFEST_FORMAT);
      expect(Object.keys(m).sort()).toEqual(Object.keys(oneManifest).sort());
      expect(m.traces.root).toBe(s.dir);
      expect(m.results.verdicts).toEqual({ demo14: { essential: s.agent === 'replay' }, demo15: { essential: s.agent === 'replay' } });
    }
    // The same set evaluated alone records the same inputs and settings.
    const noop1 = sets.find((s) => s.agent === 'noop' && s.repeat === 1)!.report.manifest!;
    expect(noop1.traces.hash).toBe(oneManifest.traces.hash);
    expect(noop1.settings).toEqual(oneManifest.settings);
    expect(noop1.dataset.annotationsHash).toBe(oneManifest.dataset.annotationsHash);
    const beside = JSON.parse(readFileSync(join(fx.tmp, 'sets-m.manifest.json'), 'utf8')) as { agent: string; manifest: EvalManifest }[];
    expect(beside.map((b) => [b.agent, b.manifest.traces.hash])).toEqual(sets.map((s) => [`${s.agent} r${s.repeat}`, s.report.manifest!.traces.hash]));
  }, 120_000);

  it("one agent's folder with two repeats: both repeats, never one hiding the other", async () => {
    const r = await cli(['eval', '--dataset', fx.dataset, '--traces', join(out(), 'replay'), '--embedder', 'none', '--jobs', '1', '--quiet']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('== replay r1 (');
    expect(r.stdout).toContain('== replay r2 (');
  }, 60_000);

  it('a folder that holds no traces gets one sentence saying what it holds and what to pass', async () => {
    const dataset = await cli(['eval', '--dataset', fx.dataset, '--traces', fx.dataset, '--embedder', 'none', '--quiet']);
    expect(dataset.status).toBe(1);
    expect(dataset.stderr).toContain(`${fx.dataset} is a dataset (2 episode folder(s) with ground-truth screens), not agent traces: give it as --dataset and pass the folder \`touchstone run --out\` wrote`);
    const other = join(fx.tmp, 'other');
    mkdirSync(join(other, 'logs'), { recursive: true });
    writeFileSync(join(other, 'notes.txt'), 'x');
    const r = await cli(['eval', '--dataset', fx.dataset, '--traces', other, '--embedder', 'none', '--quiet']);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${other} holds 1 folder(s) (logs) and 1 file(s) but no agent trace`);
  }, 60_000);
});
