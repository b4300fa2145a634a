import type { DeviceCalls } from '../../../shared/contract/device';
import type { AppContext } from '../../kernel/context';
import { AppError } from '../../kernel/errors';
import { screenComponents, screenFrame, sendInput } from './device-io';
import type { DeviceServices } from './device-services';
import { emulatorHandlers } from './emulator-handlers';

/** The device domain's calls; the first `device:list` starts live tracking (`device:changed` events). */
export function deviceHandlers(ctx: AppContext, devices: DeviceServices): DeviceCalls {
  const appDeviceManager = (): ReturnType<DeviceServices['manager']> => devices.manager();
  let tracking: Promise<unknown> | null = null;
  const unavailable = (err: unknown): AppError => new AppError('unavailable', (err as Error).message, { cause: err });
  return {
    ...emulatorHandlers(appDeviceManager, devices.emulators),
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
      try { return await devices.virtual.start(appDeviceManager(), world); } catch (err) { throw unavailable(err); }
    },
    'device:stopVirtual': async (args) => {
      const serial = args.serial;
      if (!(await devices.virtual.stop(appDeviceManager(), serial))) throw new AppError('not-found', `${serial} is not a virtual device started here.`);
    },
  };
}
