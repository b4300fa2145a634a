import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HAVE_ADB } from '../../virtual-device/testing';
import { adbShell } from '../capture/device-shell';
import { DeviceCapture } from '../capture/capture';
import { DeviceManager } from '../devices/device-manager';
import { runEvaluation } from '../evaluation/run-evaluation';
import { RUN_FILES } from '../evaluation/run-record';
import { runAgents } from './run-agents';
import { loadRunTasks } from './run-tasks';
import { TraceRecorder } from './trace-recorder';
import { settingsTables, takeSnapshot } from './run-snapshots';
import { startRunFixture, type RunFixture } from './testing/run-fixture';

describe.skipIf(!HAVE_ADB)('the runner snapshots packages and settings around an episode (adb not installed → skipped)', () => {
  let fx: RunFixture;
  let mgr: DeviceManager;
  beforeAll(async () => {
    fx = await startRunFixture(1, { only: ['demo10'] });
    mgr = new DeviceManager({ host: '127.0.0.1', port: fx.adb.port });
  }, 120_000);
  afterAll(async () => { await fx?.stop(); });

  it('writes the start and end snapshots; a replay has no side effects, a setting changed outside the task is a warning', async () => {
    const tasks = await loadRunTasks(fx.dataset, ['demo10']);
    const out = join(fx.tmp, 'runs');
    const r = await runAgents({
      tasks, agents: ['replay'], repeat: 1, out, devices: await mgr.pick('all'), shellFor: (s) => adbShell(mgr.client, s),
      limits: { maxSteps: 15, stepTimeoutMs: 30_000, episodeTimeoutMs: 120_000 }, resume: false, seed: 1, agentSettings: {}, signal: new AbortController().signal,
    });
    const dir = r.items[0]!.item.dir;
    for (const f of [RUN_FILES.installedAtStart, RUN_FILES.settings('start', 'system'), RUN_FILES.settings('end', 'global')]) expect(existsSync(join(dir, f)), f).toBe(true);
    expect(readFileSync(join(dir, RUN_FILES.settings('start', 'system')), 'utf8')).toMatch(/^screen_brightness=\d+$/m);
    const traces = join(out, 'replay');
    const clean = await runEvaluation({ datasetRoot: fx.dataset, tracesRoot: traces, methods: ['essential'], mode: 'fixed', jobs: 1, embedder: 'none' });
    expect(clean.outcomes.map((o) => [o.claim, o.essential?.completed, o.sideEffects])).toEqual([['complete', true, undefined]]);
    // A notes task: the brightness is outside its app. It is changed on the real device (through adb), and the end snapshot taken again.
    const shell = adbShell(mgr.client, fx.devices[0]!.serial);
    await shell.run('settings put system screen_brightness 17');
    const rec = await TraceRecorder.read(dir);
    // The packages and the three tables in one round trip to the device.
    const commands: string[] = [];
    const counted = { ...shell, run: (c: string, t?: number) => { commands.push(c); return shell.run(c, t); } };
    const packages = await takeSnapshot(new DeviceCapture(counted), new TraceRecorder(dir, rec!), 'end');
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatch(/^pm list packages; .*settings list system.*settings list secure.*settings list global/);
    expect(packages).toEqual(await new DeviceCapture(shell).packages());
    expect(readFileSync(join(dir, 'installed_apps', 'installed_apps.txt'), 'utf8')).toBe(packages.map((p) => `package:${p}\n`).join(''));
    expect(readFileSync(join(dir, RUN_FILES.settings('end', 'system')), 'utf8')).toMatch(/^screen_brightness=17$/m);
    const dirty = await runEvaluation({ datasetRoot: fx.dataset, tracesRoot: traces, methods: ['essential'], mode: 'fixed', jobs: 1, embedder: 'none' });
    expect(dirty.outcomes[0]!.essential?.completed).toBe(true);
    expect(dirty.outcomes[0]!.sideEffects?.join(' ')).toMatch(/device setting\(s\) changed outside the task's app .*system screen_brightness: \d+ -> 17/);
  }, 240_000);

  it('the start snapshot is on disk before the first action, the end one is asked for after the last; the build facts are asked once per device', async () => {
    const tasks = await loadRunTasks(fx.dataset, ['demo10']);
    const out = join(fx.tmp, 'order');
    const events: string[] = [];
    const onDisk = (when: 'start' | 'end'): number => (existsSync(out) ? readdirSync(out, { recursive: true }) : []).filter((f) => String(f).endsWith(RUN_FILES.settings(when, 'system'))).length;
    const shellFor = (serial: string) => {
      const shell = adbShell(mgr.client, serial);
      return {
        ...shell,
        run: (c: string, t?: number) => {
          if (c.startsWith('input ')) events.push(`action (start snapshots on disk: ${onDisk('start')})`);
          else if (c.includes('settings list')) events.push('settings');
          else if (c.includes('getprop ro.build.fingerprint')) events.push('facts');
          return shell.run(c, t);
        },
      };
    };
    const r = await runAgents({
      tasks, agents: ['replay'], repeat: 2, out, devices: await mgr.pick('all'), shellFor, evaluate: false,
      limits: { maxSteps: 15, stepTimeoutMs: 30_000, episodeTimeoutMs: 120_000 }, resume: false, seed: 1, agentSettings: {}, signal: new AbortController().signal,
    });
    expect(r.items.map((x) => x.record.outcome)).toEqual(['finished', 'finished']);
    // Per episode k: the start's settings, then every action once k start snapshots are on disk, the end's settings last.
    const episode = (k: number, actions: number): string[] => ['settings', ...Array<string>(actions).fill(`action (start snapshots on disk: ${k})`), 'settings'];
    const actions = r.items[0]!.record.steps.length - 1; // the last step declares completion
    expect(actions).toBeGreaterThan(0);
    expect(events.filter((e) => e !== 'facts')).toEqual([...episode(1, actions), ...episode(2, actions)]);
    expect(events.filter((e) => e === 'facts')).toHaveLength(1);
    for (const x of r.items) expect(x.record.manifest?.device).toEqual({ build: expect.stringMatching(/\S/), density: expect.stringMatching(/^\d+/) });
  }, 240_000);
});

describe('settingsTables splits the one command\'s output into the three tables', () => {
  it('keeps each table as the device printed it, pty line ends included, and leaves out a refused or missing one', () => {
    const out = '__touchstone_settings_table__ system\r\nscreen_brightness=102\r\nvolume_ring=5\r\n__touchstone_settings_table__ secure\r\n__touchstone_settings_table__ global\r\nadb_enabled=1\r\n';
    const t = settingsTables(out);
    expect(t.get('system')).toBe('screen_brightness=102\r\nvolume_ring=5\r\n');
    expect(t.get('secure')).toBe('');
    expect(t.get('global')).toBe('adb_enabled=1\r\n');
    expect(settingsTables('/system/bin/sh: settings: inaccessible or not found\n').size).toBe(0);
  });

  it('packagesAnd splits one round trip into the packages and the other command\'s output, pty line ends included', async () => {
    const said = 'package:com.b\r\npackage:com.a\r\n__touchstone_fact__\r\n__touchstone_settings_table__ system\r\nvolume_ring=5\r\n';
    const commands: string[] = [];
    const shell = { serial: 'fake', run: async (c: string) => { commands.push(c); return Buffer.from(said); }, screencap: async () => Buffer.alloc(0) };
    const got = await new DeviceCapture(shell).packagesAnd('settings list system');
    expect(got).toEqual({ packages: ['com.a', 'com.b'], rest: '__touchstone_settings_table__ system\r\nvolume_ring=5\r\n' });
    expect(commands).toEqual(["pm list packages; echo '__touchstone_fact__'; settings list system"]);
    expect(settingsTables(got.rest).get('system')).toBe('volume_ring=5\r\n');
  });
});
