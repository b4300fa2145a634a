import type { DeviceCapture } from '../capture/capture';
import { shQuote } from '../capture/perform-action';
import { consolePortOf, EmulatorConsoleClient } from '../devices/emulator-console';
import type { RunReset } from '../../../shared/contract/run';
import { clearAppReset, type ResetSpec, type RunTask } from './run-tasks';

/** Where to find console auth tokens (the adb server's HOME in tests; the user's HOME otherwise). */
export interface ResetOptions { consoleTokenFile?: string }

/**
 * Brings the device to a task's start: the emulator snapshot when one is named
 * and the device has a console, else clearing app data and running the setup
 * commands; then HOME. Returns how it was done, for episode.json.
 */
export async function resetDevice(capture: DeviceCapture, spec: ResetSpec, opts: ResetOptions = {}): Promise<string> {
  if (spec.none) return 'none';
  const port = consolePortOf(capture.serial);
  if (spec.snapshot && spec.snapshotOnly && port === null) {
    throw new Error(`Reset by snapshot "${spec.snapshot}" needs an emulator console, and ${capture.serial} has none; choose another reset method for this device.`);
  }
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

/** A task with the run's reset method applied (`task`, or none given: the dataset's own reset). */
export function withReset(task: RunTask, reset: RunReset | undefined): RunTask {
  switch (reset?.method ?? 'task') {
    case 'task': return task;
    case 'clear-app': return { ...task, reset: clearAppReset(task.app) };
    case 'home': return { ...task, reset: {} };
    case 'none': return { ...task, reset: { none: true } };
    case 'snapshot': return { ...task, reset: { snapshot: reset!.snapshot, snapshotOnly: true } };
  }
}

/** Checks a run's reset method before any device is touched; throws saying what to give. */
export function checkReset(reset: unknown): RunReset | undefined {
  if (reset === undefined || reset === null) return undefined;
  const r = reset as Partial<RunReset>;
  const methods = ['task', 'clear-app', 'home', 'none', 'snapshot'];
  if (typeof r !== 'object' || !methods.includes(String(r.method))) throw new Error(`reset.method must be one of ${methods.join(', ')}; got ${JSON.stringify(r?.method ?? reset)}.`);
  if (r.method === 'snapshot' && (typeof r.snapshot !== 'string' || !/^[\w.-]{1,64}$/.test(r.snapshot))) {
    throw new Error(`Reset by snapshot needs the snapshot's name (letters, digits, '.', '_', '-'); got ${JSON.stringify(r.snapshot ?? '')}.`);
  }
  return r.method === 'snapshot' ? { method: 'snapshot', snapshot: r.snapshot } : { method: r.method! };
}
