import type { DevicePresence } from '../devices/device-presence';

/** Calls `onGone` with the reason when the device leaves; returns a function that stops watching. */
export type WatchDevice = (serial: string, onGone: (reason: string) => void) => () => void;

/**
 * `RunOptions.watchDevice` from adb's track-devices (a DeviceManager's `presence`, fed once
 * `watch()` runs): a device already reported gone is reported at once.
 */
export function watchPresence(presence: DevicePresence): WatchDevice {
  return (serial, onGone) => {
    const now = presence.goneReason(serial);
    if (now) { onGone(now); return () => undefined; }
    return presence.onGone(serial, onGone);
  };
}
