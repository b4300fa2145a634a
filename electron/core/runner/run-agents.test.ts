import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EpisodeRecord } from './episode-record';
import { HAVE_ADB } from '../../virtual-device/testing';
import { adbShell } from '../capture/device-shell';
import { DeviceManager } from '../devices/device-manager';
import { runEvaluation } from '../evaluation/run-evaluation';
import { runAgents, type RunOptions } from './run-agents';
import { loadRunTasks } from './run-tasks';
import { startRunFixture, type RunFixture } from './testing/run-fixture';

describe.skipIf(!HAVE_ADB)('episode runner on virtual devices through the real adb server (adb not installed → skipped)', () => {
  let fx: RunFixture;
  let mgr: DeviceManager;
  const base = (over: Partial<RunOptions>): RunOptions => ({
    tasks: [], agents: ['replay'], repeat: 1, out: join(fx.tmp, 'runs'), devices: [], shellFor: (s) => adbShell(mgr.client, s),
    limits: { maxSteps: 15, stepTimeoutMs: 30_000, episodeTimeoutMs: 120_000 }, resume: false, seed: 1, agentSettings: {},
    signal: new AbortController().signal, ...over,
  });

  beforeAll(async () => {
    fx = await startRunFixture(3);
    mgr = new DeviceManager({ host: '127.0.0.1', port: fx.adb.port });
  }, 120_000);
  afterAll(async () => { await fx?.stop(); });

  it('lists the three virtual devices with model, API level and screen size', async () => {
    const list = await mgr.list();
    expect(list.map((d) => d.serial).sort()).toEqual(fx.devices.map((d) => d.serial).sort());
    for (const d of list) expect(d).toMatchObject({ state: 'device', kind: 'virtual', apiLevel: 31, screen: { width: 1080, height: 2400 } });
  });

  it('replays every demo task on 3 devices in parallel: every trace evaluates as completed, also through touchstone eval', async () => {
    const tasks = await loadRunTasks(fx.dataset, 'all');
    expect(tasks.length).toBeGreaterThanOrEqual(20);
    const t0 = Date.now();
    const r = await runAgents(base({ tasks, devices: await mgr.pick('all') }));
    const used = new Set(r.items.map((x) => x.device));
    expect(used.size).toBe(3);
    const failed = r.items.filter((x) => !x.record.evaluation?.completed).map((x) => `${x.item.task.episode}: ${x.record.outcome} ${x.record.reason ?? ''} ${x.record.evaluation?.reason ?? ''}`);
    expect(failed).toEqual([]);
    expect(r.items).toHaveLength(tasks.length);
    const report = await runEvaluation({ datasetRoot: fx.dataset, tracesRoot: join(fx.tmp, 'runs', 'replay'), methods: ['essential'], mode: 'fixed', jobs: 1 });
    expect(report.outcomes).toHaveLength(tasks.length);
    expect(report.outcomes.filter((o) => !o.essential?.completed).map((o) => `${o.episode}: ${o.essential?.reason}`)).toEqual([]);
    console.log(`replay of ${tasks.length} tasks on 3 devices: ${Date.now() - t0} ms`);
  }, 240_000);

  it('the no-op agent\'s traces evaluate as not completed', async () => {
    const tasks = await loadRunTasks(fx.dataset, 'all');
    const r = await runAgents(base({ tasks, agents: ['noop'], devices: await mgr.pick('all') }));
    expect(r.items).toHaveLength(tasks.length);
    expect(r.items.filter((x) => x.record.evaluation?.completed !== false).map((x) => x.item.task.episode)).toEqual([]);
    expect(r.items.every((x) => x.record.steps.length === 1 && x.record.agentVerdict === 'complete')).toBe(true);
  }, 240_000);

  it('a device that disappears mid-run interrupts its episode with the reason; the other devices finish the queue', async () => {
    const flaky = await fx.addDevice({ faults: { latencyMs: 15 } });
    const steady = fx.devices[0]!;
    const tasks = await loadRunTasks(fx.dataset, ['demo13', 'demo10', 'demo14', 'demo16', 'demo18', 'demo19', 'demo23', 'demo02']);
    const devices = await mgr.pick([steady.serial, flaky.serial]);
    const out = join(fx.tmp, 'vanish');
    // The phone disappears (stops listening, drops adb's connection) once its first episode has two steps.
    let pulled = false;
    const watch = setInterval(() => {
      for (const t of tasks) {
        const f = join(out, 'replay', 'r1', t.episode, 'episode.json');
        const rec = existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) as EpisodeRecord : null;
        if (!pulled && rec?.device.serial === flaky.serial && rec.steps.length >= 2) { pulled = true; void flaky.device.close(); }
      }
    }, 5);
    const r = await runAgents(base({ tasks, out, devices })).finally(() => clearInterval(watch));
    expect(pulled).toBe(true);
    const broken = r.items.filter((x) => x.record.outcome !== 'finished');
    expect(broken.map((x) => [x.device, x.record.outcome])).toEqual([[flaky.serial, 'interrupted']]);
    expect(broken[0]!.record.reason).toContain(flaky.serial);
    expect(broken[0]!.record.steps.length).toBeGreaterThanOrEqual(2);
    expect(r.lostDevices.map((l) => l.serial)).toEqual([flaky.serial]);
    const rest = r.items.filter((x) => x !== broken[0]);
    expect(rest).toHaveLength(tasks.length - 1);
    expect(rest.every((x) => x.device === steady.serial && x.record.evaluation?.completed)).toBe(true);
  }, 240_000);

  it('ends an episode at the step limit, repeats tasks, and the random agent reproduces with its seed', async () => {
    const tasks = await loadRunTasks(fx.dataset, ['demo14']);
    const devices = await mgr.pick([fx.devices[0]!.serial]);
    const opts = base({ tasks, agents: ['random'], repeat: 2, devices, agentSettings: { complete: '0' }, limits: { maxSteps: 3, stepTimeoutMs: 30_000, episodeTimeoutMs: 60_000 } });
    const a = await runAgents({ ...opts, out: join(fx.tmp, 'rand-a') });
    const b = await runAgents({ ...opts, out: join(fx.tmp, 'rand-b') });
    expect(a.items.map((x) => [x.item.repeat, x.record.outcome, x.record.steps.length])).toEqual([[1, 'step-limit', 3], [2, 'step-limit', 3]]);
    expect(a.items.map((x) => x.record.reason)).toEqual([expect.stringMatching(/step limit \(3\)/), expect.stringMatching(/step limit/)]);
    expect(b.items.map((x) => x.record.steps.map((s) => s.action))).toEqual(a.items.map((x) => x.record.steps.map((s) => s.action)));
    expect(a.items[0]!.item.dir).toMatch(/random\/r1\/demo14$/);
  }, 120_000);

  it('an unauthorized device is reported with what to do, and a run refuses it naming it', async () => {
    const locked = await fx.addDevice({ unauthorized: true });
    const d = (await mgr.list()).find((x) => x.serial === locked.serial)!;
    expect(d.state).toBe('unauthorized');
    expect(d.hint).toMatch(/Allow USB debugging/);
    await expect(mgr.pick([locked.serial])).rejects.toThrow(new RegExp(`${locked.serial.replace(/\./g, '\\.')} is unauthorized: .*Allow USB debugging`));
    expect((await mgr.pick('all')).map((x) => x.serial)).not.toContain(locked.serial);
  });
});
