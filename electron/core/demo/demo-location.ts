import { NAMED_FILES } from '../../platform/confined-read';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Where `touchstone demo create` and the start screen put the demo dataset by default (per user, XDG data folder). */
export function defaultDemoDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'touchstone', 'demo-dataset');
}

/** Whether a finished demo dataset is at `dir` (it is moved into place whole, index and task settings included). */
export function demoExists(dir: string): boolean {
  return NAMED_FILES.exists(join(dir, 'llamatouch_task_metadata.tsv')) && NAMED_FILES.exists(join(dir, 'touchstone-tasks.json'));
}
