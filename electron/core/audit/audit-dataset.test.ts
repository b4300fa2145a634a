import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { createDemoDataset } from '../demo/create-demo';
import { auditDataset } from './audit-dataset';
import type { AuditReport } from '../../../shared/contract/audit';
import type { EventPayload } from '../../../shared/contract';
import { createAppService } from '../../app';

const REPO = join(import.meta.dirname, '../../..');

describe('touchstone audit: annotations against no-op, random, cut and shortcut traces built from the recordings (demo dataset)', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'touchstone-audit-'));
  const dataset = join(tmp, 'demo');
  const ess = (task: string, step: number): string => join(dataset, 'general', `trace_${task}`, `${step}.ess`);

  beforeAll(async () => {
    await createDemoDataset({ out: dataset, traces: false, transport: 'in-process', only: ['demo01', 'demo14', 'demo15'] });
  }, 120_000);
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('the demo annotations of the counter tasks hold against every probe; demo01 passes the am start shortcut, named with its items', async () => {
    const r = await auditDataset({ datasetRoot: dataset, randomTraces: 2 });
    expect(r.tasks.map((t) => t.episode)).toEqual(['demo01', 'demo14', 'demo15']);
    // Every task ran the no-op, both random traces, the shortcut and one cut per annotated step (after the first screen).
    for (const t of r.tasks) expect(t.probes.map((p) => p.kind).sort()).toEqual(['cut', ...Array(t.states - 1).fill('cut'), 'noop', 'random', 'random', 'shortcut'].sort());
    expect(r.weak).toEqual(['demo01']);
    const pass = r.tasks[0]!.passes.find((p) => p.kind === 'shortcut')!;
    expect(pass.label).toBe('am start com.android.settings/com.android.settings.Settings');
    expect(pass.items.map((i) => i.item)).toEqual(['activity<0>', 'exact<4>']);
    expect(pass.suggestion).toMatch(/^add click<\d+> to step 0: the recorded tap on "Settings"/);
  }, 180_000);

  it('dataset:audit runs as a job with progress per task and the same report; job:cancel stops it as cancelled', async () => {
    const service = createAppService({ mode: 'web', stateDir: join(tmp, 'state'), fileUrl: () => '' });
    const ds = await service.calls['dataset:open']({ path: dataset });
    const seen: EventPayload<'job:progress'>[] = [];
    const off = service.subscribe((event, data) => { if (event === 'job:progress' && (data as EventPayload<'job:progress'>).kind === 'dataset:audit') seen.push(data as EventPayload<'job:progress'>); });
    try {
      const report = await service.calls['dataset:audit']({ datasetId: ds.id, jobId: 'audit-1', randomTraces: 1 });
      expect(report.weak).toEqual(['demo01']);
      expect(seen.at(-1)).toMatchObject({ jobId: 'audit-1', kind: 'dataset:audit', done: 3, total: 3, phase: 'tasks' });
      const running = service.calls['dataset:audit']({ datasetId: ds.id, jobId: 'audit-2' });
      expect(await service.calls['job:cancel']({ jobId: 'audit-2' })).toEqual({ cancelled: true });
      await expect(running).rejects.toMatchObject({ code: 'cancelled' });
    } finally {
      off();
    }
  }, 120_000);

  it('a demo task weakened on purpose (demo15: the counter value replaced by its activity) is caught, with the item that lets it pass', () => {
    const original = readFileSync(ess('demo15', 2), 'utf8');
    writeFileSync(ess('demo15', 2), 'activity<0>');
    try {
      const json = join(tmp, 'audit.json');
      const r = spawnSync(process.execPath, ['--import', 'tsx', join(REPO, 'electron/cli.ts'), 'audit', '--dataset', dataset, '--json', json, '--random', '1', '--quiet'], { cwd: REPO, encoding: 'utf8', timeout: 170_000 });
      expect(r.status, r.stderr).toBe(1);
      const report = JSON.parse(readFileSync(json, 'utf8')) as AuditReport;
      expect(report.weak).toEqual(['demo01', 'demo15']);
      const t = report.tasks.find((x) => x.episode === 'demo15')!;
      const shortcut = t.passes.find((p) => p.kind === 'shortcut')!;
      expect(shortcut.items.map((i) => `${i.step} ${i.item}`)).toEqual(['2 activity<0>']);
      expect(shortcut.suggestion).toMatch(/^add exact<\d+> to step 2: "-1" is on that screen/);
      expect(r.stdout).toMatch(/^demo15: passes am start \S+ through step 2 activity<0> \(held at trace step 1\); suggested: add exact<\d+> to step 2/m);
      expect(r.stdout).toMatch(/^3 annotated task\(s\) audited \(0 without annotation\): 2 pass a no-op, random or shortcut trace/m);
    } finally {
      writeFileSync(ess('demo15', 2), original);
    }
  }, 180_000);
});
