import type { EpisodeInfo, StepHierarchy, TaskEntry } from '../../../shared/contract';
import type { DatasetSummary, EpisodeSummary, Problem } from '../../../shared/model';
import { loadEpisode, readStepComponents } from '../datasets/load-episode';
import { openDataset } from '../datasets/open-dataset';
import { listStepFiles } from '../datasets/step-files';
import { inRoot } from '../datasets/paths';

/** What the app service needs from the dataset layer, in the contract's shapes. */
export interface DatasetBackend {
  open(root: string, onProgress: (done: number, total: number) => void): Promise<{ columns: 6 | 7 | null; tasks: TaskEntry[]; problems: Problem[] }>;
  episode(root: string, relPath: string): Promise<Omit<EpisodeInfo, 'datasetId'>>;
  hierarchy(root: string, relPath: string, step: number): Promise<StepHierarchy>;
}

/** Maps one episode summary to a task-list row. */
export function toTaskEntry(e: EpisodeSummary): TaskEntry {
  const errors = e.problems.filter((p) => p.severity === 'error').length;
  return {
    episode: e.id,
    category: e.category,
    path: e.path,
    description: e.description,
    nsteps: e.nsteps,
    stepsOnDisk: e.stepsFound,
    app: e.app,
    status: errors > 0 ? 'error' : e.annotatedSteps.length > 0 ? 'annotated' : 'none',
    annotatedSteps: e.annotatedSteps.length,
    errors,
  };
}

/** Dataset-level problems plus every episode's, so the UI can count them. */
function allProblems(s: DatasetSummary): Problem[] {
  return [...s.problems, ...s.episodes.flatMap((e) => e.problems)];
}

/** The real dataset layer (electron/core/datasets). */
export const datasetBackend: DatasetBackend = {
  async open(root, onProgress) {
    const s = await openDataset(root, { onProgress });
    return { columns: s.indexColumns ?? null, tasks: s.episodes.map(toTaskEntry), problems: allProblems(s) };
  },

  async episode(root, relPath) {
    const ep = await loadEpisode(root, relPath);
    return {
      path: ep.path,
      id: ep.id,
      ...(ep.instruction !== undefined ? { instruction: ep.instruction } : {}),
      // Components and parsed .ess stay in the core; the UI asks per step (episode:hierarchy).
      steps: ep.steps.map((s) => ({
        index: s.index,
        files: s.files,
        ...(s.activity !== undefined ? { activity: s.activity } : {}),
        ...(s.ess ? { ess: s.ess.raw } : {}),
        ...(s.action ? { action: s.action } : {}),
      })),
      problems: ep.problems,
    };
  },

  async hierarchy(root, relPath, step) {
    const files = (await listStepFiles(inRoot(root, relPath))).get(step);
    if (!files) {
      return { step, source: 'none', components: [], problems: [{ severity: 'error', file: relPath, step, message: `Episode ${relPath} has no step ${step}.` }] };
    }
    const r = await readStepComponents(root, relPath, step);
    const source: StepHierarchy['source'] = !r.components ? 'none' : !r.derived ? 'i.json' : files.vh ? 'vh' : 'xml';
    return { step, source, components: r.components ?? [], problems: r.problems };
  },
};
