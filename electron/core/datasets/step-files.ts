import { readdir } from 'node:fs/promises';
import type { EpisodeStepFiles } from '../../../shared/model';
import { stepCount, stepFilesOf } from '../steps/episode-folder';

export { stepCount };

/** Which per-step files exist in an episode folder, by step index (sorted); the step reader's rule. */
export async function listStepFiles(dir: string): Promise<Map<number, EpisodeStepFiles>> {
  return stepFilesOf(await readdir(dir));
}
