import type { EpisodeStepFiles } from '../../../shared/model';
import { listIn } from '../fs/confined-read';

const STEP_FILE = /^(\d+)(?:\.(png|xml|vh|activity|json|ess)|(_drawed)\.png)$/;

/** Which per-step files exist in the episode folder `rel` of `root`, by step index (sorted). */
export async function listStepFiles(root: string, rel: string): Promise<Map<number, EpisodeStepFiles>> {
  const names = (await listIn(root, rel)).map((e) => e.name);
  const steps = new Map<number, EpisodeStepFiles>();
  for (const name of names) {
    const m = STEP_FILE.exec(name);
    if (!m) continue;
    const i = Number(m[1]);
    let f = steps.get(i);
    if (!f) {
      f = { png: false, xml: false, vh: false, activity: false, json: false, ess: false, drawed: false };
      steps.set(i, f);
    }
    if (m[3]) f.drawed = true;
    else f[m[2] as keyof EpisodeStepFiles] = true;
  }
  return new Map([...steps.entries()].sort((a, b) => a[0] - b[0]));
}

/** Number of steps implied by the files: highest step index + 1 (0 when none). */
export function stepCount(steps: Map<number, EpisodeStepFiles>): number {
  let max = -1;
  for (const i of steps.keys()) max = Math.max(max, i);
  return max + 1;
}
