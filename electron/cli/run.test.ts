import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { HAVE_ADB } from '../virtual-device/testing';
import { startRunFixture, type RunFixture } from '../core/runner/testing/run-fixture';
import type { EpisodeRecord } from '../core/runner/episode-record';
import { CLI, REPO, records, startCli, stepFiles } from './testing/run-cli';

describe.skipIf(!HAVE_ADB)('touchstone run / devices (adb not installed → skipped)', () => {
  let fx: RunFixture;
  // Asynchronous on purpose: the virtual devices live in this process and must keep answering while the CLI runs.
  const cli = (args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> => startCli(fx.adb.env, args).done;

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

  it('three shard processes (1/3, 2/3, 3/3) partition the run exactly and write the traces and verdicts of one unsharded run', async () => {
    const serials = fx.devices.map((d) => d.serial);
    const common = ['run', '--dataset', fx.dataset, '--tasks', 'all', '--agent', 'replay,noop', '--quiet'];
    const whole = await cli([...common, '--devices', serials.join(','), '--out', join(fx.tmp, 'whole')]);
    expect(whole.status, String(whole.stderr)).toBe(0);
    const refused = await cli([...common, '--devices', serials[0]!, '--out', join(fx.tmp, 'zero'), '--shard', '0/3']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('--shard counts from 1: "0/3" names no shard. Use 1/3 for the first shard and 3/3 for the last');
    // One process per shard, each on its own device, all writing to one folder; each lists what it ran.
    const shards = await Promise.all(serials.map((dev, k) => cli([...common, '--devices', dev, '--out', join(fx.tmp, 'sharded'), '--shard', `${k + 1}/3`, '--json', join(fx.tmp, `shard${k + 1}.json`)])));
    expect(shards.map((r) => r.status), shards.map((r) => r.stderr).join('\n')).toEqual([0, 0, 0]);
    shards.forEach((r, k) => expect(r.stdout).toContain(`(shard ${k + 1}/3)`));
    const ran = serials.map((_, k) => (JSON.parse(readFileSync(join(fx.tmp, `shard${k + 1}.json`), 'utf8')) as { dir: string }[]).map((x) => relative(join(fx.tmp, 'sharded'), x.dir)));
    const verdicts = (out: string): Record<string, [string, boolean | undefined, number]> =>
      Object.fromEntries([...records(out)].map(([k, r]) => [k, [r.outcome, r.evaluation?.completed, r.steps.length]]));
    const w = verdicts(join(fx.tmp, 'whole'));
    expect(Object.keys(w)).toHaveLength(12);
    expect(ran.map((x) => x.length)).toEqual([4, 4, 4]);
    expect(ran.flat()).toHaveLength(12); // no episode twice ...
    expect([...new Set(ran.flat())].sort()).toEqual(Object.keys(w).sort()); // ... and none missing
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
