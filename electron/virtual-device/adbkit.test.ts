import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import * as adbkit from '@devicefarmer/adbkit';

// adbkit is CommonJS: depending on the loader (Node ESM, vitest) its exports sit on the namespace or on `default`.
const Adb = adbkit.Adb ?? (adbkit as unknown as { default: typeof adbkit }).default.Adb;
import { startAdbServer, startVirtualDevice, readAll, HAVE_ADB, type AdbServer, type StartedDevice } from './testing';


type Client = ReturnType<typeof Adb.createClient>;

async function until<T>(what: string, f: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let lastErr: unknown;
  while (Date.now() < end) {
    try {
      const v = await f();
      if (v !== undefined) return v;
    } catch (e) { lastErr = e; }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}: ${String(lastErr ?? '')}`);
}

describe.skipIf(!HAVE_ADB)('adbkit drives the virtual device (adb not installed → skipped)', () => {
  let adb: AdbServer;
  let dev: StartedDevice;
  let client: Client;
  const device = (): ReturnType<Client['getDevice']> => client.getDevice(dev.serial);
  const shell = async (cmd: string): Promise<string> => (await readAll(await device().shell(cmd))).toString('utf8');

  beforeAll(async () => {
    adb = await startAdbServer();
    dev = await startVirtualDevice({ world: 'demo' });
    client = Adb.createClient({ port: adb.port });
    await client.connect('127.0.0.1', dev.port);
    await adb.waitFor(dev.serial);
  });
  afterAll(async () => { await dev?.stop(); await adb?.stop(); });

  it('listDevices shows it as device', async () => {
    const list = await client.listDevices();
    expect(list).toContainEqual({ id: dev.serial, type: 'device' });
  });

  it('trackDevices reports a second device being added and removed', async () => {
    const tracker = await client.trackDevices();
    const events: string[] = [];
    tracker.on('add', (d: { id: string; type: string }) => events.push(`add ${d.id} ${d.type}`));
    tracker.on('change', (d: { id: string; type: string }) => events.push(`change ${d.id} ${d.type}`));
    tracker.on('remove', (d: { id: string }) => events.push(`remove ${d.id}`));
    const second = await startVirtualDevice({ world: 'demo' });
    try {
      await client.connect('127.0.0.1', second.port);
      await until('add event', async () => (events.some((e) => e.startsWith(`add ${second.serial}`) || e === `change ${second.serial} device`) ? true : undefined));
      await client.disconnect('127.0.0.1', second.port);
      await until('remove event', async () => (events.includes(`remove ${second.serial}`) ? true : undefined));
    } finally {
      tracker.end();
      await second.stop();
    }
  });

  it('shell returns merged output, as the legacy shell service does', async () => {
    expect(await shell('echo out; echo err >&2')).toBe('out\nerr\n');
    expect(await shell('pm list packages -3')).toBe('package:com.android.adbkeyboard\npackage:com.touchstone.notes\npackage:com.touchstone.shop\npackage:com.touchstone.clock\n');
  });

  it('screencap returns the PNG of the screen', async () => {
    const png = await readAll(await device().screencap());
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1080, 2400]);
  });

  it('push and pull 2 MiB round-trip byte-identical; stat and readdir see the file', async () => {
    const data = randomBytes(2 * 1024 * 1024 + 7);
    const src = new PassThrough();
    src.end(data);
    const transfer = await device().push(src, '/data/local/tmp/kit.bin');
    await new Promise<void>((resolve, reject) => { transfer.on('end', () => resolve()); transfer.on('error', reject); });
    const pulled = await readAll(await device().pull('/data/local/tmp/kit.bin'));
    expect(pulled.equals(data)).toBe(true);
    const st = await device().stat('/data/local/tmp/kit.bin');
    expect(st.size).toBe(data.length);
    // readdir is sync LIST (v1): DENT entries then DONE
    const entries: { name: string; size: number; isFile(): boolean }[] = await device().readdir('/data/local/tmp');
    const kit = entries.find((e) => e.name === 'kit.bin');
    expect([kit?.size, kit?.isFile()]).toEqual([data.length, true]);
  });

  it('20 concurrent shell streams each get their own answer', async () => {
    const outs = await Promise.all(Array.from({ length: 20 }, (_, i) => shell(`echo stream-${i}; sleep 0.05; echo done-${i}`)));
    outs.forEach((o, i) => expect(o).toBe(`stream-${i}\ndone-${i}\n`));
  });

  it('reconnects after the device drops its connection', async () => {
    dev.device.dropConnections();
    await until('reconnected shell', async () => {
      await client.connect('127.0.0.1', dev.port);
      return (await shell('echo back')) === 'back\n' ? true : undefined;
    });
    expect(await shell('getprop ro.product.model')).toBe('Touchstone_Virtual_Phone\n');
  });
});
