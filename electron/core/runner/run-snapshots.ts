import { decodeText } from '../../platform/decode-text';
import type { DeviceCapture } from '../capture/capture';
import { SETTINGS_NAMESPACES } from '../../../shared/evaluation/side-effects';
import { RUN_FILES } from '../evaluation/run-record';
import type { TraceRecorder } from './trace-recorder';

/** The line takeSnapshot puts before each table in its shell command, followed by the table's name. */
const TABLE_MARK = '__touchstone_settings_table__ ';

/**
 * A side-effect snapshot at the start or end of an episode: the installed packages and the device's
 * settings tables (`settings list system|secure|global`), written beside the trace in one batch, so
 * the evaluator can warn about settings or packages the agent changed outside the task's app
 * (shared/evaluation/side-effects.ts). The tables come with the packages, in the one shell command
 * the runner asks for the packages anyway (one adb round trip instead of four), each after a marker
 * line. A table the device refuses is left out: some devices restrict `settings list secure`, and a
 * missing snapshot only means no warning. Returns the packages.
 */
export async function takeSnapshot(capture: DeviceCapture, rec: TraceRecorder, when: 'start' | 'end'): Promise<string[]> {
  const { packages, rest } = await capture.packagesAnd(SETTINGS_NAMESPACES.map((ns) => `echo '${TABLE_MARK}${ns}'; settings list ${ns} 2>/dev/null`).join('; '));
  const tables = [...settingsTables(rest)].filter(([, text]) => /^[^=\n]+=/m.test(text));
  await rec.writeSnapshot(when, packages, tables.map(([ns, text]) => [RUN_FILES.settings(when, ns), text] as const));
  return packages;
}

/** The tables of takeSnapshot's command output, by namespace (a namespace without its marker is left out). */
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
