import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HAVE_ADB } from '../../virtual-device/testing';
import type { AppService } from '../../kernel/types';
import { TASK_SETTINGS_FILE } from './run-tasks';
import { startRunFixture, type RunFixture } from './testing/run-fixture';
import { openRunService, type RunService } from './testing/run-service';

describe.skipIf(!HAVE_ADB)('a recording starts from the screen as it is, from HOME, or from the task\'s reset (virtual device, real adb; adb not installed → skipped)', () => {
  let fx: RunFixture;
  let service: AppService;
  let app: RunService | undefined;
  let datasetId: string;
  let serial: string;
  const shell = async (cmd: string): Promise<string> => (await fx.adb.adb(['-s', serial, 'shell', cmd])).stdout.trim();
  /** Opens Settings through adb (not the home screen), records from `startFrom`, and gives the first screen's activity as written to 0.activity. */
  const firstScreen = async (episode: string, startFrom?: 'current' | 'home' | 'reset'): Promise<{ activity: string; file: string; step: number }> => {
    await shell('am start -n com.android.settings/.Settings');
    expect(await shell('dumpsys activity activities | grep mResumedActivity')).toContain('com.android.settings');
    const s = await service.calls['run:recordStart']({ datasetId, device: serial, episode, description: 'Open the network settings', app: 'com.android.settings', category: 'rec', ...(startFrom ? { startFrom } : {}) });
    const file = readFileSync(join(fx.dataset, 'rec', `trace_${episode}`, '0.activity'), 'utf8');
    await service.calls['run:recordDiscard']({ sessionId: s.sessionId });
    return { activity: s.activity, file, step: s.step };
  };

  beforeAll(async () => {
    fx = await startRunFixture(0, { only: ['demo01'] });
    app = await openRunService(fx);
    ({ service, datasetId } = app);
    serial = (await service.calls['device:startVirtual']({ world: 'demo' })).serial;
  }, 120_000);
  afterAll(async () => { await (app ? app.close() : fx?.stop()); });

  it('without startFrom (or `current`) the first screen is whatever the device shows: Settings', async () => {
    for (const from of [undefined, 'current'] as const) {
      const f = await firstScreen(`cur_${from ?? 'none'}`, from);
      expect(f.step).toBe(0);
      expect(f.activity).toContain('com.android.settings');
    }
  }, 60_000);

  it('`home`: HOME is pressed first, the first recorded screen is the launcher', async () => {
    const f = await firstScreen('home1', 'home');
    expect(f.activity).toContain('com.google.android.apps.nexuslauncher');
    expect(f.file).toContain('nexuslauncher');
  }, 60_000);

  it('`reset`: the reset a run would do for this task (its touchstone-tasks.json entry: setup command, app cleared, HOME) runs first', async () => {
    writeFileSync(join(fx.dataset, TASK_SETTINGS_FILE), JSON.stringify({ reset: { rst1: { clear: ['com.android.settings'], shell: ['settings put global wifi_on 0'] } } }));
    expect(await shell('settings get global wifi_on')).toBe('1');
    const f = await firstScreen('rst1', 'reset');
    expect(f.activity).toContain('com.google.android.apps.nexuslauncher');
    expect(await shell('settings get global wifi_on')).toBe('0');
    // A task without an entry gets the run's default (clear its app, HOME): also the launcher.
    expect((await firstScreen('rst2', 'reset')).activity).toContain('nexuslauncher');
  }, 60_000);

  it('undo replays from the start when Back cannot restore the screen: a HOME press undone in a recording started from HOME', async () => {
    const tapOn = async (label: string): Promise<{ kind: 'tap'; x: number; y: number }> => {
      const c = (await service.calls['device:hierarchy']({ serial })).find((x) => x.label === label)!;
      const [x1, y1, x2, y2] = c.bounds;
      return { kind: 'tap', x: (x1 + x2) / 2, y: (y1 + y2) / 2 };
    };
    const act = async (sessionId: string, input: Parameters<AppService['calls']['run:recordAct']>[0]['input']) => service.calls['run:recordAct']({ sessionId, input });
    for (const from of ['home', 'current'] as const) {
      await shell('am start -n com.android.settings/.Settings');
      const s0 = await service.calls['run:recordStart']({ datasetId, device: serial, episode: `undo_${from}`, description: 'Open Settings', app: 'com.android.settings', category: 'rec', startFrom: from });
      const id = s0.sessionId;
      if (from === 'current') await act(id, { kind: 'home' });
      const s1 = await act(id, await tapOn('Settings'));
      expect(s1.activity).toContain('com.android.settings');
      await act(id, { kind: 'home' }); // Back cannot reverse HOME
      const u = await service.calls['run:recordUndo']({ sessionId: id });
      if (from === 'home') {
        // Reset (HOME) and the one remaining tap performed again: Settings is on screen again.
        expect(u).toMatchObject({ step: 1, pressedBack: false, replayed: true, restored: true });
        expect(await shell('dumpsys activity activities | grep mResumedActivity')).toContain('com.android.settings');
        // The recording goes on from there as usual.
        expect((await act(id, { kind: 'back' })).step).toBe(2);
      } else {
        // Started from whatever the device showed: nothing known to replay from; the device stays where it is and undo says so.
        expect(u).toMatchObject({ step: 2, pressedBack: false, replayed: false, restored: false });
      }
      await service.calls['run:recordDiscard']({ sessionId: id });
    }
  }, 90_000);

  it('refuses an unknown startFrom before touching the device', async () => {
    await expect(service.calls['run:recordStart']({ datasetId, device: serial, episode: 'bad1', description: 'x y', app: 'com.android.settings', startFrom: 'snapshot' } as never))
      .rejects.toThrow(/Invalid arguments for run:recordStart/);
  });
});
