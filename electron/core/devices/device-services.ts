import { resolveAdbServer } from './adb-client';
import { DeviceManager } from './device-manager';
import { VirtualDevices } from './device-io';
import { EmulatorProcesses } from './emulator';

/**
 * One app service's devices: its device manager on the usual adb server (ADB_SERVER_SOCKET,
 * ANDROID_ADB_SERVER_PORT, else 5037; read on first use) and the virtual devices started from its UI.
 * Owned by the composition (electron/app.ts) and handed to the domains that drive devices, so two
 * app services in one process (tests, serve beside the desktop) never share or stop each other's devices.
 */
export class DeviceServices {
  private mgr: DeviceManager | null = null;
  readonly virtual = new VirtualDevices();
  /** Emulators started from the UI (they live as long as the service). */
  readonly emulators = new EmulatorProcesses();

  manager(): DeviceManager {
    this.mgr ??= new DeviceManager(resolveAdbServer());
    return this.mgr;
  }

  /** Stops the virtual devices this service started (the app's shutdown, a test's cleanup). */
  async close(): Promise<void> {
    if (this.mgr) await this.virtual.stopAll(this.mgr);
  }
}
