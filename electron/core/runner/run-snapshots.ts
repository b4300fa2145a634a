import { decodeText } from '../../platform/decode-text';
import type { DeviceCapture } from '../capture/capture';
import { SETTINGS_NAMESPACES } from '../../../shared/evaluation/side-effects';
import { RUN_FILES } from '../evaluation/run-record';
import type { TraceRecorder } from './trace-recorder';

/**
 * The device's settings tables (`settings list system|secure|global`), written beside the trace at
 * the start and end of an episode so the evaluator can warn about settings the agent changed outside
 * the task's app (shared/evaluation/side-effects.ts). A table the device refuses is left out: some
 * devices restrict `settings list secure`, and a missing snapshot only means no warning.
 */
export async function snapshotSettings(capture: DeviceCapture, rec: TraceRecorder, when: 'start' | 'end'): Promise<void> {
  for (const ns of SETTINGS_NAMESPACES) {
    const text = await capture.shell.run(`settings list ${ns}`, 10_000).then((b) => decodeText(b), () => undefined);
    if (text !== undefined && /^[^=\n]+=/m.test(text)) await rec.writeRunFile(RUN_FILES.settings(when, ns), text);
  }
}

/** The installed packages at the start (upstream's `installed_apps.txt` is the end's), in the same `package:` form. */
export async function snapshotPackages(rec: TraceRecorder, packages: readonly string[]): Promise<void> {
  await rec.writeRunFile(RUN_FILES.installedAtStart, packages.map((p) => `package:${p}\n`).join(''));
}
