import type { DeviceShell } from '../capture/device-shell';
import { ContentHasher } from '../evaluation/content-hash';
import { isAnnotationFile } from './annotation-files';
import { toolVersion } from './tool-version';

/**
 * What an episode ran with beyond what `episode.json` already records (agent settings with keys
 * redacted, seed, device model, API level, screen size, configuration): the tool version, the
 * device's build and density, and the content of the task's ground truth it was evaluated against.
 */
export interface RunManifest {
  tool: { name: 'touchstone'; version: string };
  device: { build?: string; density?: string };
  /** Content hashes of the ground-truth episode folder: its annotation files, and the rest of its recording. */
  groundTruth: { annotation: string; recording: string };
}

/** Reads one `getprop`/`wm` answer; undefined when the device does not say (it never fails the episode). */
async function ask(shell: DeviceShell, command: string): Promise<string | undefined> {
  try {
    const out = (await shell.run(command, 5000)).toString('utf8').trim();
    return out && !/not found|error/i.test(out) ? out : undefined;
  } catch {
    return undefined;
  }
}

/** The run manifest of one episode about to run on `shell` against the ground truth in `groundTruthDir`. */
export async function runManifest(shell: DeviceShell, groundTruthDir: string): Promise<RunManifest> {
  const hasher = new ContentHasher(new Map(), { roots: [groundTruthDir] });
  const build = await ask(shell, 'getprop ro.build.fingerprint');
  const density = await ask(shell, 'wm density');
  return {
    tool: { name: 'touchstone', version: toolVersion() },
    device: { ...(build ? { build } : {}), ...(density ? { density: density.replace(/^Physical density:\s*/i, '') } : {}) },
    groundTruth: { annotation: hasher.folder(groundTruthDir, isAnnotationFile), recording: hasher.folder(groundTruthDir, (f) => !isAnnotationFile(f)) },
  };
}
