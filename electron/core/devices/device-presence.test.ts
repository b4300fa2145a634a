import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceGoneError } from '../capture/device-shell';
import { HAVE_ADB, startAdbServer, startVirtualDevice, type AdbServer } from '../../virtual-device/testing';
import { DeviceManager } from './device-manager';
import { DevicePresence } from './device-presence';

describe('device presence from track-devices events', () => {
  it('fails a pending and every later command on a device that left, naming it; a device that comes back is usable again', async () => {
    const p = new DevicePresence();
    p.update('emulator-5554', 'device');
    const never = new Promise<Buffer>(() => undefined);
    const pending = p.race('emulator-5554', 'screencap', never);
    p.update('emulator-5554', 'offline');
    await expect(pending).rejects.toThrow(/^Device emulator-5554: screencap: the device went offline: adb lost contact/);
    await expect(p.race('emulator-5554', 'shell "ls"', Promise.resolve(1))).rejects.toBeInstanceOf(DeviceGoneError);
    p.update('emulator-5554', null);
    expect(p.goneReason('emulator-5554')).toMatch(/disappeared from adb/);
    p.update('emulator-5554', 'device');
    expect(await p.race('emulator-5554', 'shell "ls"', Promise.resolve(1))).toBe(1);
    // A stream that ends empty (adb dropping the device) or fails just before the tracker says so: the error names the cause.
    p.update('emulator-5556', 'device');
    const empty = p.race('emulator-5556', 'screencap', Promise.resolve(Buffer.alloc(0)));
    const failed = p.race('emulator-5556', 'shell "ls"', Promise.reject(new Error('closed')));
    setTimeout(() => p.update('emulator-5556', null), 50);
    await expect(empty).rejects.toThrow(/^Device emulator-5556: screencap: the device disappeared from adb/);
    await expect(failed).rejects.toThrow(/^Device emulator-5556: shell "ls": the device disappeared/);
    // Otherwise the command's own result or error stands (after the short wait).
    await expect(p.race('emulator-5554', 'x', Promise.reject(new Error('boom')), 20)).rejects.toThrow('boom');
    expect(await p.race('emulator-5554', 'x', Promise.resolve(Buffer.alloc(0)), 20)).toHaveLength(0);
    // A serial the tracker never mentioned is assumed present.
    expect(await p.race('R58M12ABC', 'screencap', Promise.resolve(2))).toBe(2);
  });
});

describe('watched shells', () => {
  it('a shell command that prints nothing (input tap) answers at once; an empty screenshot waits for the tracker', async () => {
    const p = new DevicePresence();
    p.update('emulator-5554', 'device');
    const shell = p.watch({ serial: 'emulator-5554', run: async () => Buffer.alloc(0), screencap: async () => Buffer.alloc(0) });
    let t = performance.now();
    expect(await shell.run('input tap 10 10')).toHaveLength(0);
    expect(performance.now() - t).toBeLessThan(100);
    t = performance.now();
    expect(await shell.screencap()).toHaveLength(0);
    expect(performance.now() - t).toBeGreaterThanOrEqual(700);
    // Once the device is reported gone, a command with no output fails naming it.
    p.update('emulator-5554', null);
    await expect(shell.run('input tap 10 10')).rejects.toThrow(/^Device emulator-5554: shell "input tap 10 10": the device disappeared from adb/);
  });

  it('a stream adb cut ("closed") waits for the tracker to say why; adb\'s own "not found" stands at once', async () => {
    const p = new DevicePresence();
    p.update('emulator-5556', 'device');
    const cut = p.race('emulator-5556', 'shell "input tap 1 1"', Promise.reject(new DeviceGoneError('emulator-5556', 'shell "input tap 1 1" failed: Failure: \'closed\'')));
    setTimeout(() => p.update('emulator-5556', null), 50);
    await expect(cut).rejects.toThrow(/^Device emulator-5556: shell "input tap 1 1": the device disappeared from adb/);
    p.update('emulator-5558', 'device');
    const t = performance.now();
    await expect(p.race('emulator-5558', 'screencap', Promise.reject(new DeviceGoneError('emulator-5558', "screencap failed: Failure: 'device 'emulator-5558' not found'")))).rejects.toThrow(/not found/);
    expect(performance.now() - t).toBeLessThan(100);
  });
});

describe.skipIf(!HAVE_ADB)('a vanished device through the real adb server (adb not installed → skipped)', () => {
  let adb: AdbServer;
  let mgr: DeviceManager;
  beforeAll(async () => {
    adb = await startAdbServer();
    mgr = new DeviceManager({ host: '127.0.0.1', port: adb.port });
    await mgr.watch();
  });
  afterAll(async () => { await mgr?.unwatch(); await adb?.stop(); });

  /** Keeps taking screenshots until one fails; resolves with the error and how long after `t0()` it came. */
  const untilFailure = async (serial: string, t0: () => number): Promise<{ err: unknown; ms: number }> => {
    const shell = mgr.shell(serial);
    for (;;) {
      try { await shell.screencap(20_000); } catch (err) { return { err, ms: Date.now() - t0() }; }
    }
  };
  const listedUsable = async (serial: string): Promise<boolean> => (await mgr.list()).some((d) => d.serial === serial && d.state === 'device');

  const cases = { killed: 'a killed virtual device', 'killed emulator': 'a killed emulator-style device', 'adb disconnect': 'a device removed with adb disconnect' } as const;
  for (const how of Object.keys(cases) as (keyof typeof cases)[]) {
    it(`${cases[how]}: its commands fail within 2 s naming it, and the list drops it`, async () => {
      const dev = await startVirtualDevice({ world: 'demo', adb, serialStyle: how === 'killed emulator' ? 'emulator' : 'tcp' });
      let gone = Number.POSITIVE_INFINITY;
      const failure = untilFailure(dev.serial, () => gone);
      await new Promise((r) => setTimeout(r, 300));
      gone = Date.now();
      if (how !== 'adb disconnect') await dev.instance.stop(); else await adb.adb(['disconnect', dev.serial]);
      const { err, ms } = await failure;
      expect(err).toBeInstanceOf(DeviceGoneError);
      expect((err as Error).message).toMatch(new RegExp(`^Device ${dev.serial.replace(/\./g, '\\.')}: screencap(: the device (disappeared from adb|went offline)| failed: Failure: 'device offline')`));
      expect(ms).toBeLessThan(2000);
      console.log(`${how}: screencap failed ${ms} ms after the device left: ${(err as Error).message}`);
      expect(await listedUsable(dev.serial)).toBe(false);
      await dev.stop();
    }, 30_000);
  }
});
