import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDemoDataset } from '../demo/create-demo';
import { DEMO_RESET } from '../demo/demo-tasks';
import { TASK_SETTINGS_FILE } from '../runner/run-tasks';
import { auditDataset } from './audit-dataset';
import { packagesAfterReset } from './audit-install';

describe('the audit\'s install probe: an install check that holds at the task\'s start (demo install tasks, offline)', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'touchstone-audit-install-'));
  const dataset = join(tmp, 'demo');
  const ess = (task: string, step: number): string => join(dataset, 'install', `trace_${task}`, `${step}.ess`);
  const settings = join(dataset, TASK_SETTINGS_FILE);
  let original = '';

  beforeAll(async () => {
    await createDemoDataset({ out: dataset, traces: false, transport: 'in-process', only: ['demo22'] });
    original = readFileSync(settings, 'utf8');
    // The installed apps at the recording's end, as a LlamaTouch recording keeps them: Weather among them.
    mkdirSync(join(dataset, 'install', 'trace_demo22', 'installed_apps'));
    writeFileSync(join(dataset, 'install', 'trace_demo22', 'installed_apps', 'installed_apps.txt'), 'package:com.touchstone.store\npackage:com.touchstone.weather\n');
  }, 120_000);
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  const withReset = (shell: string[]): void => writeFileSync(settings, JSON.stringify({ reset: { '*': { ...DEMO_RESET, shell } } }));
  const noWeatherUninstall = (): string[] => DEMO_RESET.shell!.filter((c) => !c.includes('com.touchstone.weather'));

  it('the packages at the start: the replay world\'s, less those the reset removes with pm uninstall', () => {
    expect(packagesAfterReset(['a.b', 'com.touchstone.weather', 'c.d'], DEMO_RESET)).toEqual(['a.b', 'c.d']);
    expect(packagesAfterReset(['a.b', 'c.d'], { shell: ['pm uninstall -k --user 0 c.d >/dev/null; pm clear a.b'] })).toEqual(['a.b']);
  });

  it('demo22 as annotated (its activity and the install) is probed and passes no probe, even when the reset leaves Weather installed', async () => {
    withReset(noWeatherUninstall());
    try {
      const r = await auditDataset({ datasetRoot: dataset, randomTraces: 1 });
      const t = r.tasks.find((x) => x.episode === 'demo22')!;
      expect(t.probes.find((p) => p.kind === 'install')).toEqual({ kind: 'install', label: 'no-op with the packages at reset', passed: false });
      expect(r.weak).toEqual([]);
    } finally {
      writeFileSync(settings, original);
    }
  }, 60_000);

  it('demo22 weakened to its install check alone: caught by the install probe when the reset leaves Weather installed, with the item and a stronger one; not when the reset removes it', async () => {
    const before = readFileSync(ess('demo22', 2), 'utf8');
    writeFileSync(ess('demo22', 2), 'check_install<com.touchstone.weather>');
    try {
      const strong = await auditDataset({ datasetRoot: dataset, randomTraces: 1 });
      expect(strong.weak).toEqual([]);
      withReset(noWeatherUninstall());
      const weak = await auditDataset({ datasetRoot: dataset, randomTraces: 1 });
      expect(weak.weak).toEqual(['demo22']);
      const t = weak.tasks.find((x) => x.episode === 'demo22')!;
      // The other probes carry no package list: only the install probe lets an install check pass.
      expect(t.passes.map((p) => p.kind)).toEqual(['install']);
      expect(t.passes[0]!.items.map((i) => `${i.step} ${i.item}`)).toEqual(['2 check_install<com.touchstone.weather>']);
      expect(t.passes[0]!.suggestion).toMatch(/^remove com\.touchstone\.weather in the task's reset \(reset\.shell "pm uninstall <package>" in touchstone-tasks\.json: .*\), or add (exact|click)<\d+> to step/);
    } finally {
      writeFileSync(ess('demo22', 2), before);
      writeFileSync(settings, original);
    }
  }, 60_000);
});
