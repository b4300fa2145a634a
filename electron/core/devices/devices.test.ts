import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createServer as createNetServer } from 'node:net';
import { emulatorHandlers } from './emulator-handlers';
import { join } from 'node:path';
import { freePort, HAVE_ADB, startAdbServer, startVirtualDevice, type AdbServer, type StartedDevice } from '../../virtual-device/testing';
import { DeviceCapture } from '../capture/capture';
import { adbShell } from '../capture/device-shell';
import { resetDevice } from '../runner/reset-device';
import { parseAdbServer, resolveAdbServer } from './adb-client';
import { DeviceManager } from './device-manager';
import { deviceKind, stateHint } from './device-states';
import { consolePortOf, EmulatorConsoleClient } from './emulator-console';
import { EmulatorProcesses, waitForBoot } from './emulator';

describe('adb server address and device states', () => {
  it('reads --adb-server, ADB_SERVER_SOCKET and ANDROID_ADB_SERVER_PORT', () => {
    expect(parseAdbServer('lab-7:5037')).toEqual({ host: 'lab-7', port: 5037 });
    expect(resolveAdbServer(undefined, { ADB_SERVER_SOCKET: 'tcp:10.0.0.2:5038' })).toEqual({ host: '10.0.0.2', port: 5038 });
    expect(resolveAdbServer(undefined, { ANDROID_ADB_SERVER_PORT: '6000' })).toEqual({ host: '127.0.0.1', port: 6000 });
    expect(() => parseAdbServer('lab-7')).toThrow(/not host:port/);
  });

  it('says what to do for every unusable state and tells device kinds apart', () => {
    for (const s of ['offline', 'unauthorized', 'no permissions', 'recovery', 'authorizing'] as const) expect(stateHint(s, 'X')).toBeTruthy();
    expect(stateHint('device', 'X')).toBeUndefined();
    expect(deviceKind('emulator-5554')).toBe('emulator');
    expect(deviceKind('10.0.0.5:5555')).toBe('tcp');
    expect(deviceKind('R58M12ABC')).toBe('usb');
    expect(deviceKind('127.0.0.1:4000', { serialno: 'TOUCHSTONE4000' })).toBe('virtual');
    expect(consolePortOf('emulator-5556')).toBe(5556);
  });
});

describe.skipIf(!HAVE_ADB)('device manager and emulator console against virtual devices (adb not installed → skipped)', () => {
  let adb: AdbServer;
  let emu: StartedDevice;
  let mgr: DeviceManager;
  beforeAll(async () => {
    adb = await startAdbServer();
    emu = await startVirtualDevice({ world: 'demo', adb, serialStyle: 'emulator' });
    mgr = new DeviceManager({ host: '127.0.0.1', port: adb.port });
  });
  afterAll(async () => { await emu?.stop(); await adb?.stop(); });

  it('connects host:port devices and tracks them coming and going live', async () => {
    const seen: string[][] = [];
    const stop = await mgr.track((list) => seen.push(list.map((d) => `${d.serial} ${d.state}`)));
    const tcp = await startVirtualDevice({ world: 'demo' });
    try {
      expect(await mgr.connect(`127.0.0.1:${tcp.port}`)).toContain(`127.0.0.1:${tcp.port}`);
      await adb.waitFor(tcp.serial);
      const until = Date.now() + 10_000;
      while (!seen.some((l) => l.includes(`${tcp.serial} device`)) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(seen.some((l) => l.includes(`${tcp.serial} device`))).toBe(true);
      // The device that was there before tracking started stays in every list (adbkit announces it before listeners exist).
      expect(seen.every((l) => l.includes(`${emu.serial} device`))).toBe(true);
      await mgr.disconnect(tcp.serial);
      while (seen.at(-1)?.some((l) => l.startsWith(tcp.serial)) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(seen.at(-1)?.some((l) => l.startsWith(tcp.serial))).toBe(false);
    } finally {
      stop();
      await tcp.stop();
    }
    await expect(mgr.connect('nohost')).rejects.toThrow(/not host:port/);
  });

  it('sends the console token only to an emulator the device list knows: another listener on an emulator-NNNN port gets nothing', async () => {
    const received: string[] = [];
    let connections = 0;
    const listener = createNetServer((sock) => {
      connections++;
      sock.on('data', (c: Buffer) => received.push(c.toString()));
      sock.on('error', () => undefined);
      sock.write("Android Console: Authentication required\r\nAndroid Console: type 'auth <auth_token>' to authenticate\r\nOK\r\n");
    });
    const port = await freePort();
    await new Promise<void>((r) => listener.listen(port, '127.0.0.1', r));
    const home = process.env.HOME;
    process.env.HOME = adb.home; // the console token the handlers read (os.homedir())
    try {
      const calls = emulatorHandlers(() => mgr, new EmulatorProcesses());
      await expect(calls['device:snapshots']({ serial: `emulator-${port}` })).rejects.toMatchObject({ code: 'refused', message: expect.stringMatching(/not in the device list/) });
      await expect(calls['device:snapshotLoad']({ serial: `emulator-${port}`, name: 'x' })).rejects.toMatchObject({ code: 'refused' });
      expect([connections, received]).toEqual([0, []]);
      // A listed emulator still answers through the same calls.
      expect(await calls['device:snapshots']({ serial: emu.serial })).toEqual(expect.any(Array));
    } finally {
      process.env.HOME = home;
      listener.close();
    }
  });

  it('saves and loads snapshots through the console (auth token), resets a task from one, and stops the emulator', async () => {
    const port = consolePortOf(emu.serial)!;
    const tokenFile = join(adb.home, '.emulator_console_auth_token');
    const console_ = new EmulatorConsoleClient(port, '127.0.0.1', tokenFile);
    expect(await console_.avdName()).toBe('Touchstone_API_31');
    const capture = new DeviceCapture(adbShell(mgr.client, emu.serial));
    await waitForBoot(capture.shell, 10_000);
    await capture.shell.run('input keyevent 3');
    await console_.saveSnapshot('clean');
    expect(await console_.listSnapshots()).toEqual(['clean']);
    await capture.shell.run('monkey -p com.touchstone.notes 1');
    expect(await capture.activity()).toContain('com.touchstone.notes');
    expect(await resetDevice(capture, { snapshot: 'clean' }, { consoleTokenFile: tokenFile })).toBe('snapshot clean');
    expect(await capture.activity()).toContain('nexuslauncher');
    await expect(console_.loadSnapshot('missing')).rejects.toThrow(/snapshot 'missing' does not exist/);
    await expect(new EmulatorConsoleClient(port, '127.0.0.1', join(adb.home, 'no-such-token')).avdName()).rejects.toThrow(/token .* is missing/);
    await console_.kill();
    const until = Date.now() + 10_000;
    let list = await mgr.list();
    while (list.some((d) => d.serial === emu.serial && d.state === 'device') && Date.now() < until) { await new Promise((r) => setTimeout(r, 100)); list = await mgr.list(); }
    expect(list.some((d) => d.serial === emu.serial && d.state === 'device')).toBe(false);
  });
});
