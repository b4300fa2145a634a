/** The device domain: devices the adb server sees, live, and connecting remote ones. */
import type { Call, NameSet, NoArgs } from './common';
import type { DeviceInput } from '../kinds/actions/action';

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

/** What a person does on the mirrored screen (device pixels): defined with the action model. */
export type { DeviceInput };

/** One mirror frame: the device's `screencap -p`, base64, with when the core had it. */
export interface DeviceFrame { png: string; width: number; height: number; capturedAt: number }

/** One numbered component of the current screen (the hierarchy overlay). */
export interface DeviceComponent { id: number; bounds: [number, number, number, number]; label: string }

/** The Android SDK tools this machine has (for the emulator buttons), and AVDs when it has the emulator. */
export interface AndroidSdkStatus {
  /** Path of the `emulator` binary, or null. */
  emulator: string | null;
  /** Path of `avdmanager`, or null. */
  avdmanager: string | null;
  /** AVD names (`emulator -list-avds`). */
  avds: string[];
  /** What to install and where, when the emulator is missing or has no AVD (one or two sentences). */
  hint?: string;
}

export interface DeviceCalls {
  /** Every device the adb server knows, with details for usable ones. */
  'device:list': Call<NoArgs, DeviceInfo[]>;
  /** `adb connect host:port` (an STF remote-connect endpoint, a docker-android container, a virtual device). */
  'device:connect': Call<{ address: string }, DeviceInfo[]>;
  /** The current screen as PNG (the mirror polls it a few times a second while shown). */
  'device:screen': Call<{ serial: string }, DeviceFrame>;
  /** The numbered components of the current screen (uiautomator dump). */
  'device:hierarchy': Call<{ serial: string }, DeviceComponent[]>;
  /** Performs one input on the device (not recorded). */
  'device:input': Call<{ serial: string; input: DeviceInput }, void>;
  /** Starts a Touchstone virtual device in the core (the demo phone, or a replay of an episode folder of an open dataset) and connects adb to it. */
  'device:startVirtual': Call<{ world: 'demo' } | { world: 'replay'; datasetId: string; path: string }, DeviceInfo>;
  /** Stops a virtual device started by `device:startVirtual`. */
  'device:stopVirtual': Call<{ serial: string }, void>;
  /** Whether the Android SDK's emulator and avdmanager are here, and the AVDs. */
  'device:sdk': Call<NoArgs, AndroidSdkStatus>;
  /** Starts an AVD headless (optionally from a snapshot) and waits until adb lists it booted. */
  'device:startEmulator': Call<{ avd: string; snapshot?: string }, DeviceInfo>;
  /** Stops an emulator (`emulator-NNNN`) through its console (`kill`). */
  'device:stopEmulator': Call<{ serial: string }, void>;
  /** The snapshots of an emulator (console `avd snapshot list`). */
  'device:snapshots': Call<{ serial: string }, string[]>;
  /** Saves the emulator's state as a named snapshot; returns the snapshots after. */
  'device:snapshotSave': Call<{ serial: string; name: string }, string[]>;
  /** Loads a named snapshot into the running emulator. */
  'device:snapshotLoad': Call<{ serial: string; name: string }, void>;
}

export interface DeviceEvents {
  /** The device list changed (a device came, went or changed state). */
  'device:changed': { devices: DeviceInfo[] };
}

export const DEVICE_CALLS: NameSet<DeviceCalls> = {
  'device:list': true, 'device:connect': true, 'device:screen': true, 'device:hierarchy': true, 'device:input': true, 'device:startVirtual': true, 'device:stopVirtual': true,
  'device:sdk': true, 'device:startEmulator': true, 'device:stopEmulator': true, 'device:snapshots': true, 'device:snapshotSave': true, 'device:snapshotLoad': true,
};
export const DEVICE_EVENTS: NameSet<DeviceEvents> = { 'device:changed': true };
