import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path, { join } from 'node:path';
import { HAVE_ADB } from '../virtual-device/testing';
import { startRunFixture, type RunFixture } from '../core/runner/testing/run-fixture';
import type { EpisodeRecord } from '../core/runner/episode-record';

const REPO = path.resolve(import.meta.dirname, '../..');
const CLI = ['--import', 'tsx', path.join(REPO, 'electron/cli.ts')];

/** Every episode.json under `out`, keyed by the trace folder relative to `out`. */
function records(out: string): Map<string, EpisodeRecord> {
  const m = new Map<string, EpisodeRecord>();
  for (const f of readdirSync(out, { recursive: true }).map(String).filter((f) => f.endsWith('episode.json'))) {
    m.set(path.dirname(f), JSON.parse(readFileSync(join(out, f), 'utf8')) as EpisodeRecord);
  }
  return m;
}

/** Step indices present per captured_data kind. */
function stepFiles(trace: string): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const kind of ['screenshot', 'xml', 'view_hierarchy', 'activity', 'action']) {
    const dir = join(trace, 'captured_data', kind);
    out[kind] = existsSync(dir) ? readdirSync(dir).filter((n) => /^\d+\./.test(n)).map((n) => Number(n.split('.')[0])).sort((a, b) => a - b) : [];
  }
  return out;
}

