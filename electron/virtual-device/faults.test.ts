import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { parseFaults, DUMP_IDLE_ERROR } from './faults';
import { startAdbServer, startVirtualDevice, HAVE_ADB, type AdbServer, type StartedDevice } from './testing';


describe('parseFaults', () => {
  it('reads the CLI form', () => {
    expect(parseFaults('latency=40, dump-fails,animation=500,drop-every=3,vanish-after=9')).toEqual({ latencyMs: 40, dumpFails: true, animationMs: 500, dropEvery: 3, vanishAfterMs: 9 });
  });
  it.each(['latency', 'latency=-1', 'wobble=2'])('rejects %j naming it', (spec) => {
    expect(() => parseFaults(spec)).toThrow(spec.split('=')[0]);
  });
});

describe.skipIf(!HAVE_ADB)('fault injection seen through the real adb (adb not installed → skipped)', () => {
  let adb: AdbServer;
  let dev: StartedDevice;
  const sh = (cmd: string): ReturnType<AdbServer['adb']> => adb.adb(['-s', dev.serial, 'shell', cmd]);
  const screen = async (): Promise<Buffer> => (await adb.adbRaw(['-s', dev.serial, 'exec-out', 'screencap -p'])).stdout;

  beforeAll(async () => {
    adb = await startAdbServer();
    // a frozen clock keeps unchanged screens byte-identical across a minute boundary
    dev = await startVirtualDevice({ world: 'demo', adb, clock: () => new Date('2026-03-02T09:41:00Z') });
  });
  afterAll(async () => { await dev?.stop(); await adb?.stop(); });

  it('uiautomator dump fails with Android\'s idle-state error', async () => {
    dev.device.faults.dumpFails = true;
    try {
      const r = await sh('uiautomator dump /sdcard/x.xml');
      expect(r.stderr).toBe(`${DUMP_IDLE_ERROR}\n`);
      expect(r.stdout).toBe('');
      expect((await sh('ls /sdcard/x.xml')).code).toBe(1);
    } finally {
      dev.device.faults.dumpFails = false;
    }
  });

  it('latency delays every reply by at least the set time', async () => {
    dev.device.faults.latencyMs = 150;
    try {
      const t = Date.now();
      expect((await sh('echo slow')).stdout).toBe('slow\n');
      expect(Date.now() - t).toBeGreaterThanOrEqual(150);
    } finally {
      dev.device.faults.latencyMs = 0;
    }
  });

  it('the screen keeps changing after an input until the animation ends, and dump waits for idle', async () => {
    await sh('monkey -p com.touchstone.clock 1');
    dev.device.faults.animationMs = 800;
    try {
      const t0 = Date.now();
      await sh('input tap 10 1000');
      expect((await sh('uiautomator dump /dev/tty')).stdout).toContain('counter_value');
      expect(Date.now() - t0).toBeGreaterThanOrEqual(800);
      await sh('input tap 10 1000');
      const a = await screen();
      const b = await screen();
      expect(a.equals(b)).toBe(false);
      await sh('uiautomator dump /dev/null'); // returns once idle
      const c = await screen();
      expect((await screen()).equals(c)).toBe(true);
    } finally {
      dev.device.faults.animationMs = 0;
    }
  });

  it('a dropped connection fails the command; adb connect brings the device back', async () => {
    dev.device.dropConnections();
    await adb.adb(['connect', dev.serial]);
    await adb.waitFor(dev.serial);
    expect((await sh('echo again')).stdout).toBe('again\n');
    dev.device.faults.dropEvery = 1;
    const r = await sh('echo never');
    dev.device.faults.dropEvery = 0;
    expect(r.code).not.toBe(0);
    await adb.adb(['connect', dev.serial]);
    await adb.waitFor(dev.serial);
    expect((await sh('echo after')).stdout).toBe('after\n');
  });

  it('a device that disappears (vanish-after) stops answering', async () => {
    const gone = await startVirtualDevice({ world: 'demo', adb, faults: { vanishAfterMs: 2000 } });
    expect((await adb.adb(['-s', gone.serial, 'shell', 'echo here'])).stdout).toBe('here\n');
    while (gone.device.listening) await new Promise((r) => setTimeout(r, 20));
    const r = await adb.adb(['-s', gone.serial, 'shell', 'echo hi']);
    expect(r.code).not.toBe(0);
    await gone.stop();
  });

  it('unauthorized mode shows as unauthorized and refuses shell', async () => {
    const locked = await startVirtualDevice({ world: 'demo', adb, unauthorized: true });
    try {
      const r = await adb.adb(['-s', locked.serial, 'shell', 'echo hi']);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toContain('unauthorized');
    } finally {
      await locked.stop();
    }
  });
});
