import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { HAVE_ADB } from '../../virtual-device/testing';
import type { Agent } from '../agents/agent';
import { DeviceCapture } from '../capture/capture';
import { adbShell } from '../capture/device-shell';
import { DeviceManager } from '../devices/device-manager';
import { runEpisode } from '../runner/run-episode';
import { loadRunTasks } from '../runner/run-tasks';
import { startRunFixture, type RunFixture } from '../runner/testing/run-fixture';
import type { DeviceConfig } from './config-types';

const CONFIG: DeviceConfig = { name: 'big-de', fontScale: 1.3, dark: true, locale: 'de-DE', device: 'pixel3', iconGrid: '5x5' };

describe.skipIf(!HAVE_ADB)('a configured episode restores the device however it ends (adb not installed → skipped)', () => {
  let fx: RunFixture;
  let capture: DeviceCapture;
  const readBack = (): Promise<string[]> => Promise.all(['settings get system font_scale', 'cmd uimode night', 'getprop persist.sys.locale', 'wm size', 'wm density', 'settings get system touchstone_icon_grid']
    .map(async (c) => (await capture.shell.run(c)).toString('utf8')));

  beforeAll(async () => {
    fx = await startRunFixture(1, { only: ['demo01'] });
    capture = new DeviceCapture(adbShell(new DeviceManager({ host: '127.0.0.1', port: fx.adb.port }).client, fx.devices[0]!.serial));
  }, 120_000);
  afterAll(async () => { await fx?.stop(); });

  const episode = async (agent: Agent, dir: string, signal: AbortSignal): ReturnType<typeof runEpisode> => {
    const [task] = await loadRunTasks(fx.dataset, ['demo01']);
    return runEpisode(capture, {
      task: task!, agent, agentInfo: { name: agent.name, seed: 0, settings: {} }, repeat: 1, dir: join(fx.tmp, dir), device: { serial: capture.serial },
      limits: { maxSteps: 5, stepTimeoutMs: 10_000, episodeTimeoutMs: 60_000 }, resume: false, deviceConfig: CONFIG, signal,
    });
  };

  it.each([
    ['an agent error', 'error', (): Agent => ({ name: 'fails', start: async () => undefined, next: async () => { throw new Error('agent broke'); } })],
    ['a cancel', 'cancelled', (ac: AbortController): Agent => ({ name: 'cancels', start: async () => undefined, next: async () => { ac.abort(); throw new Error('aborted'); } })],
  ] as const)('after %s the settings read back as before, and episode.json says so', async (_what, outcome, make) => {
    const before = await readBack();
    let seen: string[] = [];
    const ac = new AbortController();
    const agent = make(ac);
    const spy: Agent = { ...agent, next: async (obs, s) => { seen = await readBack(); return agent.next(obs, s); } };
    const rec = await episode(spy, outcome, ac.signal);
    expect(rec.outcome).toBe(outcome);
    expect(seen).not.toEqual(before); // the configuration was in force while the agent ran
    expect(seen[3]).toContain('Override size: 1080x2160');
    expect(rec.device.screen).toEqual({ width: 1080, height: 2160 });
    expect(rec.deviceConfig).toMatchObject({ name: 'big-de', applied: { locale: 'de-DE', wm_size: '1080x2160', wm_density: '440' }, restored: { ok: true, mismatches: [] } });
    expect(await readBack()).toEqual(before);
  });
});
