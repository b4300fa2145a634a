import type { Episode, EpisodeStep, NumberedComponent, Problem, ViewHierarchy } from '../../../shared/model';
import { EpisodeFolder } from '../steps/episode-folder';
import { inRoot } from './paths';

/** The step reader over an episode folder; every file is opened through the root guard. */
export function episodeFolder(root: string, relPath: string): EpisodeFolder {
  return new EpisodeFolder(root, relPath, (rel) => inRoot(root, rel));
}

/**
 * Reads a step's hierarchy, preferring `i.vh` (what upstream numbered) over
 * `i.xml`. Returns problems instead of throwing when both are missing or bad.
 */
export async function readStepHierarchyParsed(root: string, relPath: string, step: number): Promise<{ vh?: ViewHierarchy; problems: Problem[] }> {
  const r = episodeFolder(root, relPath).hierarchy(step);
  return { ...(r.value ? { vh: r.value } : {}), problems: r.problems };
}

/** A step's view hierarchy (from i.vh, else i.xml); throws an Error naming the file and problem. */
export async function readStepHierarchy(root: string, relPath: string, step: number): Promise<ViewHierarchy> {
  const { vh, problems } = await readStepHierarchyParsed(root, relPath, step);
  if (vh) return vh;
  throw new Error(problems.map((p) => `${p.file}: ${p.message}`).join('; '));
}

/**
 * The numbered components of a step: `i.json` when present (the source of
 * truth annotations point into), else numbered from i.vh, else from i.xml.
 */
export async function readStepComponents(root: string, relPath: string, step: number): Promise<{ components?: NumberedComponent[]; derived: boolean; problems: Problem[]; vh?: ViewHierarchy }> {
  const r = episodeFolder(root, relPath).components(step);
  return { ...(r.value ? { components: r.value } : {}), derived: r.derived, problems: r.problems, ...(r.vh ? { vh: r.vh } : {}) };
}

/** Loads a whole ground-truth episode: every step's files, actions, activities, components and annotations. */
export async function loadEpisode(root: string, relPath: string): Promise<Episode> {
  return loadEpisodeFrom(episodeFolder(root, relPath));
}

/** Every step of an episode folder read through the step reader (a file that cannot be read is a problem of its step). */
export function loadEpisodeFrom(folder: EpisodeFolder): Episode {
  const relPath = folder.relPath;
  const files = folder.files();
  const problems: Problem[] = [];
  const instruction = folder.instruction();
  problems.push(...instruction.problems);
  const events = folder.actions();
  let actions: Episode['actions'] = [];
  if (events.value) actions = events.value;
  else if (!events.problems.length) problems.push({ severity: 'warning', file: folder.rel('eventStructs.txt'), message: 'No eventStructs.txt: the ground-truth actions are unknown.' });
  problems.push(...events.problems);
  const steps: EpisodeStep[] = [];
  for (let i = 0; i < folder.stepCount(); i++) {
    const f = files.get(i) ?? folder.stepFiles(i);
    const step: EpisodeStep = { index: i, files: f };
    if (!f.png) problems.push({ severity: 'error', file: folder.rel(`${i}.png`), step: i, message: `Step ${i} has no screenshot.`, hint: 'Restore the PNG.' });
    if (f.activity) {
      const a = folder.activity(i);
      if (a.value !== undefined) step.activity = a.value;
      problems.push(...a.problems);
    }
    if (f.json || f.vh || f.xml) {
      const c = folder.components(i);
      if (c.value) {
        step.components = c.value;
        if (c.derived) step.componentsDerived = true;
      }
      problems.push(...c.problems);
    }
    if (f.ess) {
      const e = folder.ess(i);
      if (e.value) step.ess = e.value;
      else if (e.text !== undefined) step.essText = e.text;
      problems.push(...e.problems);
    }
    if (actions[i]) step.action = actions[i];
    steps.push(step);
  }
  return {
    id: instruction.value?.id || relPath,
    path: relPath,
    ...(instruction.value?.instruction !== undefined ? { instruction: instruction.value.instruction } : {}),
    steps,
    actions,
    problems,
  };
}
