import type { DeviceCalls } from '../../../shared/contract/device';
import type { AppContext } from '../app/context';
import { AppError } from '../app/errors';
import { resolveAdbServer } from './adb-client';
import { DeviceManager } from './device-manager';

let shared: DeviceManager | null = null;

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
    'device:list': async () => {
      const mgr = appDeviceManager();
      let list;
      try { list = await mgr.list(); } catch (err) { throw unavailable(err); }
      tracking ??= mgr.track((devices) => ctx.emit('device:changed', { devices })).catch(() => { tracking = null; });
      return list;
    },
    'device:connect': async (args) => {
      if (typeof args?.address !== 'string') throw new AppError('bad-request', 'device:connect needs an address host:port.');
      const mgr = appDeviceManager();
      try { await mgr.connect(args.address); } catch (err) { throw new AppError('bad-request', (err as Error).message, { cause: err }); }
      return mgr.list();
    },
  };
}