describe.skipIf(!HAVE_ADB)('touchstone run / devices (adb not installed → skipped)', () => {
  let fx: RunFixture;
  // Asynchronous on purpose: the virtual devices live in this process and must keep answering while the CLI runs.
  const cli = (args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> => new Promise((resolve) => {
    const child = spawn(process.execPath, [...CLI, ...args], { cwd: REPO, env: fx.adb.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('exit', (status) => { clearTimeout(timer); resolve({ status, stdout, stderr }); });
  });

  beforeAll(async () => { fx = await startRunFixture(3, { only: ['demo02', 'demo10', 'demo13', 'demo14', 'demo17', 'demo22'] }); }, 120_000);
  afterAll(async () => { await fx?.stop(); });

  it('touchstone devices lists the three virtual devices', async () => {
    const r = await cli(['devices', '--json']);
    expect(r.status, String(r.stderr)).toBe(0);
    const list = JSON.parse(String(r.stdout)) as { serial: string; state: string; kind: string }[];
    expect(list.filter((d) => d.state === 'device' && d.kind === 'virtual').map((d) => d.serial).sort()).toEqual(fx.devices.map((d) => d.serial).sort());
    const table = await cli(['devices']);
    for (const d of fx.devices) expect(String(table.stdout)).toMatch(new RegExp(`${d.serial.replace(/\./g, '\\.')}\\s+device\\s+virtual\\s+Touchstone_Virtual_Phone\\s+API 31\\s+1080x2400`));
  });

  it('two shard processes produce the same traces and verdicts as one unsharded run', async () => {
    const [a, b, c] = fx.devices.map((d) => d.serial);
    const common = ['run', '--dataset', fx.dataset, '--tasks', 'all', '--agent', 'replay,noop', '--quiet'];
    const whole = await cli([...common, '--devices', `${a},${b},${c}`, '--out', join(fx.tmp, 'whole')]);
    expect(whole.status, String(whole.stderr)).toBe(0);
    const shard = (i: number, dev: string): Promise<number> => new Promise((resolve) => {
      const child = spawn(process.execPath, [...CLI, ...common, '--devices', dev, '--out', join(fx.tmp, 'sharded'), '--shard', `${i}/2`], { cwd: REPO, env: fx.adb.env, stdio: 'ignore' });
      child.on('exit', (code) => resolve(code ?? -1));
    });
    expect(await Promise.all([shard(1, a!), shard(2, b!)])).toEqual([0, 0]);
    const verdicts = (out: string): Record<string, [string, boolean | undefined, number]> =>
      Object.fromEntries([...records(out)].map(([k, r]) => [k, [r.outcome, r.evaluation?.completed, r.steps.length]]));
    const w = verdicts(join(fx.tmp, 'whole'));
    expect(Object.keys(w)).toHaveLength(12);
    expect(verdicts(join(fx.tmp, 'sharded'))).toEqual(w);
    expect(Object.entries(w).filter(([k]) => k.startsWith('replay')).every(([, v]) => v[1] === true)).toBe(true);
    expect(Object.entries(w).filter(([k]) => k.startsWith('noop')).every(([, v]) => v[1] === false)).toBe(true);
  }, 240_000);

  it('SIGKILL mid-episode leaves only complete steps; --resume finishes the episode and it evaluates as completed', async () => {
    const dev = fx.devices[2]!;
    dev.device.faults.latencyMs = 25; // slow enough to be caught mid-episode
    const out = join(fx.tmp, 'killed');
    const trace = join(out, 'replay', 'r1', 'demo13');
    const args = ['run', '--dataset', fx.dataset, '--tasks', 'demo13', '--agent', 'replay', '--devices', dev.serial, '--out', out, '--quiet'];
    const child = spawn(process.execPath, [...CLI, ...args], { cwd: REPO, env: fx.adb.env, stdio: 'ignore' });
    const exited = new Promise((r) => child.once('exit', r));
    for (let k = 0; k < 2000; k++) {
      const rec = existsSync(join(trace, 'episode.json')) ? JSON.parse(readFileSync(join(trace, 'episode.json'), 'utf8')) as EpisodeRecord : null;
      if (rec && rec.steps.length >= 2) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    child.kill('SIGKILL');
    await exited;
    dev.device.faults.latencyMs = 0;
    const rec = JSON.parse(readFileSync(join(trace, 'episode.json'), 'utf8')) as EpisodeRecord;
    expect(rec.outcome).toBe('incomplete');
    expect(rec.steps.length).toBeGreaterThanOrEqual(2);
    expect(rec.steps.length).toBeLessThan(7);
    const files = stepFiles(trace);
    const listed = Array.from({ length: rec.steps.length }, (_, i) => i);
    // Every kind holds the same steps: whole steps only (a step cut short may leave none of its files, or all of them).
    const kinds = Object.values(files);
    expect(kinds.every((f) => JSON.stringify(f) === JSON.stringify(kinds[0]))).toBe(true);
    expect(kinds[0]!.slice(0, listed.length)).toEqual(listed);
    expect(kinds[0]!.length - listed.length).toBeLessThanOrEqual(1);
    const resumed = await cli([...args, '--resume']);
    expect(resumed.status, String(resumed.stderr)).toBe(0);
    const done = JSON.parse(readFileSync(join(trace, 'episode.json'), 'utf8')) as EpisodeRecord;
    expect(done).toMatchObject({ outcome: 'finished', resumed: 1, agentVerdict: 'complete', evaluation: { completed: true } });
    expect(done.steps).toHaveLength(7);
    expect(stepFiles(trace).action).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(done.steps.slice(0, rec.steps.length).map((s) => s.action)).toEqual(rec.steps.map((s) => s.action));
  }, 240_000);

  it('Ctrl-C stops after the current step with exit 130, keeps the steps, and --resume finishes', async () => {
    const dev = fx.devices[1]!;
    dev.device.faults.latencyMs = 25;
    const out = join(fx.tmp, 'interrupted');
    const trace = join(out, 'replay', 'r1', 'demo13');
    const args = ['run', '--dataset', fx.dataset, '--tasks', 'demo13', '--agent', 'replay', '--devices', dev.serial, '--out', out, '--quiet'];
    const child = spawn(process.execPath, [...CLI, ...args], { cwd: REPO, env: fx.adb.env, stdio: 'ignore' });
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    for (let k = 0; k < 2000; k++) {
      const rec = existsSync(join(trace, 'episode.json')) ? JSON.parse(readFileSync(join(trace, 'episode.json'), 'utf8')) as EpisodeRecord : null;
      if (rec && rec.steps.length >= 2) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    dev.device.faults.latencyMs = 0;
    const rec = JSON.parse(readFileSync(join(trace, 'episode.json'), 'utf8')) as EpisodeRecord;
    expect(rec.outcome).toBe('cancelled');
    expect(rec.reason).toMatch(/--resume/);
    expect(stepFiles(trace).action).toEqual(rec.steps.map((s) => s.index));
    const resumed = await cli([...args, '--resume']);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(trace, 'episode.json'), 'utf8'))).toMatchObject({ outcome: 'finished', evaluation: { completed: true } });
  }, 240_000);

  it('refuses an unauthorized device naming it and what to do (exit 1)', async () => {
    const locked = await fx.addDevice({ unauthorized: true });
    const r = await cli(['run', '--dataset', fx.dataset, '--tasks', 'all', '--agent', 'noop', '--devices', locked.serial, '--out', join(fx.tmp, 'x')]);
    expect(r.status).toBe(1);
    expect(String(r.stderr)).toContain(`${locked.serial} is unauthorized`);
    expect(String(r.stderr)).toMatch(/Allow USB debugging/);
    const all = await cli(['run', '--dataset', fx.dataset, '--tasks', 'demo14', '--agent', 'noop', '--devices', 'all', '--out', join(fx.tmp, 'y')]);
    expect(all.status, all.stderr).toBe(0);
    expect(all.stderr).toContain(`skipping ${locked.serial} (unauthorized): Unlock the phone`);
    const list = await cli(['devices']);
    expect(String(list.stdout)).toMatch(new RegExp(`${locked.serial.replace(/\./g, '\\.')}: Unlock the phone`));
  });
});
