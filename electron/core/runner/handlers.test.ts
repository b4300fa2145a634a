import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { join } from 'node:path';
import type { EventName } from '../../../shared/contract';
import { HAVE_ADB } from '../../virtual-device/testing';
import { createAppService } from '../../app';
import type { AppService } from '../../kernel/types';
import { startRunFixture, type RunFixture } from './testing/run-fixture';

describe.skipIf(!HAVE_ADB)('device and run calls of the app service (adb not installed → skipped)', () => {
  let fx: RunFixture;
  let service: AppService;
  const events: { event: EventName; payload: unknown }[] = [];

  beforeAll(async () => {
    fx = await startRunFixture(2, { only: ['demo01', 'demo15'] });
    // The app's device manager uses the usual adb server variables, read on first use.
    process.env.ANDROID_ADB_SERVER_PORT = String(fx.adb.port);
    service = createAppService({ mode: 'web', stateDir: join(fx.tmp, 'state'), fileUrl: () => '' });
    service.subscribe((event, payload) => events.push({ event, payload }));
  }, 120_000);
  afterAll(async () => { delete process.env.ANDROID_ADB_SERVER_PORT; await fx?.stop(); });

  it('device:list reports the devices; run:start runs a job with progress and returns evaluated episodes', async () => {
    const list = await service.calls['device:list']({});
    expect(list.map((d) => d.serial).sort()).toEqual(fx.devices.map((d) => d.serial).sort());
    const extra = await fx.addDevice();
    const until = Date.now() + 10_000;
    const seen = (): boolean => events.some((e) => e.event === 'device:changed' && (e.payload as { devices: { serial: string; state: string }[] }).devices.some((d) => d.serial === extra.serial && d.state === 'device'));
    while (!seen() && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(seen()).toBe(true);
    await extra.stop();
    const ds = await service.calls['dataset:open']({ path: fx.dataset });
    const r = await service.calls['run:start']({ datasetId: ds.id, tasks: 'all', agents: ['replay', 'noop'], devices: 'all', jobId: 'run-1' });
    expect(r.planned).toBe(4);
    expect(r.episodes.map((e) => `${e.agent} ${e.episode} ${e.completed}`).sort()).toEqual(['noop demo01 false', 'noop demo15 false', 'replay demo01 true', 'replay demo15 true']);
    expect(r.episodes.every((e) => e.trace.startsWith(`${r.out}/`) && r.out.startsWith('runs/'))).toBe(true);
    const progress = events.filter((e) => e.event === 'job:progress' && (e.payload as { jobId: string }).jobId === 'run-1');
    expect(progress.at(-1)?.payload).toMatchObject({ kind: 'run', done: 4, total: 4 });
    await expect(service.calls['run:start']({ datasetId: ds.id, tasks: ['nope'], agents: ['replay'], devices: 'all' })).rejects.toThrow(/Task nope is not in/);
  }, 120_000);
});
