import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventPayload } from '../../../shared/contract';
import { HAVE_ADB } from '../../virtual-device/testing';
import type { AppService } from '../../kernel/types';
import { startRunFixture, type RunFixture } from '../runner/testing/run-fixture';
import { openRunService, type RunService } from '../runner/testing/run-service';

describe.skipIf(!HAVE_ADB)('run:start with device configurations, through the app service on a virtual device (adb not installed → skipped)', () => {
  let fx: RunFixture;
  let service: AppService;
  let app: RunService | undefined;
  let datasetId: string;
  let outside: string;
  const steps: EventPayload<'run:step'>[] = [];

  beforeAll(async () => {
    fx = await startRunFixture(0, { only: ['demo15'] });
    writeFileSync(join(fx.dataset, 'configs.json'), JSON.stringify({ configs: [{ name: 'default' }, { name: 'big', fontScale: 1.3 }, { name: 'night', dark: true }] }));
    outside = mkdtempSync(join(tmpdir(), 'cfg-outside-'));
    writeFileSync(join(outside, 'configs.json'), JSON.stringify({ configs: [{ name: 'x' }] }));
    app = await openRunService(fx, (event, payload) => { if (event === 'run:step') steps.push(payload as EventPayload<'run:step'>); });
    ({ service, datasetId } = app);
  }, 120_000);
  afterAll(async () => {
    await (app ? app.close() : fx?.stop());
    rmSync(outside, { recursive: true, force: true });
  });

  it('lists and reads the file; refuses one outside every opened folder; bad choices fail before the run starts', async () => {
    expect(await service.calls['run:configFiles']({ datasetId })).toEqual(['configs.json']);
    const r = await service.calls['run:configs']({ datasetId, choice: { file: 'configs.json', names: ['big'] } });
    expect([r.configs.map((c) => c.name), r.chosen]).toEqual([['default', 'big', 'night'], [{ name: 'big', factors: { fontScale: 1.3 } }]]);
    await expect(service.calls['run:configs']({ datasetId, choice: { file: join(outside, 'configs.json') } })).rejects.toMatchObject({ code: 'refused' });
    await expect(service.calls['run:configs']({ datasetId, choice: { file: '../x.json' } })).rejects.toMatchObject({ code: 'refused' });
    await expect(service.calls['run:start']({ datasetId, tasks: ['demo15'], agents: ['replay'], devices: 'all', configs: { file: 'configs.json', names: ['nope'] } }))
      .rejects.toThrow(/no configuration named "nope"/);
  });

  it('runs each task under each chosen configuration, tags steps and episodes with it, restores the device and writes the breakdown', async () => {
    const dev = await service.calls['device:startVirtual']({ world: 'demo' });
    const r = await service.calls['run:start']({ datasetId, tasks: ['demo15'], agents: ['replay'], devices: [dev.serial], jobId: 'cfg-run', configs: { file: 'configs.json', names: ['default', 'night'] } });
    expect(r.episodes.map((e) => `${e.config} ${e.outcome} ${e.configRestored}`).sort()).toEqual(['default finished true', 'night finished true']);
    expect(new Set(steps.filter((s) => s.jobId === 'cfg-run').map((s) => s.config))).toEqual(new Set(['default', 'night']));
    expect(r.configReport?.mdPath).toBe(`${r.out}/config-report.md`);
    expect(Object.keys(r.configReport!.configs).sort()).toEqual(['default', 'night']);
    expect(existsSync(join(fx.dataset, r.out, 'config-report.json'))).toBe(true);
    expect(readFileSync(join(fx.dataset, r.out, 'config-report.md'), 'utf8')).toBe(r.configReport!.md);
    expect(await service.calls['run:configReport']({ jobId: 'cfg-run' })).toEqual(r.configReport);
    expect(await service.calls['run:configReport']({ jobId: 'nope' })).toBeNull();
    const night = r.episodes.find((e) => e.config === 'night')!;
    const rec = JSON.parse(readFileSync(join(fx.dataset, night.trace, 'episode.json'), 'utf8')) as { deviceConfig: { applied: Record<string, string>; restored: { ok: boolean } } };
    expect(rec.deviceConfig.restored.ok).toBe(true);
    expect(JSON.stringify(rec.deviceConfig.applied)).toMatch(/yes/);
  }, 120_000);
});
