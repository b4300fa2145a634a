import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { HAVE_ADB } from '../../virtual-device/testing';
import { startRunFixture, type RunFixture } from './testing/run-fixture';
import { openRunService, type RunService } from './testing/run-service';

describe.skipIf(!HAVE_ADB)('a pool of two device kinds: the canary replays on each kind, the batch uses both (virtual devices, real adb)', () => {
  let fx: RunFixture;
  let app: RunService;
  beforeAll(async () => {
    fx = await startRunFixture(0, { only: ['demo10', 'demo11', 'demo14'] });
    await fx.addDevice();
    await fx.addDevice({ model: 'Touchstone_Tablet' });
    app = await openRunService(fx);
  }, 120_000);
  afterAll(async () => { await (app ? app.close() : fx?.stop()); });

  it('Counter gone from the second kind only: demo14 is quarantined on that kind and passes on the other; the other tasks run on both devices', async () => {
    const [phone, tablet] = fx.devices.map((d) => d.serial);
    const list = await app.service.calls['device:list']({});
    expect(list.find((d) => d.serial === tablet)?.model).toBe('Touchstone_Tablet');
    expect((await fx.adb.adb(['-s', tablet!, 'shell', 'pm uninstall com.touchstone.clock'])).stdout).toContain('Success');

    const s = await app.service.calls['run:start']({ datasetId: app.datasetId, tasks: 'all', agents: ['replay'], devices: 'all', repeat: 2, canary: true });
    const c = s.canary!;
    expect(c.kinds).toHaveLength(2);
    const tabletKind = c.kinds.find((k) => k.includes('Touchstone_Tablet'))!;
    const phoneKind = c.kinds.find((k) => k !== tabletKind)!;
    expect(tabletKind).toMatch(/^Touchstone_Tablet API \d+ \d+x\d+ \(virtual\)$/);
    // Every task replayed once per kind, each on a device of that kind.
    expect(c.checked.map((x) => `${x.episode} ${x.kind === tabletKind ? 'tablet' : 'phone'} ${x.device === (x.kind === tabletKind ? tablet : phone)} ${x.passed}`).sort()).toEqual([
      'demo10 phone true true', 'demo10 tablet true true', 'demo11 phone true true', 'demo11 tablet true true', 'demo14 phone true true', 'demo14 tablet true false',
    ]);
    expect(c.quarantined).toEqual([expect.objectContaining({ episode: 'demo14', step: 1, kinds: [tabletKind] })]);
    expect(phoneKind).toMatch(/\(virtual\)$/);

    // The batch: the two tasks left, two repeats, on both devices; all completed.
    expect(s.episodes.map((e) => `${e.episode} r${e.repeat} ${e.completed}`).sort()).toEqual(['demo10 r1 true', 'demo10 r2 true', 'demo11 r1 true', 'demo11 r2 true']);
    expect(new Set(s.episodes.map((e) => e.device))).toEqual(new Set([phone, tablet]));
  }, 240_000);
});
