import { ConfinedFiles, readTextIn } from '../../platform/confined-read';
import { join, resolve } from 'node:path';
import { formatProblem } from '../../../shared/model';
import { readTaskIndex } from '../datasets/write-dataset';

/**
 * How to bring a device to a task's start. Tried in order: an emulator
 * snapshot (emulators and virtual devices with a console), else clearing app
 * data, then setup shell commands, then HOME.
 */
export interface ResetSpec {
  /** No reset at all, not even HOME (the run view's reset method `none`). */
  none?: boolean;
  snapshot?: string;
  /** The snapshot or nothing: a device without an emulator console is an error (not a fallback to clearing). */
  snapshotOnly?: boolean;
  /** Packages to `pm clear`. */
  clear?: string[];
  /** Shell commands run after clearing (e.g. `settings put global wifi_on 1`). */
  shell?: string[];
}

/** One task of a run, from the dataset index. */
export interface RunTask {
  episode: string;
  description: string;
  app: string;
  category: string;
  /** Folder relative to the dataset root. */
  path: string;
  datasetRoot: string;
  groundTruthDir: string;
  nsteps: number;
  /** True when the episode has at least one `i.ess`: its traces are evaluated at once. */
  annotated: boolean;
  reset: ResetSpec;
}

/** The default reset: clear the task's app data, when the index names a package. */
export function clearAppReset(app: string): ResetSpec {
  return /^[a-z][\w]*(\.[\w]+)+$/i.test(app) ? { clear: [app] } : {};
}

/** Optional `touchstone-tasks.json` at the dataset root: `{ "reset": { "<episode>|*": ResetSpec } }`. */
export const TASK_SETTINGS_FILE = 'touchstone-tasks.json';

async function readResets(root: string): Promise<Record<string, ResetSpec>> {
  const file = join(root, TASK_SETTINGS_FILE);
  const text = await readTextIn(root, TASK_SETTINGS_FILE);
  if (text === undefined) return {};
  try {
    const j = JSON.parse(text) as { reset?: Record<string, ResetSpec> };
    return j.reset ?? {};
  } catch (err) {
    throw new Error(`${file}: not valid JSON (${(err as Error).message}); fix it or remove it (resets then default to clearing the task's app).`, { cause: err });
  }
}

/** A task's reset as the runner picks it: its own entry in touchstone-tasks.json, else the file's `*`, else clearing its app. */
function resetOf(resets: Record<string, ResetSpec>, episode: string, app: string): ResetSpec {
  return resets[episode] ?? resets['*'] ?? clearAppReset(app);
}

/** The reset a task of the dataset at `datasetRoot` gets before an episode (also for a task being recorded, before it is in the index). */
export async function taskReset(datasetRoot: string, episode: string, app: string): Promise<ResetSpec> {
  return resetOf(await readResets(resolve(datasetRoot)), episode, app);
}

/**
 * The tasks of a dataset to run: `all`, or ids (episode ids or folder names),
 * in index order. Throws naming ids that are not in the index.
 */
export async function loadRunTasks(datasetRoot: string, ids: string[] | 'all'): Promise<RunTask[]> {
  const root = resolve(datasetRoot);
  const idx = await readTaskIndex(root);
  if (!idx.ok) throw new Error(`Dataset ${root}: ${idx.problems.map(formatProblem).join('; ')}`);
  const resets = await readResets(root);
  const rows = ids === 'all' ? idx.value.rows : ids.map((id) => {
    const row = idx.value.rows.find((r) => r.episode === id || r.path.split('/').pop() === id);
    if (!row) throw new Error(`Task ${id} is not in ${join(root, 'llamatouch_task_metadata.tsv')}; use an episode id from its first column, or --tasks all.`);
    return row;
  });
  const confined = ConfinedFiles.of(undefined, root);
  return rows.map((r) => {
    const dir = join(root, r.path);
    // An episode folder linked out of the dataset counts as not annotated here; the runner's reads refuse it.
    let files: string[] = [];
    try { files = confined.list(dir); } catch { /* outside the dataset */ }
    return {
      episode: r.episode, description: r.description, app: r.app, category: r.category, path: r.path, datasetRoot: root,
      groundTruthDir: dir, nsteps: r.nsteps, annotated: files.some((f) => /^\d+\.ess$/.test(f)),
      reset: resetOf(resets, r.episode, r.app),
    };
  });
}
