import type { DeviceCalls } from '../../../shared/contract/device';
import type { AppContext } from '../../kernel/context';
import { AppError } from '../../kernel/errors';
import { resolveAdbServer } from './adb-client';
import { DeviceManager } from './device-manager';
import { screenComponents, screenFrame, sendInput, VirtualDevices } from './device-io';
import { emulatorHandlers } from './emulator-handlers';

let shared: DeviceManager | null = null;
/** Virtual devices started from the UI (they live as long as the core). */
export const appVirtualDevices = new VirtualDevices();

/** The app's device manager on the usual adb server (ADB_SERVER_SOCKET, ANDROID_ADB_SERVER_PORT, else 5037). */
export function appDeviceManager(): DeviceManager {
  shared ??= new DeviceManager(resolveAdbServer());
  return shared;
}

/** The device domain's calls; the first `device:list` starts live tracking (`device:changed` events). */
export function deviceHandlers(ctx: AppContext): DeviceCalls {
  let tracking: Promise<unknown> | null = null;
  const unavailable = (err: unknown): AppError => new AppError('unavailable', (err as Error).message, { cause: err });
  return {
    ...emulatorHandlers(appDeviceManager),
    'device:list': async () => {
      const mgr = appDeviceManager();
      let list;
      try { list = await mgr.list(); } catch (err) { throw unavailable(err); }
      tracking ??= mgr.track((devices) => ctx.emit('device:changed', { devices })).catch(() => { tracking = null; });
      return list;
    },
    'device:connect': async (args) => {
      const mgr = appDeviceManager();
      try { await mgr.connect(args.address); } catch (err) { throw new AppError('bad-request', (err as Error).message, { cause: err }); }
      return mgr.list();
    },
    'device:screen': async (args) => {
      try { return await screenFrame(appDeviceManager(), args.serial); } catch (err) { throw unavailable(err); }
    },
    'device:hierarchy': async (args) => {
      try { return await screenComponents(appDeviceManager(), args.serial); } catch (err) { throw unavailable(err); }
    },
    'device:input': async (args) => {
      const serial = args.serial;
      try { await sendInput(appDeviceManager(), serial, args.input); } catch (err) { throw new AppError(/Not a device input/.test((err as Error).message) ? 'bad-request' : 'unavailable', (err as Error).message, { cause: err }); }
    },
    'device:startVirtual': async (args) => {
      let world: 'demo' | { replay: string } = 'demo';
      if (args.world === 'replay') {
        const ds = ctx.datasets.get(args.datasetId);
        world = { replay: ctx.datasets.confine(ds, args.path).abs };
      }
      try { return await appVirtualDevices.start(appDeviceManager(), world); } catch (err) { throw unavailable(err); }
    },
    'device:stopVirtual': async (args) => {
      const serial = args.serial;
      if (!(await appVirtualDevices.stop(appDeviceManager(), serial))) throw new AppError('not-found', `${serial} is not a virtual device started here.`);
    },
  };
}
