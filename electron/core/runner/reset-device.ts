import type { DeviceCapture } from '../capture/capture';
import { shQuote } from '../capture/perform-action';
import { consolePortOf, EmulatorConsoleClient } from '../devices/emulator-console';
import type { ResetSpec } from './run-tasks';

/** Where to find console auth tokens (the adb server's HOME in tests; the user's HOME otherwise). */
export interface ResetOptions { consoleTokenFile?: string }

/**
 * Brings the device to a task's start: the emulator snapshot when one is named
 * and the device has a console, else clearing app data and running the setup
 * commands; then HOME. Returns how it was done, for episode.json.
 */
export async function resetDevice(capture: DeviceCapture, spec: ResetSpec, opts: ResetOptions = {}): Promise<string> {
  const port = consolePortOf(capture.serial);
  if (spec.snapshot && port !== null) {
    const c = new EmulatorConsoleClient(port, '127.0.0.1', opts.consoleTokenFile);
    try { await c.loadSnapshot(spec.snapshot); } finally { c.close(); }
    await capture.shell.run('input keyevent 3');
    return `snapshot ${spec.snapshot}`;
  }
  const cmds = [...(spec.clear ?? []).map((p) => `pm clear ${shQuote(p)} >/dev/null`), ...(spec.shell ?? []), 'input keyevent 3'];
  await capture.shell.run(cmds.join('; '));
  return [spec.clear?.length ? `clear ${spec.clear.join(',')}` : '', spec.shell?.length ? `${spec.shell.length} setup command(s)` : '', 'home'].filter(Boolean).join(' + ');
}
