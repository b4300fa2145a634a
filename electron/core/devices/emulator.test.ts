import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DeviceCapture } from '../capture/capture';
import { adbShell } from '../capture/device-shell';
import { HAVE_ADB, startAdbServer, startVirtualDevice, type AdbServer, type StartedDevice } from '../../virtual-device/testing';
import { androidSdkStatus, parseAvdList } from './android-sdk';
import { DeviceManager } from './device-manager';
import { emulatorHandlers } from './emulator-handlers';
import { EmulatorProcesses } from './emulator';

const CLI = resolve(import.meta.dirname, '../../cli.ts');
let tmp: string;
beforeAll(() => { tmp = mkdtempSync(join(tmpdir(), 'touchstone-sdk-')); });
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * An SDK folder laid out as the real one (emulator/emulator, cmdline-tools/latest/bin/avdmanager).
 * Its `emulator` lists the given AVDs and, asked to start one, runs a Touchstone virtual device
 * in emulator style on the requested console port, registered with the adb server, as the real
 * emulator does at boot.
 */
function makeSdk(name: string, avds: string[], opts: { avdmanager?: boolean } = {}): string {
  const sdk = join(tmp, name);
  mkdirSync(join(sdk, 'emulator'), { recursive: true });
  writeFileSync(join(sdk, 'emulator', 'emulator'), `#!/bin/sh
if [ "$1" = "-list-avds" ]; then echo "INFO    | Storing crashdata in: /tmp/x"; ${avds.map((a) => `echo ${a}`).join('; ') || 'true'}; exit 0; fi
while [ $# -gt 0 ]; do case "$1" in -port) PORT=$2; shift;; esac; shift; done
exec "${process.execPath}" --import tsx "${CLI}" device serve --world demo --serial-style emulator --port $((PORT + 1)) --connect
`);
  chmodSync(join(sdk, 'emulator', 'emulator'), 0o755);
  if (opts.avdmanager !== false) {
    mkdirSync(join(sdk, 'cmdline-tools', 'latest', 'bin'), { recursive: true });
    writeFileSync(join(sdk, 'cmdline-tools', 'latest', 'bin', 'avdmanager'), '#!/bin/sh\nexit 0\n');
    chmodSync(join(sdk, 'cmdline-tools', 'latest', 'bin', 'avdmanager'), 0o755);
  }
  return sdk;
}

describe('Android SDK detection', () => {
  it('without an SDK: no emulator, and a sentence saying what to install and where', async () => {
    const s = await androidSdkStatus({ PATH: join(tmp, 'nothing') });
    expect(s).toMatchObject({ emulator: null, avdmanager: null, avds: [] });
    expect(s.hint).toMatch(/ANDROID_HOME and ANDROID_SDK_ROOT are not set.*developer\.android\.com\/studio#command-tools.*set ANDROID_HOME/);
    const missing = await androidSdkStatus({ PATH: '', ANDROID_HOME: join(tmp, 'no-sdk') });
    expect(missing.hint).toContain(`(${join(tmp, 'no-sdk')}) has no emulator/emulator`);
  });

  it('finds emulator and avdmanager under ANDROID_HOME / ANDROID_SDK_ROOT and lists the AVDs', async () => {
    const sdk = makeSdk('sdk', ['Pixel_7_API_34', 'small']);
    const s = await androidSdkStatus({ PATH: '', ANDROID_SDK_ROOT: sdk });
    expect(s).toEqual({ emulator: join(sdk, 'emulator', 'emulator'), avdmanager: join(sdk, 'cmdline-tools', 'latest', 'bin', 'avdmanager'), avds: ['Pixel_7_API_34', 'small'] });
    const empty = await androidSdkStatus({ PATH: '', ANDROID_HOME: makeSdk('bare', [], { avdmanager: false }) });
    expect(empty.avds).toEqual([]);
    expect(empty.hint).toMatch(/No AVD yet, and no avdmanager.*cmdline-tools\/latest/);
    expect(parseAvdList('INFO    | crashdata\nPixel_7\n\nWARNING | x y\n')).toEqual(['Pixel_7']);
  });
});

describe.skipIf(!HAVE_ADB)('emulators and snapshots through the console, against virtual devices (adb not installed → skipped)', () => {
  let adb: AdbServer;
  let mgr: DeviceManager;
  let emu: StartedDevice;
  const home = process.env.HOME;
  beforeAll(async () => {
    adb = await startAdbServer();
    // The console client reads ~/.emulator_console_auth_token: the private adb HOME, never the developer's.
    process.env.HOME = adb.home;
    mgr = new DeviceManager({ host: '127.0.0.1', port: adb.port });
    emu = await startVirtualDevice({ world: 'demo', adb, serialStyle: 'emulator', consoleAuthTokenFile: join(adb.home, '.emulator_console_auth_token') });
  }, 60_000);
  afterAll(async () => { await emu?.stop(); await adb?.stop(); process.env.HOME = home; });

  it('saves a snapshot, loads it back after the screen changed, and refuses bad names and non-emulators with a sentence', async () => {
    const h = emulatorHandlers(() => mgr, new EmulatorProcesses());
    const capture = new DeviceCapture(adbShell(mgr.client, emu.serial));
    await capture.shell.run('input keyevent 3');
    expect(await h['device:snapshotSave']({ serial: emu.serial, name: 'home-screen' })).toEqual(['home-screen']);
    await capture.shell.run('monkey -p com.touchstone.notes 1');
    expect(await capture.activity()).toContain('com.touchstone.notes');
    await h['device:snapshotLoad']({ serial: emu.serial, name: 'home-screen' });
    expect(await capture.activity()).toContain('nexuslauncher');
    expect(await h['device:snapshots']({ serial: emu.serial })).toEqual(['home-screen']);
    await expect(h['device:snapshotLoad']({ serial: emu.serial, name: 'missing' })).rejects.toThrow(/snapshot 'missing' does not exist/);
    await expect(h['device:snapshotSave']({ serial: emu.serial, name: 'a b' })).rejects.toThrow(/Snapshot name "a b" is not usable/);
    await expect(h['device:snapshots']({ serial: '127.0.0.1:5555' })).rejects.toThrow(/127\.0\.0\.1:5555 is not an emulator/);
  });

  it('starts an AVD through the SDK\'s emulator binary on a free port pair, waits for boot, and stops it through the console', async () => {
    const sdk = makeSdk('boot', ['demo_avd']);
    const saved = process.env.ANDROID_HOME;
    process.env.ANDROID_HOME = sdk;
    const emulators = new EmulatorProcesses();
    try {
      const t0 = Date.now();
      const d = await emulators.start(mgr, 'demo_avd', undefined, 60_000);
      expect(d).toMatchObject({ state: 'device', apiLevel: 31 });
      expect(d.serial).toMatch(/^emulator-55\d\d$/);
      expect(d.serial).not.toBe(emu.serial);
      console.log(`emulator ${d.serial} booted in ${Date.now() - t0} ms`);
      await emulators.stop(d.serial);
      const until = Date.now() + 10_000;
      while ((await mgr.list()).some((x) => x.serial === d.serial && x.state === 'device') && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      expect((await mgr.list()).some((x) => x.serial === d.serial && x.state === 'device')).toBe(false);
    } finally {
      if (saved === undefined) delete process.env.ANDROID_HOME; else process.env.ANDROID_HOME = saved;
    }
  }, 90_000);
});
