import type { DeviceCalls } from '../../../shared/contract/device';
import { AppError } from '../../kernel/errors';
import { androidSdkStatus, findEmulator } from './android-sdk';
import type { DeviceManager } from './device-manager';
import { consolePortOf, EmulatorConsoleClient } from './emulator-console';
import type { EmulatorProcesses } from './emulator';

type EmulatorCalls = Pick<DeviceCalls, 'device:sdk' | 'device:startEmulator' | 'device:stopEmulator' | 'device:snapshots' | 'device:snapshotSave' | 'device:snapshotLoad'>;

const SNAPSHOT = /^[\w.-]{1,64}$/;

/** The emulator calls: SDK detection, start/stop of AVDs, and snapshots through the emulator console (real emulators and emulator-style virtual devices). */
export function emulatorHandlers(manager: () => DeviceManager, appEmulators: EmulatorProcesses): EmulatorCalls {
  /**
   * The console of a listed emulator. The client authenticates with the user's console token, so it talks only
   * to a port the device list has an `emulator-NNNN` for: any other process listening on a named port would get
   * the token.
   */
  const consoleOf = async (args: { serial: string }): Promise<EmulatorConsoleClient> => {
    const serial = args.serial;
    const port = consolePortOf(serial);
    if (port === null) throw new AppError('bad-request', `${serial || 'This device'} is not an emulator (serial emulator-NNNN): snapshots need the emulator console.`);
    let listed: boolean;
    try { listed = (await manager().list()).some((d) => d.serial === serial); } catch (err) { throw new AppError('unavailable', (err as Error).message, { cause: err }); }
    if (!listed) throw new AppError('refused', `${serial} is not in the device list, so its console is not used (the console token goes only to a listed emulator); start the emulator, or pick it from the device list.`);
    return new EmulatorConsoleClient(port);
  };
  const nameOf = (args: { name: string }): string => {
    const name = args.name.trim();
    if (!SNAPSHOT.test(name)) throw new AppError('bad-request', `Snapshot name "${name}" is not usable: use 1-64 letters, digits, dots, dashes or underscores.`);
    return name;
  };
  const onConsole = async <T>(c: EmulatorConsoleClient, f: (c: EmulatorConsoleClient) => Promise<T>): Promise<T> => {
    try { return await f(c); } catch (err) { throw new AppError('unavailable', (err as Error).message, { cause: err }); } finally { c.close(); }
  };
  return {
    'device:sdk': () => androidSdkStatus(),
    'device:startEmulator': async (args) => {
      if (!/^[\w.-]+$/.test(args.avd)) throw new AppError('bad-request', 'device:startEmulator needs the name of an AVD (see device:sdk).');
      if (!findEmulator()) throw new AppError('unavailable', (await androidSdkStatus()).hint ?? 'No Android emulator found.');
      const snapshot = args.snapshot === undefined || args.snapshot === '' ? undefined : nameOf({ name: args.snapshot });
      try { return await appEmulators.start(manager(), args.avd, snapshot); } catch (err) { throw new AppError('unavailable', (err as Error).message, { cause: err }); }
    },
    'device:stopEmulator': async (args) => {
      const c = await consoleOf(args);
      c.close();
      try { await appEmulators.stop(args.serial); } catch (err) { throw new AppError('unavailable', (err as Error).message, { cause: err }); }
    },
    'device:snapshots': async (args) => onConsole(await consoleOf(args), (c) => c.listSnapshots()),
    'device:snapshotSave': async (args) => {
      const name = nameOf(args);
      return onConsole(await consoleOf(args), async (c) => { await c.saveSnapshot(name); return c.listSnapshots(); });
    },
    'device:snapshotLoad': async (args) => {
      const name = nameOf(args);
      return onConsole(await consoleOf(args), (c) => c.loadSnapshot(name));
    },
  };
}
