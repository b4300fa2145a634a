/** The device domain: devices the adb server sees, live, and connecting remote ones. */
import { z } from 'zod';
import { datasetId, pathField, type ArgsOf } from './arg-schema';
import type { Call } from './common';
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

/** A coordinate in device pixels. */
const px = () => z.number().min(0);
/** What a person does on the mirrored screen (device pixels): the action model's DeviceInput, checked at run time. */
export type { DeviceInput };
export const deviceInput: z.ZodType<DeviceInput> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('tap'), x: px(), y: px() }),
  z.object({ kind: z.literal('long-press'), x: px(), y: px() }),
  z.object({ kind: z.literal('swipe'), x1: px(), y1: px(), x2: px(), y2: px(), durationMs: z.number().min(0).optional() }),
  z.object({ kind: z.literal('type'), text: z.string().min(1) }),
  z.object({ kind: z.literal('back') }),
  z.object({ kind: z.literal('home') }),
  z.object({ kind: z.literal('enter') }),
]);

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

const serialArgs = z.object({ serial: z.string().min(1) });
const snapshotArgs = z.object({ serial: z.string().min(1), name: z.string() });

/** Argument schemas of the device calls (dispatch checks every call against its schema). */
export const DEVICE_ARGS = {
  'device:list': z.object({}),
  'device:connect': z.object({ address: z.string() }),
  'device:screen': serialArgs,
  'device:hierarchy': serialArgs,
  'device:input': z.object({ serial: z.string().min(1), input: deviceInput }),
  'device:startVirtual': z.discriminatedUnion('world', [
    z.object({ world: z.literal('demo') }),
    z.object({ world: z.literal('replay'), datasetId: datasetId(), path: pathField('dataset') }),
  ]),
  'device:stopVirtual': serialArgs,
  'device:sdk': z.object({}),
  'device:startEmulator': z.object({ avd: z.string(), snapshot: z.string().optional() }),
  'device:stopEmulator': serialArgs,
  'device:snapshots': serialArgs,
  'device:snapshotSave': snapshotArgs,
  'device:snapshotLoad': snapshotArgs,
};
type A = ArgsOf<typeof DEVICE_ARGS>;

export interface DeviceCalls {
  /** Every device the adb server knows, with details for usable ones. */
  'device:list': Call<A['device:list'], DeviceInfo[]>;
  /** `adb connect host:port` (an STF remote-connect endpoint, a docker-android container, a virtual device). */
  'device:connect': Call<A['device:connect'], DeviceInfo[]>;
  /** The current screen as PNG (the mirror polls it a few times a second while shown). */
  'device:screen': Call<A['device:screen'], DeviceFrame>;
  /** The numbered components of the current screen (uiautomator dump). */
  'device:hierarchy': Call<A['device:hierarchy'], DeviceComponent[]>;
  /** Performs one input on the device (not recorded). */
  'device:input': Call<A['device:input'], void>;
  /** Starts a Touchstone virtual device in the core (the demo phone, or a replay of an episode folder of an open dataset) and connects adb to it. */
  'device:startVirtual': Call<A['device:startVirtual'], DeviceInfo>;
  /** Stops a virtual device started by `device:startVirtual`. */
  'device:stopVirtual': Call<A['device:stopVirtual'], void>;
  /** Whether the Android SDK's emulator and avdmanager are here, and the AVDs. */
  'device:sdk': Call<A['device:sdk'], AndroidSdkStatus>;
  /** Starts an AVD headless (optionally from a snapshot) and waits until adb lists it booted. */
  'device:startEmulator': Call<A['device:startEmulator'], DeviceInfo>;
  /** Stops an emulator (`emulator-NNNN`) through its console (`kill`). */
  'device:stopEmulator': Call<A['device:stopEmulator'], void>;
  /** The snapshots of an emulator (console `avd snapshot list`). */
  'device:snapshots': Call<A['device:snapshots'], string[]>;
  /** Saves the emulator's state as a named snapshot; returns the snapshots after. */
  'device:snapshotSave': Call<A['device:snapshotSave'], string[]>;
  /** Loads a named snapshot into the running emulator. */
  'device:snapshotLoad': Call<A['device:snapshotLoad'], void>;
}

export interface DeviceEvents {
  /** The device list changed (a device came, went or changed state). */
  'device:changed': { devices: DeviceInfo[] };
}

