import { decodeText } from '../../platform/decode-text';
import type { DeviceCapture } from '../capture/capture';
import { SETTINGS_NAMESPACES } from '../../../shared/evaluation/side-effects';
import { RUN_FILES } from '../evaluation/run-record';
import type { TraceRecorder } from './trace-recorder';

/** The line `snapshotSettings` puts before each table in its one shell command, followed by the table's name. */
const TABLE_MARK = '__touchstone_settings_table__ ';

/**
 * The device's settings tables (`settings list system|secure|global`), written beside the trace at
 * the start and end of an episode so the evaluator can warn about settings the agent changed outside
 * the task's app (shared/evaluation/side-effects.ts). The three tables come from one shell command
 * (one adb round trip instead of three, twice per episode), each after a marker line. A table the
 * device refuses is left out: some devices restrict `settings list secure`, and a missing snapshot
 * only means no warning.
 */
export async function snapshotSettings(capture: DeviceCapture, rec: TraceRecorder, when: 'start' | 'end'): Promise<void> {
  const command = SETTINGS_NAMESPACES.map((ns) => `echo '${TABLE_MARK}${ns}'; settings list ${ns} 2>/dev/null`).join('; ');
  const out = await capture.shell.run(command, 10_000).then((b) => decodeText(b), () => undefined);
  if (out === undefined) return;
  // Written side by side: each atomic write waits for two fsyncs, and these need no order.
  await Promise.all([...settingsTables(out)].filter(([, text]) => /^[^=\n]+=/m.test(text)).map(([ns, text]) => rec.writeRunFile(RUN_FILES.settings(when, ns), text)));
}

/** The tables of snapshotSettings' command output, by namespace (a namespace without its marker is left out). */
export function settingsTables(out: string): Map<(typeof SETTINGS_NAMESPACES)[number], string> {
  const tables = new Map<(typeof SETTINGS_NAMESPACES)[number], string>();
  // Old devices' adb shell runs in a pty, which ends lines with \r\n.
  const parts = out.split(new RegExp(`^${TABLE_MARK}(\\w+)\\r?\\n`, 'm'));
  for (let i = 1; i + 1 < parts.length; i += 2) {
    const ns = SETTINGS_NAMESPACES.find((n) => n === parts[i]);
    if (ns) tables.set(ns, parts[i + 1]!);
  }
  return tables;
}

/** The installed packages at the start (upstream's `installed_apps.txt` is the end's), in the same `package:` form. */
export async function snapshotPackages(rec: TraceRecorder, packages: readonly string[]): Promise<void> {
  await rec.writeRunFile(RUN_FILES.installedAtStart, packages.map((p) => `package:${p}\n`).join(''));
}
