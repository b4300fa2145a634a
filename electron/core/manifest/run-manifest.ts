import type { DeviceCapture } from '../capture/capture';
import { ContentHasher, type FileMemo } from '../evaluation/content-hash';
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

/**
 * The process's memo of ground-truth file hashes (size + mtime, as the evaluator's content cache): a
 * task run by several agents, repeats or runs is read once; each episode still stats its files.
 */
const memo = new Map<string, FileMemo>();
const MEMO_LIMIT = 200_000;

/** The run manifest of one episode about to run on `capture`'s device against the ground truth in `groundTruthDir`. */
export async function runManifest(capture: DeviceCapture, groundTruthDir: string): Promise<RunManifest> {
  if (memo.size > MEMO_LIMIT) memo.clear();
  const [annotation, recording] = new ContentHasher(memo, { roots: [groundTruthDir] }).folderSplit(groundTruthDir, isAnnotationFile);
  const { build, density } = await capture.buildFacts();
  return {
    tool: { name: 'touchstone', version: toolVersion() },
    device: { ...(build ? { build } : {}), ...(density ? { density } : {}) },
    groundTruth: { annotation, recording },
  };
}
