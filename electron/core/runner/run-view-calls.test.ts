import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EventName, EventPayload } from '../../../shared/contract';
import { HAVE_ADB } from '../../virtual-device/testing';
import type { AppService } from '../../kernel/types';
import { startRunFixture, type RunFixture } from './testing/run-fixture';
import { openRunService, type RunService } from './testing/run-service';

const until = async (ok: () => boolean, ms = 20_000): Promise<void> => {
  for (const end = Date.now() + ms; !ok(); await new Promise((r) => setTimeout(r, 25))) if (Date.now() > end) throw new Error('condition not met in time');
};

describe.skipIf(!HAVE_ADB)('run view calls: virtual devices, mirror, live steps, episode cancel, recording (adb not installed → skipped)', () => {
  let fx: RunFixture;
  let service: AppService;
  let app: RunService | undefined;
  let datasetId: string;
  const events: { event: EventName; payload: unknown }[] = [];
  const of = <E extends EventName>(e: E): EventPayload<E>[] => events.filter((x) => x.event === e).map((x) => x.payload as EventPayload<E>);

  beforeAll(async () => {
    fx = await startRunFixture(0, { only: ['demo01', 'demo15', 'demo16'] });
    app = await openRunService(fx, (event, payload) => events.push({ event, payload }));
    ({ service, datasetId } = app);
  }, 120_000);
  afterAll(async () => {
    await (app ? app.close() : fx?.stop());
  });

  it('starts virtual devices, mirrors them, and streams a run step by step; cancelling one episode keeps its steps', async () => {
    const a = await service.calls['device:startVirtual']({ world: 'demo' });
    const b = await service.calls['device:startVirtual']({ world: 'demo' });
    expect([a.state, b.state, a.kind]).toEqual(['device', 'device', 'virtual']);
    const frame = await service.calls['device:screen']({ serial: a.serial });
    const png = Buffer.from(frame.png, 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect({ width: frame.width, height: frame.height }).toEqual(a.screen);
    const comps = await service.calls['device:hierarchy']({ serial: a.serial });
    expect(comps.length).toBeGreaterThan(3);
    expect(comps.map((c) => c.label)).toContain('Settings');
    await expect(service.calls['device:input']({ serial: a.serial, input: { kind: 'tap', x: -1, y: 2 } })).rejects.toThrow(/Invalid arguments for device:input: input.x must be ≥ 0, got -1/);

    const r = await service.calls['run:start']({ datasetId, tasks: ['demo01', 'demo15'], agents: ['replay'], devices: [a.serial, b.serial], jobId: 'run-live' });
    expect(r.episodes.map((e) => `${e.episode} ${e.outcome} ${e.completed}`).sort()).toEqual(['demo01 finished true', 'demo15 finished true']);
    const steps = of('run:step').filter((s) => s.jobId === 'run-live');
    expect(new Set(steps.map((s) => s.device))).toEqual(new Set([a.serial, b.serial]));
    expect(steps[0]!.url).toMatch(/^\/files\/.*\/captured_data\/screenshot\/0\.png$/);
    expect(steps.some((s) => s.action.kind === 'click')).toBe(true);
    const live = await service.calls['run:live']({ jobId: 'run-live' });
    expect(live?.episodes.length).toBe(2);
    expect(live?.steps.length).toBe(steps.length);
    expect(of('run:episode').filter((e) => e.jobId === 'run-live').map((e) => e.completed)).toEqual([true, true]);

    // Cancel the episode on one device after its first step: it is kept as cancelled, the other device finishes.
    const run = service.calls['run:start']({ datasetId, tasks: ['demo16'], agents: ['replay'], repeat: 2, devices: [a.serial, b.serial], jobId: 'run-cancel' });
    await until(() => of('run:step').some((s) => s.jobId === 'run-cancel' && s.device === a.serial));
    expect(await service.calls['run:cancelEpisode']({ jobId: 'run-cancel', device: a.serial })).toBe(true);
    const r2 = await run;
    const cancelled = r2.episodes.find((e) => e.device === a.serial)!;
    expect(cancelled.outcome).toBe('cancelled');
    expect(cancelled.steps).toBeGreaterThan(0);
    expect(existsSync(join(fx.dataset, cancelled.trace, 'captured_data', 'screenshot', '0.png'))).toBe(true);
    expect(r2.episodes.find((e) => e.device === b.serial)?.outcome).toBe('finished');
    expect(await service.calls['run:cancelEpisode']({ jobId: 'run-cancel', device: a.serial })).toBe(false);
  }, 180_000);

  it('records a demonstration from inputs and saves it as a ground-truth episode of the dataset', async () => {
    const d = await service.calls['device:startVirtual']({ world: 'demo' });
    await expect(service.calls['run:recordStart']({ datasetId, device: d.serial, description: ' ', episode: 'rv0', app: 'com.android.settings' })).rejects.toThrow(/Describe the task/);
    // Refused before recording: the index could not hold it at save.
    await expect(service.calls['run:recordStart']({ datasetId, device: d.serial, description: 'Open\tSettings', episode: 'rv0', app: 'com.android.settings' })).rejects.toMatchObject({ code: 'bad-request', message: expect.stringMatching(/holds a tab/) });
    await expect(service.calls['run:recordStart']({ datasetId, device: d.serial, description: 'Open\nSettings', episode: 'rv0', app: 'com.android.settings' })).rejects.toMatchObject({ code: 'bad-request', message: expect.stringMatching(/holds a line break/) });
    const s0 = await service.calls['run:recordStart']({ datasetId, device: d.serial, description: 'Open Settings and go back', episode: 'rv1', app: 'com.android.settings' });
    expect(s0.step).toBe(0);
    const comps = await service.calls['device:hierarchy']({ serial: d.serial });
    const settings = comps.find((c) => c.label === 'Settings')!;
    const [x1, y1, x2, y2] = settings.bounds;
    const s1 = await service.calls['run:recordAct']({ sessionId: s0.sessionId, input: { kind: 'tap', x: (x1 + x2) / 2, y: (y1 + y2) / 2 } });
    expect(s1.activity).toMatch(/settings/i);
    const s2 = await service.calls['run:recordAct']({ sessionId: s0.sessionId, input: { kind: 'back' } });
    expect(s2.step).toBe(2);
    const saved = await service.calls['run:recordSave']({ sessionId: s0.sessionId });
    expect(saved).toEqual({ path: 'general/trace_rv1', steps: 3 });
    const dir = join(fx.dataset, saved.path);
    expect(['0.png', '1.png', '2.png', '2.json', 'instruction.txt'].every((f) => existsSync(join(dir, f)))).toBe(true);
    expect(readFileSync(join(dir, 'eventStructs.txt'), 'utf8').trim().split('\n')).toHaveLength(2);
    expect(readFileSync(join(fx.dataset, 'llamatouch_task_metadata.tsv'), 'utf8')).toContain('Open Settings and go back');
    await expect(service.calls['run:recordAct']({ sessionId: s0.sessionId, input: { kind: 'back' } })).rejects.toThrow(/No such recording/);
    await service.calls['device:stopVirtual']({ serial: d.serial });
    expect((await service.calls['device:list']({})).some((x) => x.serial === d.serial && x.state === 'device')).toBe(false);
  }, 120_000);
});
