import type { Episode, EpisodeStep, NumberedComponent, Problem, ViewHierarchy } from '../../../shared/model';
import { parseComponentsJson } from '../../../shared/formats/components-json';
import { parseDroidbotVh } from '../../../shared/formats/parse-droidbot-vh';
import { parseUiautomatorXml } from '../../../shared/formats/parse-uiautomator-xml';
import { numberComponents } from '../../../shared/formats/number-components';
import { parseEss } from '../../../shared/formats/ess';
import { parseEventStructs } from '../../../shared/formats/event-structs';
import { readTextIn } from '../fs/confined-read';
import { relJoin } from './paths';
import { listStepFiles, stepCount } from './step-files';

const atStep = (ps: Problem[], step: number): Problem[] => ps.map((p) => ({ ...p, step }));

/** A step file's text; a file that cannot be read (refused, a folder, no permission) is a problem instead. */
async function readStepText(root: string, rel: string, problems: Problem[]): Promise<string | undefined> {
  try {
    return await readTextIn(root, rel);
  } catch (err) {
    problems.push({ severity: 'error', file: rel, message: (err as Error).message, hint: 'Restore the file from a backup or re-record the step.' });
    return undefined;
  }
}

/**
 * Reads a step's hierarchy, preferring `i.vh` (what upstream numbered) over
 * `i.xml`. Returns problems instead of throwing when both are missing or bad.
 */
export async function readStepHierarchyParsed(root: string, relPath: string, step: number): Promise<{ vh?: ViewHierarchy; problems: Problem[] }> {
  const problems: Problem[] = [];
  for (const [ext, parse] of [['vh', parseDroidbotVh], ['xml', parseUiautomatorXml]] as const) {
    const rel = relJoin(relPath, `${step}.${ext}`);
    const text = await readStepText(root, rel, problems);
    if (text === undefined) continue;
    const r = parse(text, rel);
    if (r.ok) return { vh: r.value, problems: atStep([...problems, ...r.warnings], step) };
    problems.push(...r.problems);
  }
  if (!problems.length) problems.push({ severity: 'error', file: relJoin(relPath, `${step}.xml`), message: `Step ${step} has neither ${step}.vh nor ${step}.xml.`, hint: 'Restore the view hierarchy of this screen.' });
  return { problems: atStep(problems, step) };
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
  const rel = relJoin(relPath, `${step}.json`);
  const unreadable: Problem[] = [];
  const text = await readStepText(root, rel, unreadable);
  if (unreadable.length) return { derived: false, problems: atStep(unreadable, step) };
  if (text !== undefined) {
    const r = parseComponentsJson(text, rel);
    if (r.ok) return { components: r.value, derived: false, problems: atStep(r.warnings, step) };
    return { derived: false, problems: atStep(r.problems, step) };
  }
  const { vh, problems } = await readStepHierarchyParsed(root, relPath, step);
  return { ...(vh ? { components: numberComponents(vh), vh } : {}), derived: true, problems };
}

/** Loads a whole ground-truth episode: every step's files, actions, activities, components and annotations. */
export async function loadEpisode(root: string, relPath: string): Promise<Episode> {
  const problems: Problem[] = [];
  let files: Awaited<ReturnType<typeof listStepFiles>>;
  try {
    files = await listStepFiles(root, relPath);
  } catch (err) {
    throw new Error(`Episode folder ${relPath} cannot be read (${(err as Error).message}). Check the index path or restore the folder.`, { cause: err });
  }
  // A file that cannot be read (a folder named 2.ess, no permission) is a problem of its step, never a failed episode.
  const guarded = async <T>(file: string, step: number | undefined, run: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await run();
    } catch (err) {
      problems.push({ severity: 'error', file, ...(step !== undefined ? { step } : {}), message: (err as Error).message, hint: 'Restore the file from a backup or re-record the step.' });
      return undefined;
    }
  };
  const instruction = await guarded(relJoin(relPath, 'instruction.txt'), undefined, () => readTextIn(root, relPath, 'instruction.txt'));
  const instrLines = instruction?.split('\n').map((l) => l.replace(/\r$/, '')) ?? [];
  const eventsRel = relJoin(relPath, 'eventStructs.txt');
  const eventsText = await guarded(eventsRel, undefined, () => readTextIn(root, eventsRel));
  let actions: Episode['actions'] = [];
  if (eventsText === undefined) {
    if (!problems.some((p) => p.file === eventsRel)) problems.push({ severity: 'warning', file: eventsRel, message: 'No eventStructs.txt: the ground-truth actions are unknown.' });
  } else {
    const r = parseEventStructs(eventsText, eventsRel);
    if (r.ok) {
      actions = r.value;
      problems.push(...r.warnings);
    } else problems.push(...r.problems);
  }
  const steps: EpisodeStep[] = [];
  for (let i = 0; i < stepCount(files); i++) {
    const f = files.get(i) ?? { png: false, xml: false, vh: false, activity: false, json: false, ess: false, drawed: false };
    const step: EpisodeStep = { index: i, files: f };
    const at = (ext: string): string => relJoin(relPath, `${i}.${ext}`);
    if (!f.png) problems.push({ severity: 'error', file: at('png'), step: i, message: `Step ${i} has no screenshot.`, hint: 'Restore the PNG.' });
    if (f.activity) {
      const text = await guarded(at('activity'), i, () => readTextIn(root, at('activity')));
      if (text !== undefined) step.activity = text.trim();
    }
    if (f.json || f.vh || f.xml) {
      const c = await guarded(at(f.json ? 'json' : f.vh ? 'vh' : 'xml'), i, () => readStepComponents(root, relPath, i));
      if (c?.components) {
        step.components = c.components;
        if (c.derived) step.componentsDerived = true;
      }
      if (c) problems.push(...c.problems);
    }
    if (f.ess) {
      const text = await guarded(at('ess'), i, () => readTextIn(root, at('ess')));
      const r = text === undefined ? undefined : parseEss(text, at('ess'));
      if (r?.ok) {
        step.ess = r.value;
        problems.push(...atStep(r.warnings, i));
      } else if (r && text !== undefined) {
        step.essText = text;
        problems.push(...atStep(r.problems, i));
      }
    }
    if (actions[i]) step.action = actions[i];
    steps.push(step);
  }
  return {
    id: instrLines[0]?.trim() || relPath,
    path: relPath,
    ...(instrLines.length > 1 ? { instruction: instrLines.slice(1).join('\n').trim() } : {}),
    steps,
    actions,
    problems,
  };
}
