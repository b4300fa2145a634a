import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path, { join } from 'node:path';
import { HAVE_ADB } from '../../virtual-device/testing';
import type { CanaryResult } from '../../../shared/contract/run-canary';
import type { EpisodeRecord } from './episode-record';
import { canarySample } from './canary';
import type { RunTask } from './run-tasks';
import { startRunFixture, type RunFixture } from './testing/run-fixture';
import { openRunService, type RunService } from './testing/run-service';

const REPO = path.resolve(import.meta.dirname, '../../..');

function cli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'electron/cli.ts'), 'run', ...args], { cwd: REPO, env });
    let out = '';
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { out += d.toString(); });
    const timer = setTimeout(() => child.kill('SIGKILL'), 200_000);
    child.on('close', (code) => { clearTimeout(timer); resolve({ code, out, stdout }); });
  });
}

describe('canary sample', () => {
  const tasks = Array.from({ length: 10 }, (_, k) => ({ episode: `t${k}` }) as RunTask);
  it('N tasks chosen by the seed, in index order; the same seed gives the same sample; 0 or too many: all', () => {
    const a = canarySample(tasks, 3, 7).map((t) => t.episode);
    expect(a).toHaveLength(3);
    expect(a).toEqual([...a].sort((x, y) => Number(x.slice(1)) - Number(y.slice(1))));
    expect(canarySample(tasks, 3, 7).map((t) => t.episode)).toEqual(a);
    expect(new Set([1, 2, 3, 4, 5].map((s) => canarySample(tasks, 3, s).map((t) => t.episode).join()))).not.toHaveProperty('size', 1);
    expect(canarySample(tasks, 0, 1)).toHaveLength(10);
    expect(canarySample(tasks, 99, 1)).toHaveLength(10);
  });
});

describe.skipIf(!HAVE_ADB)('touchstone run --canary: a drifted device quarantines the task its recording no longer completes (virtual device, real adb)', () => {
  let fx: RunFixture;
  let app: RunService;
  const events: { name: string; payload: unknown }[] = [];
  beforeAll(async () => {
    fx = await startRunFixture(1, { only: ['demo10', 'demo11', 'demo14'] });
    app = await openRunService(fx, (name, payload) => events.push({ name, payload }));
  }, 120_000);
  afterAll(async () => { await (app ? app.close() : fx?.stop()); });

  it('Counter uninstalled beforehand: demo14 is quarantined at the step that opens Counter, the others run; the report shows both screens', async () => {
    const serial = fx.devices[0].serial;
    // The drift: an app gone from the device (a setup command through the real adb), which the tasks' reset does not bring back.
    // Counter is the last icon of the home grid, so the Notes tasks' screens stay as recorded.
    const u = await fx.adb.adb(['-s', serial, 'shell', 'pm uninstall com.touchstone.clock']);
    expect(u.stdout).toContain('Success');
    const out = join(fx.tmp, 'canary-run');
    const r = await cli(['--dataset', fx.dataset, '--tasks', 'all', '--agent', 'replay', '--devices', 'all', '--out', out, '--canary', '--quiet'], fx.adb.env);
    expect(r.code, r.out).toBe(0);
    expect(r.stdout).toMatch(/canary: 2 task\(s\) replayed their recording on 1 device kind\(s\), 1 quarantined/);
    expect(r.stdout).toMatch(/quarantined: demo14 \(diverged at step 1\) on .*: Its own recording no longer completes/);

    const c = JSON.parse(readFileSync(join(out, 'canary', 'canary.json'), 'utf8')) as CanaryResult;
    expect(c.quarantined.map((q) => [q.episode, q.step])).toEqual([['demo14', 1]]);
    const bad = c.checked.find((x) => x.episode === 'demo14')!;
    // Step 0 is the home screen in both (one icon fewer); the tap on Counter opens it in the recording only.
    expect(bad.divergence?.reason).toMatch(/The recording shows com\.touchstone\.clock\/.*CounterActivity here, the replay com\.google\.android\.apps\.nexuslauncher/);
    expect(bad.screens && existsSync(bad.screens.recorded) && existsSync(bad.screens.replayed)).toBe(true);
    expect(c.checked.filter((x) => x.passed).map((x) => x.episode)).toEqual(['demo10', 'demo11']);

    // The batch ran the rest, not the quarantined task.
    expect(existsSync(join(out, 'replay', 'r1', 'demo14'))).toBe(false);
    for (const ep of ['demo10', 'demo11']) {
      const rec = JSON.parse(readFileSync(join(out, 'replay', 'r1', ep, 'episode.json'), 'utf8')) as EpisodeRecord;
      expect(rec.evaluation?.completed).toBe(true);
    }
    const html = readFileSync(join(out, 'canary', 'report.html'), 'utf8');
    expect(html).toContain('<b>Diverged at step 1.</b>');
    const imgs = [...html.matchAll(/<img src="([^"]+)"/g)].map((m) => decodeURIComponent(m[1]));
    expect(imgs).toHaveLength(2);
    for (const src of imgs) expect(existsSync(join(out, 'canary', src)), src).toBe(true);
  }, 240_000);

  it('run:start with canary (the run view): the summary and the run:canary event name the quarantined task and serve both screens; the batch runs the rest', async () => {
    const s = await app.service.calls['run:start']({ datasetId: app.datasetId, tasks: 'all', agents: ['noop'], devices: 'all', canary: true });
    expect(s.canary?.quarantined.map((q) => [q.episode, q.step])).toEqual([['demo14', 1]]);
    expect(s.episodes.map((e) => e.episode).sort()).toEqual(['demo10', 'demo11']);
    const bad = s.canary!.checked.find((c) => !c.passed)!;
    // Screens as URLs the page can load, the trace relative to the dataset.
    expect(bad.screens?.recorded).toMatch(new RegExp(`^/files/${app.datasetId}/general/trace_demo14/1\\.png$`));
    expect(bad.screens?.replayed).toMatch(/^\/files\/.*\/canary\/kind1\/replay\/r1\/demo14\/captured_data\/screenshot\/1\.png$/);
    expect(existsSync(join(fx.dataset, bad.trace))).toBe(true);
    const ev = events.find((e) => e.name === 'run:canary')?.payload as (CanaryResult & { jobId: string }) | undefined;
    expect(ev?.quarantined.map((q) => q.episode)).toEqual(['demo14']);
    // The canary came before the batch: its event precedes every episode of the run.
    expect(events.findIndex((e) => e.name === 'run:canary')).toBeLessThan(events.findIndex((e) => e.name === 'run:episode'));
  }, 240_000);
});
