import type { DeviceKind, DeviceState } from '../../../shared/contract/device';

const KNOWN: ReadonlySet<string> = new Set(['device', 'offline', 'unauthorized', 'authorizing', 'connecting', 'no permissions', 'recovery', 'sideload', 'bootloader', 'host']);

/** adb's state word (adbkit passes it through; `unknown` for anything new). */
export function toDeviceState(type: string): DeviceState {
  const t = type.trim().toLowerCase();
  if (t.startsWith('no permissions')) return 'no permissions';
  return KNOWN.has(t) ? (t as DeviceState) : 'unknown';
}

/** What a person should do about a device in this state (undefined when it is usable). */
export function stateHint(state: DeviceState, serial: string): string | undefined {
  switch (state) {
    case 'device': return undefined;
    case 'unauthorized': return `Unlock the phone and accept the "Allow USB debugging?" prompt for this computer (tick "Always allow"); if no prompt shows, revoke USB debugging authorisations in Developer options and reconnect. A remote device needs this machine's ~/.android/adbkey.pub in its authorised keys.`;
    case 'authorizing': return 'The device is checking this computer\'s key; wait a moment, then list again.';
    case 'offline': return `adb lost contact with ${serial}: reconnect the cable${serial.includes(':') ? ` or run \`adb connect ${serial}\` again` : ''}, or restart adb (\`adb kill-server\`); an emulator that is still booting shows offline for a while.`;
    case 'connecting': return 'adb is still connecting; wait a moment, then list again.';
    case 'no permissions': return 'This user may not open the USB device: add a udev rule for the phone\'s vendor (e.g. the android-sdk-platform-tools-common package) or add yourself to the plugdev group, then replug.';
    case 'recovery': case 'sideload': case 'bootloader': return `The device is in ${state} mode: reboot it into Android (\`adb -s ${serial} reboot\`).`;
    case 'host': return 'This entry is an adb host, not a device.';
    default: return `adb reports an unknown state for ${serial}; update adb (platform-tools) or reconnect the device.`;
  }
}

/** USB, emulator, TCP or Touchstone's virtual device, from the serial and (when known) its properties. */
export function deviceKind(serial: string, props?: { serialno?: string; model?: string }): DeviceKind {
  if (props?.serialno && /^(TOUCHSTONE|EMULATOR31X)/.test(props.serialno)) return 'virtual';
  if (props?.model && /Touchstone/i.test(props.model)) return 'virtual';
  if (/^emulator-\d+$/.test(serial)) return 'emulator';
  if (/^[\w.-]+:\d+$|^\[[0-9a-f:]+\]:\d+$/i.test(serial) || serial.includes('._adb-tls-connect.')) return 'tcp';
  return 'usb';
}
