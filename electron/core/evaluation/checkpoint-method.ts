import path from 'node:path';
import { ConfinedFiles } from '../../platform/confined-read';
import { formatProblem } from '../../../shared/model';
import type { TraceInput } from '../../../shared/evaluation/types';
import { actionHistory, parseCheckpointTasks, scoreCheckpoints, type CheckpointResult, type CheckpointTask } from '../../../shared/evaluation/checkpoints';

/** Per-episode annotation file: `<episode folder>/checkpoints.json` (one or more Mobile-Bench test cases). */
export const EPISODE_CHECKPOINTS_FILE = 'checkpoints.json';
/** Dataset-level annotation file, used when --checkpoints is not given: `<dataset>/checkpoints.json`. */
export const DATASET_CHECKPOINTS_FILE = 'checkpoints.json';

/**
 * Reads a test-case file into id -> task; problems are returned formatted (file, test case, what to do).
 * `files`: the run's confined reader (default: confined to the file's folder, the file the user named).
 */
export function loadCheckpointTasks(file: string, files: ConfinedFiles = ConfinedFiles.of(undefined, path.dirname(file))): { tasks: Record<string, CheckpointTask>; problems: string[] } {
  let text: string | undefined;
  try {
    text = files.text(file);
  } catch (err) {
    return { tasks: {}, problems: [(err as Error).message] };
  }
  if (text === undefined) return { tasks: {}, problems: [`Cannot read CheckPoints file ${file}: it does not exist. Check the path.`] };
  const r = parseCheckpointTasks(text, file);
  if (!r.ok) return { tasks: {}, problems: r.problems.map(formatProblem) };
  return { tasks: Object.fromEntries(r.value.map((t) => [t.id, t])), problems: r.warnings.map(formatProblem) };
}

/** The dataset-level tasks: the given file, else `<dataset>/checkpoints.json` when present. */
export function datasetCheckpointTasks(datasetRoot: string, file?: string): { tasks: Record<string, CheckpointTask>; problems: string[] } {
  const f = file ?? path.join(datasetRoot, DATASET_CHECKPOINTS_FILE);
  const files = ConfinedFiles.of(undefined, file ? path.dirname(file) : datasetRoot);
  if (!file && !files.exists(f)) return { tasks: {}, problems: [] };
  return loadCheckpointTasks(f, files);
}

/**
 * CheckPoint scores of one trace: the task comes from the dataset-level tasks (by episode id), else from
 * the episode folder's checkpoints.json (the test case with the episode's id, or its only one). An
 * episode without CheckPoints gets no verdict, with a reason saying where to write them.
 */
export function evaluateCheckpoints(episode: string, episodeDir: string, trace: TraceInput, tasks?: Record<string, CheckpointTask>, files: ConfinedFiles = ConfinedFiles.of(undefined, episodeDir)): CheckpointResult {
  let task = tasks?.[episode];
  const problems: string[] = [];
  const own = path.join(episodeDir, EPISODE_CHECKPOINTS_FILE);
  if (!task && files.exists(own)) {
    const r = loadCheckpointTasks(own, files);
    problems.push(...r.problems);
    const list = Object.values(r.tasks);
    task = r.tasks[episode] ?? (list.length === 1 ? list[0] : undefined);
    if (!task && list.length > 1) problems.push(`${own} holds ${list.length} test cases and none has ID ${episode}.`);
  }
  if (!task) {
    return {
      method: 'checkpoints', episode, level1: 0, level2: 0, passed: { package: 0, all: 0 }, total: { package: 0, all: 0 },
      reason: `No CheckPoints for episode ${episode}: write a Mobile-Bench test case with ID ${episode} in ${own} or pass --checkpoints FILE.`,
      evidence: { verdicts: [], history: [] }, problems,
    };
  }
  return scoreCheckpoints(episode, task, actionHistory(trace.steps), [...problems, ...trace.problems]);
}
