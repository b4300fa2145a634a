import type { StepHierarchy, TaskEntry } from '../../../shared/contract';
import { formatProblem, type EpisodeSummary, type NumberedComponent, type Problem, type ViewHierarchy } from '../../../shared/model';
import { parseEss } from '../../../shared/formats/ess';
import { resolveEssItems } from '../../../shared/geometry/ess-targets';
import { checkDataset } from './check-dataset';
import { componentsExtent, rootExtent, deviceScreenSize } from '../../../shared/formats/screen-size';
import { loadEpisode, readStepComponents, readStepHierarchyParsed } from './load-episode';
import { readImageSizeIn } from '../steps/image-size';
import { openDataset } from './open-dataset';
import { listStepFiles } from './step-files';
import { relJoin } from './paths';
import { capReplyProblems, REPLY_PART, turn } from './reply-limits';
import { readTextIn } from '../../platform/confined-read';

import type { DatasetBackend } from '../../kernel/types';

export type { DatasetBackend };

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
    problems: e.problems,
  };
}

/** The real dataset layer (electron/core/datasets). */
export const datasetBackend: DatasetBackend = {
  async open(root, onProgress, signal) {
    const s = await openDataset(root, { onProgress, ...(signal ? { signal } : {}) });
    // The task rows, and the dataset-level problems plus every episode's (the UI counts them), in parts.
    const tasks: TaskEntry[] = [];
    const problems: Problem[] = [...s.problems];
    for (const [i, e] of s.episodes.entries()) {
      if (i % REPLY_PART === REPLY_PART - 1) await turn();
      tasks.push(toTaskEntry(e));
      for (const p of e.problems) problems.push(p);
    }
    return { columns: s.indexColumns ?? null, ...(await capReplyProblems(tasks, problems, s.indexFile ?? '.')) };
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
        ...(s.essText !== undefined ? { ess: s.essText.replace(/\r?\n$/, ''), essError: essErrorOf(ep.problems, s.index) } : {}),
        ...(s.action ? { action: s.action } : {}),
      })),
      problems: ep.problems,
    };
  },

  async hierarchy(root, relPath, step) {
    const files = (await listStepFiles(root, relPath)).get(step);
    if (!files) {
      return { step, source: 'none', components: [], problems: [{ severity: 'error', file: relPath, step, message: `Episode ${relPath} has no step ${step}.`, hint: 'Pick a step shown in the filmstrip; the folder may have changed on disk (reopen the dataset).' }] };
    }
    const r = await readStepComponents(root, relPath, step);
    const source: StepHierarchy['source'] = !r.components ? 'none' : !r.derived ? 'i.json' : r.vh?.source === 'droidbot' ? 'vh' : 'xml';
    // Parsing the hierarchy again (when numbers came from i.json) costs a few milliseconds; without it a downscaled screenshot would misplace every box.
    const vh = r.vh ?? (files.vh || files.xml ? (await readStepHierarchyParsed(root, relPath, step)).vh : undefined);
    const extent = vh ? rootExtent(vh) : componentsExtent(r.components ?? []);
    const screen = deviceScreenSize(await readImageSizeIn(root, relJoin(relPath, `${step}.png`)), extent);
    const ess = files.ess ? await essItems(root, relPath, step, r.components ?? [], vh) : undefined;
    return { step, source, components: r.components ?? [], ...(screen ? { screen } : {}), ...(ess ? { ess } : {}), problems: r.problems };
  },

  check: (root, onProgress, signal) => checkDataset(root, { onProgress, ...(signal ? { signal } : {}) }),
};

/** The step's `.ess` items resolved to component ids; undefined when it does not parse (the episode lists that problem). */
async function essItems(root: string, relPath: string, step: number, components: NumberedComponent[], vh: ViewHierarchy | undefined): Promise<StepHierarchy['ess']> {
  const rel = relJoin(relPath, `${step}.ess`);
  const parsed = parseEss((await readTextIn(root, rel).catch(() => undefined)) ?? '', rel); // an unreadable .ess is listed by episode:load
  return parsed.ok ? resolveEssItems(parsed.value, components, vh) : undefined;
}


/** The located message of a step's `.ess` parse error. */
function essErrorOf(problems: Problem[], step: number): string {
  const p = problems.find((x) => x.step === step && x.file.endsWith(`${step}.ess`) && x.severity === 'error');
  return p ? formatProblem(p) : 'The annotation could not be parsed.';
}
