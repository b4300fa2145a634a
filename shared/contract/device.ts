/** The device domain: devices the adb server sees, live, and connecting remote ones. */
import type { Call, NameSet, NoArgs } from './common';

/** adb's state of a device, plus what Touchstone makes of it. */
export type DeviceState = 'device' | 'offline' | 'unauthorized' | 'authorizing' | 'connecting' | 'no permissions' | 'recovery' | 'sideload' | 'bootloader' | 'host' | 'unknown';

/** How the device is attached. */
export type DeviceKind = 'usb' | 'emulator' | 'tcp' | 'virtual';

/** One device as `device:list` and `touchstone devices` report it. */
export interface DeviceInfo {
  serial: string;
  state: DeviceState;
  kind: DeviceKind;
  /** ro.product.model; absent unless the device is usable (state `device`). */
  model?: string;
  /** ro.build.version.sdk. */
  apiLevel?: number;
  /** Physical screen size in pixels (`wm size`). */
  screen?: { width: number; height: number };
  /** What to do when the state is not `device` (one sentence); absent when usable. */
  hint?: string;
}

export interface DeviceCalls {
  /** Every device the adb server knows, with details for usable ones. */
  'device:list': Call<NoArgs, DeviceInfo[]>;
  /** `adb connect host:port` (an STF remote-connect endpoint, a docker-android container, a virtual device). */
  'device:connect': Call<{ address: string }, DeviceInfo[]>;
}

export interface DeviceEvents {
  /** The device list changed (a device came, went or changed state). */
  'device:changed': { devices: DeviceInfo[] };
}

export const DEVICE_CALLS: NameSet<DeviceCalls> = { 'device:list': true, 'device:connect': true };
export const DEVICE_EVENTS: NameSet<DeviceEvents> = { 'device:changed': true };
