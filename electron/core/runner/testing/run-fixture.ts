/** Test setup for runner tests: a private adb server, virtual demo phones connected to it, a demo dataset in a temp folder. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAdbServer, startVirtualDevice, type AdbServer, type StartedDevice, type StartVirtualDeviceOptions } from '../../../virtual-device/testing';
import { createDemoDataset } from '../../demo/create-demo';

/** The clock the demo dataset was recorded with, so replays see byte-equal screens. */
export const FROZEN = (): Date => new Date(Date.UTC(2026, 0, 15, 9, 41));

export interface RunFixture {
  adb: AdbServer;
  devices: StartedDevice[];
  tmp: string;
  dataset: string;
  addDevice(opts?: StartVirtualDeviceOptions): Promise<StartedDevice>;
  stop(): Promise<void>;
}

/** Starts adb, `count` demo phones (connected and awaited) and writes the demo dataset's tasks (no traces) to a temp folder. */
export async function startRunFixture(count: number, opts: { only?: string[] } = {}): Promise<RunFixture> {
  const adb = await startAdbServer();
  const tmp = mkdtempSync(join(tmpdir(), 'touchstone-run-'));
  const devices: StartedDevice[] = [];
  const addDevice = async (o: StartVirtualDeviceOptions = {}): Promise<StartedDevice> => {
    const d = await startVirtualDevice({ world: 'demo', adb, clock: FROZEN, ...o });
    devices.push(d);
    return d;
  };
  try {
    for (let k = 0; k < count; k++) await addDevice();
    const dataset = join(tmp, 'demo');
    await createDemoDataset({ out: dataset, traces: false, transport: 'in-process', only: opts.only });
    return {
      adb, devices, tmp, dataset, addDevice,
      async stop() {
        await Promise.all(devices.map((d) => d.stop().catch(() => undefined)));
        await adb.stop();
        rmSync(tmp, { recursive: true, force: true });
      },
    };
  } catch (err) {
    await Promise.all(devices.map((d) => d.stop().catch(() => undefined)));
    await adb.stop();
    throw err;
  }
}
