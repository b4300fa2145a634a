import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HAVE_ADB } from '../../virtual-device/testing';
import { startRunFixture, type RunFixture } from '../runner/testing/run-fixture';
import { openRunService } from '../runner/testing/run-service';
import { startCli } from '../../cli/testing/run-cli';
import type { AuditReport, AuditTask } from '../../../shared/contract/audit';
import type { EventPayload } from '../../../shared/contract';
import { auditDataset } from './audit-dataset';

/** Each probe pass of a task as `kind: step item, ...`, the same string offline and on devices. */
const passes = (t: AuditTask | undefined): string[] => (t?.passes ?? []).map((p) => `${p.kind}: ${p.items.map((i) => `${i.step} ${i.item}`).join(', ')}`);

describe.skipIf(!HAVE_ADB)('touchstone audit --devices: the offline probes run on virtual devices through the real adb (adb not installed → skipped)', () => {
  let fx: RunFixture;
  const ess = (task: string, step: number): string => join(fx.dataset, task === 'demo23' ? 'install' : 'general', `trace_${task}`, `${step}.ess`);

  beforeAll(async () => {
    fx = await startRunFixture(2, { only: ['demo01', 'demo14', 'demo15', 'demo23'] });
    // Weakened on purpose: demo15's final counter value replaced by its activity; demo23 checks only that Podcasts is absent at the end (it is at the start).
    writeFileSync(ess('demo15', 2), 'activity<0>');
    rmSync(ess('demo23', 3));
    writeFileSync(ess('demo23', 4), 'check_uninstall<com.touchstone.podcasts>');
  }, 120_000);
  afterAll(async () => { await fx?.stop(); });

  it('touchstone audit --devices names the weakened tasks with the same probe and items as offline; the strong task is not flagged', async () => {
    const offline = await auditDataset({ datasetRoot: fx.dataset, randomTraces: 1 });
    const json = join(fx.tmp, 'audit-devices.json');
    const out = join(fx.tmp, 'probe-traces');
    const r = await startCli(fx.adb.env, ['audit', '--dataset', fx.dataset, '--devices', 'all', '--random', '1', '--out', out, '--json', json, '--quiet']).done;
    expect(r.status, String(r.stderr)).toBe(1);
    const dev = JSON.parse(readFileSync(json, 'utf8')) as AuditReport;
    expect(dev.devices?.sort()).toEqual(fx.devices.map((d) => d.serial).sort());
    expect(dev.tasks.map((t) => t.error).filter(Boolean)).toEqual([]);
    expect(offline.weak).toEqual(['demo01', 'demo15', 'demo23']);
    expect(dev.weak).toEqual(offline.weak);
    expect(dev.weak).not.toContain('demo14');
    for (const ep of ['demo01', 'demo15', 'demo23']) {
      const want = passes(offline.tasks.find((t) => t.episode === ep)).filter((p) => !p.startsWith('random'));
      expect(passes(dev.tasks.find((t) => t.episode === ep)).filter((p) => !p.startsWith('random')), ep).toEqual(want);
    }
    expect(passes(dev.tasks.find((t) => t.episode === 'demo15'))).toContain('shortcut: 2 activity<0>');
    expect(passes(dev.tasks.find((t) => t.episode === 'demo23'))).toEqual(['install: 4 check_uninstall<com.touchstone.podcasts>']);
    // The same probes ran in both modes (one table), each a real episode of the runner on a device.
    for (const t of dev.tasks) expect(t.probes.map((p) => p.label), t.episode).toEqual(offline.tasks.find((x) => x.episode === t.episode)!.probes.map((p) => p.label));
    expect(JSON.parse(readFileSync(join(out, 'shortcut', 'r1', 'demo15', 'episode.json'), 'utf8'))).toMatchObject({ outcome: 'finished', agentVerdict: 'complete', steps: [{ action: expect.stringMatching(/am start -n/) }, {}] });
    expect(String(r.stdout)).toMatch(/^demo15: passes am start \S+ through step 2 activity<0> \(held at trace step 1\); suggested: add exact<\d+> to step 2/m);
    expect(String(r.stdout)).toMatch(/\(probes run on .+\)\.$/m);
  }, 300_000);

  it('dataset:audit with devices runs as a job with progress per task; job:cancel stops it as cancelled', async () => {
    const seen: EventPayload<'job:progress'>[] = [];
    const svc = await openRunService(fx, (event, data) => { if (event === 'job:progress' && (data as EventPayload<'job:progress'>).kind === 'dataset:audit') seen.push(data as EventPayload<'job:progress'>); });
    fx = { ...fx, stop: async () => undefined }; // the service's close stops the fixture
    try {
      const report = await svc.service.calls['dataset:audit']({ datasetId: svc.datasetId, jobId: 'audit-dev-1', randomTraces: 0, devices: 'all' });
      expect(report.devices?.length).toBe(2);
      expect(report.weak).toEqual(['demo01', 'demo15', 'demo23']);
      expect(seen.at(-1)).toMatchObject({ jobId: 'audit-dev-1', kind: 'dataset:audit', done: 4, total: 4, phase: 'tasks' });
      const running = svc.service.calls['dataset:audit']({ datasetId: svc.datasetId, jobId: 'audit-dev-2', devices: 'all' });
      await new Promise((ok) => setTimeout(ok, 300));
      expect(await svc.service.calls['job:cancel']({ jobId: 'audit-dev-2' })).toEqual({ cancelled: true });
      await expect(running).rejects.toMatchObject({ code: 'cancelled' });
    } finally {
      await svc.close();
    }
  }, 300_000);
});
