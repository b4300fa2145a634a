import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { HAVE_ADB, startAdbServer, startVirtualDevice, type AdbServer, type StartedDevice } from '../../virtual-device/testing';
import { TRACE_18 } from '../evaluation/testing/temp-dataset';
import { normaliseComponent, parseFocusedWindow, parseForegroundActivity } from '../../../shared/formats/dumpsys';
import { adbShell } from '../capture/device-shell';
import { DeviceManager } from '../devices/device-manager';
import { runAgents } from './run-agents';
import type { RunTask } from './run-tasks';

/** The runner's activity file of every step of the one trace under `out`, in step order. */
function activityFiles(out: string, episode: string): string[] {
  const dir = join(out, 'replay', 'r1', episode, 'captured_data', 'activity');
  return readdirSync(dir).map((n) => Number(n.split('.')[0])).sort((a, b) => a - b).map((i) => readFileSync(join(dir, `${i}.activity`), 'utf8'));
}

describe.skipIf(!HAVE_ADB || !existsSync(TRACE_18))('replay worlds of real recordings report every recorded activity through the real adb', () => {
  let adb: AdbServer;
  const devices: StartedDevice[] = [];
  const tmp = mkdtempSync(join(tmpdir(), 'touchstone-replay-activity-'));
  // The fixtures' recording with the other values recorders write: nothing (`null`, an empty file) and classes without a package.
  const odd = join(tmp, 'odd', 'trace_18');
  const oddValues = ['null', 'com.android.systemui.ImageWallpaper', '.app.LoginActivity', 'com.duolingo.app.LoginActivity', ''];

  beforeAll(async () => {
    adb = await startAdbServer();
    cpSync(TRACE_18, odd, { recursive: true });
    chmodSync(odd, 0o755);
    oddValues.forEach((v, i) => { const f = join(odd, `${i}.activity`); chmodSync(f, 0o644); writeFileSync(f, v); });
    for (const world of [TRACE_18, odd]) devices.push(await startVirtualDevice({ world, adb }));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(devices.map((d) => d.stop().catch(() => undefined)));
    await adb?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  // The runner itself (a task read in place: the fixture has no task index for `touchstone run --dataset`).
  const replay = async (device: StartedDevice, recording: string): Promise<string[]> => {
    const out = join(tmp, `runs-${basename(dirname(recording))}`);
    const mgr = new DeviceManager({ host: '127.0.0.1', port: adb.port });
    const task: RunTask = {
      episode: 'trace_18', description: readFileSync(join(recording, 'instruction.txt'), 'utf8').trim(), app: 'com.duolingo', category: 'general', path: 'trace_18',
      datasetRoot: dirname(recording), groundTruthDir: recording, nsteps: 5, annotated: false, reset: { none: true },
    };
    const r = await runAgents({
      tasks: [task], agents: ['replay'], repeat: 1, out, devices: await mgr.pick([device.serial]), shellFor: (s) => adbShell(mgr.client, s),
      limits: { maxSteps: 10, stepTimeoutMs: 30_000, episodeTimeoutMs: 120_000 }, resume: false, seed: 1, agentSettings: {}, evaluate: false, signal: new AbortController().signal,
    });
    expect(r.items.map((x) => x.record.outcome)).toEqual(['finished']);
    return activityFiles(out, 'trace_18');
  };

  it("the fixtures' real episode (trace_18): every step's activity file holds the recorded activity, the wallpaper window included", async () => {
    const files = await replay(devices[0]!, TRACE_18);
    const recorded = [0, 1, 2, 3, 4].map((i) => readFileSync(join(TRACE_18, `${i}.activity`), 'utf8').trim());
    expect(files.slice(0, 5)).toEqual(recorded);
    expect(files[1]).toBe('com.android.systemui.ImageWallpaper');
    expect(files.every((f) => f !== '')).toBe(true);
  }, 120_000);

  it('a recording with null, empty and package-less activity files: components where the screen names the package, the window as recorded, nothing for null', async () => {
    const files = await replay(devices[1]!, odd);
    expect(files.slice(0, 5)).toEqual(['', 'com.android.systemui.ImageWallpaper', 'com.duolingo/com.duolingo.app.LoginActivity', 'com.duolingo/com.duolingo.app.LoginActivity', '']);
  }, 120_000);

  it('the device prints them as a phone does: an ActivityRecord for a component, mCurrentFocus for a window, null for nothing', async () => {
    const sh = async (cmd: string): Promise<string> => (await adb.adb(['-s', devices[1]!.serial, 'shell', cmd])).stdout;
    // After the replay the odd recording shows its last screen, whose activity file is empty: nothing has focus.
    let window = await sh('dumpsys window');
    expect(window).toMatch(/^ {2}mCurrentFocus=null$/m);
    expect(window).toMatch(/^ {2}mFocusedApp=null$/m);
    expect(parseForegroundActivity(await sh('dumpsys activity activities'))).toBeNull();
    expect(parseFocusedWindow(window)).toBeNull();
    // BACK three times: the home screen, recorded as the wallpaper's window; no ActivityRecord names it.
    for (let k = 0; k < 3; k++) await sh('input keyevent KEYCODE_BACK');
    window = await sh('dumpsys window');
    expect(window).toMatch(/^ {2}mCurrentFocus=Window\{[0-9a-f]+ u0 com\.android\.systemui\.ImageWallpaper\}$/m);
    expect(parseForegroundActivity(window)).toBeNull();
    expect(parseForegroundActivity(await sh('dumpsys activity activities'))).toBeNull();
    expect(parseFocusedWindow(window)).toBe('com.android.systemui.ImageWallpaper');
    // The real recording's last screen, where its replay ended: a component, printed as an ActivityRecord.
    const real = await adb.adb(['-s', devices[0]!.serial, 'shell', 'dumpsys activity activities']);
    expect(real.stdout).toContain('mResumedActivity: ActivityRecord{');
    expect(normaliseComponent(parseForegroundActivity(real.stdout)?.component ?? '')).toBe('com.duolingo/com.duolingo.session.SessionActivity');
  }, 60_000);
});
