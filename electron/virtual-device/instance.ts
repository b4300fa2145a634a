import { connect as netConnect } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { VirtualDevice, type VirtualDeviceOptions } from './device';
import { EmulatorConsole, resolveConsoleToken } from './emulator-console';

export interface DeviceInstanceOptions extends VirtualDeviceOptions {
  /** `tcp` -> serial `127.0.0.1:PORT` (after `adb connect`); `emulator` -> `emulator-CONSOLEPORT`. */
  serialStyle?: 'tcp' | 'emulator';
  /** Emulator console auth token ('' = no auth). When absent it comes from `consoleAuthTokenFile`. */
  consoleAuthToken?: string;
  /** Where the token lives, as for the emulator (default ~/.emulator_console_auth_token; created if missing). */
  consoleAuthTokenFile?: string;
  /**
   * Emulator style without a port: take the first free console port 5554..5584 as the
   * emulator does, so an adb server started later finds the device (default true);
   * false picks a random high port pair (tests that register the device themselves).
   */
  scanRange?: boolean;
  avdName?: string;
}

export interface DeviceInstance {
  device: VirtualDevice;
  port: number;
  serial: string;
  consolePort?: number;
  console?: EmulatorConsole;
  /** Tells an adb server about an emulator-style device (`host:emulator:PORT`), as the emulator does at boot. */
  registerWith(adbServerPort: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts a device (and, emulator-style, its console on port-1 with an even console port). */
export async function startDeviceInstance(opts: DeviceInstanceOptions): Promise<DeviceInstance> {
  const device = new VirtualDevice(opts);
  if (opts.serialStyle !== 'emulator') {
    const port = await device.listen(opts.port ?? 0);
    device.props.set('ro.serialno', `TOUCHSTONE${port}`);
    return {
      device, port, serial: `127.0.0.1:${port}`,
      registerWith: () => Promise.resolve(),
      stop: () => device.close(),
    };
  }
  const tokenFile = opts.consoleAuthTokenFile ?? join(homedir(), '.emulator_console_auth_token');
  const token = opts.consoleAuthToken ?? await resolveConsoleToken(tokenFile);
  const snapshots = new Map<string, unknown>();
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    await Promise.all([device.close(), consoleServer.close()]);
  };
  const consoleServer = new EmulatorConsole({
    avdName: opts.avdName ?? 'Touchstone_API_31',
    snapshotSave: (name) => snapshots.set(name, device.snapshot()),
    snapshotLoad: (name) => {
      const s = snapshots.get(name);
      if (s === undefined) return false;
      device.restore(s);
      return true;
    },
    snapshotDelete: (name) => snapshots.delete(name),
    snapshotNames: () => [...snapshots.keys()],
    kill: () => void stop(),
  }, token, tokenFile);
  // Emulators use an even console port and the next (odd) port for adb.
  let consolePort = 0;
  const scan = opts.scanRange !== false;
  for (let attempt = 0; ; attempt++) {
    const candidate = opts.port ? opts.port - 1 : scan && attempt < 16 ? 5554 + 2 * attempt : 20000 + 2 * Math.floor(Math.random() * 20000);
    try {
      await consoleServer.listen(candidate);
      await device.listen(candidate + 1).catch(async (e: unknown) => { await consoleServer.close(); throw e; });
      consolePort = candidate;
      device.props.set('ro.serialno', `EMULATOR31X${consolePort}`);
      device.props.set('ro.kernel.qemu', '1');
      break;
    } catch (e) {
      if (opts.port || attempt > 36) throw new Error(`virtual device: could not listen on ports ${candidate}/${candidate + 1}: ${(e as Error).message}`);
    }
  }
  return {
    device, port: consolePort + 1, serial: `emulator-${consolePort}`, consolePort, console: consoleServer,
    registerWith: (adbServerPort) => registerEmulator(adbServerPort, consolePort + 1),
    stop,
  };
}

/** Sends `host:emulator:PORT` to an adb server so it connects and names the device emulator-(PORT-1). */
export function registerEmulator(adbServerPort: number, adbPort: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const msg = `host:emulator:${adbPort}`;
    const s = netConnect(adbServerPort, '127.0.0.1', () => {
      s.write(msg.length.toString(16).padStart(4, '0') + msg);
      s.end();
    });
    s.on('error', reject);
    s.on('close', () => resolve());
  });
}
