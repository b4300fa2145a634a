import type { EpisodeStepFiles } from '../../../shared/model';
import { listIn } from '../../platform/confined-read';
import { stepCount, stepFilesOf } from '../steps/episode-folder';

export { stepCount };

/** Which per-step files exist in the episode folder `rel` of `root` (listed through the root-confined reader), by step index; the step reader's rule. */
export async function listStepFiles(root: string, rel: string): Promise<Map<number, EpisodeStepFiles>> {
  return stepFilesOf((await listIn(root, rel)).map((e) => e.name));
}
