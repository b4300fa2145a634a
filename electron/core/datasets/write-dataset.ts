import { mkdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { EssentialState, GtAction, NumberedComponent, Parsed, TaskIndex } from '../../../shared/model';
import { formatEventLine } from '../../../shared/formats/event-structs';
import { detectComponentsStyle, parseComponentsJson, serialiseComponentsJson } from '../../../shared/formats/components-json';
import { parseEss, serialiseEss } from '../../../shared/formats/ess';
import { formatTaskIndex, parseTaskIndex } from '../../../shared/formats/task-index';
import { formatHumanLabels, parseHumanLabels, type HumanLabel } from '../../../shared/formats/human-labels';
import { writeFileAtomic } from '../../platform/atomic-write';
import { readTextIn } from '../../platform/confined-read';
import { inRoot, relJoin } from './paths';

/** Writes a step's `.ess` atomically (byte-exact when the state still matches its source line). */
export async function writeEss(root: string, relPath: string, step: number, state: EssentialState): Promise<void> {
  await writeFileAtomic(inRoot(root, relPath, `${step}.ess`), serialiseEss(state));
}

/** The identity of a component as an annotation sees it (everything but its id and flags). */
const identity = (c: NumberedComponent | undefined): string =>
  c ? JSON.stringify([c.class, c.text, c['resource-id'], c['content-desc'], c.bounds]) : 'missing';

/**
 * Writes a step's `i.json` atomically, keeping the existing file's indentation
 * and escaping. Once the step's `.ess` points into the file by number, the
 * file is the source of truth: a list that would move or drop a component the
 * annotation points at is refused (pass `allowRenumber` only when the
 * annotation is rewritten to match), so an annotation never silently changes
 * meaning.
 */
export async function writeComponents(root: string, relPath: string, step: number, components: NumberedComponent[], opts: { allowRenumber?: boolean } = {}): Promise<void> {
  const rel = `${relPath}/${step}.json`;
  const path = inRoot(root, relPath, `${step}.json`);
  const old = await readTextIn(root, relPath, `${step}.json`);
  const essText = old !== undefined && !opts.allowRenumber ? await readTextIn(root, relPath, `${step}.ess`) : undefined;
  if (old !== undefined && essText !== undefined) {
    const oldList = parseComponentsJson(old, rel);
    const ess = parseEss(essText, `${relPath}/${step}.ess`);
    if (!ess.ok) throw new Error(`Refusing to rewrite ${rel}: ${step}.ess points into it but cannot be parsed (${ess.problems[0].message}). Fix the annotation first.`);
    for (const it of ess.value.items) {
      if (!('target' in it) || !('index' in it.target) || !oldList.ok) continue;
      const n = it.target.index;
      if (identity(oldList.value[n]) !== identity(components[n])) {
        throw new Error(`Refusing to rewrite ${rel}: ${step}.ess item ${it.raw} points at component ${n}, which the new list moves or changes. Annotations index into this file; re-pick the component in the annotation first.`);
      }
    }
  }
  await writeFileAtomic(path, serialiseComponentsJson(components, old !== undefined ? detectComponentsStyle(old) : {}));
}

/** Reads a dataset's task index (`llamatouch_task_metadata.tsv` unless named), 6 or 7 columns. */
export async function readTaskIndex(root: string, file = 'llamatouch_task_metadata.tsv'): Promise<Parsed<TaskIndex>> {
  const text = await readTextIn(root, file);
  if (text === undefined) return { ok: false, problems: [{ severity: 'error', file, message: 'The task index does not exist.', hint: 'Open the dataset root, which holds llamatouch_task_metadata.tsv.' }] };
  return parseTaskIndex(text, file);
}

/** Writes a task index atomically, in its own columns, line endings and final-newline style. */
export async function writeTaskIndex(root: string, index: TaskIndex, file = 'llamatouch_task_metadata.tsv'): Promise<void> {
  await writeFileAtomic(inRoot(root, file), formatTaskIndex(index));
}

/**
 * Writes `eventStructs.txt` (line i = the action on screen i) atomically. An
 * existing file keeps its final-newline style; a new one follows the recorder,
 * which ends the last line without one.
 */
export async function writeEventStructs(root: string, relPath: string, actions: readonly GtAction[]): Promise<void> {
  const path = await episodeFile(root, relPath, 'eventStructs.txt');
  const old = await readTextIn(root, relPath, 'eventStructs.txt');
  const body = actions.map(formatEventLine).join('\n');
  await writeFileAtomic(path, body + (old?.endsWith('\n') && body ? '\n' : ''));
}

/**
 * Writes `instruction.txt`: the episode id, then the task description, without
 * a final newline. An existing file keeps its line ending; a new one gets
 * CRLF, as the recorder wrote the real files.
 */
export async function writeInstruction(root: string, relPath: string, episode: string, description: string): Promise<void> {
  if (/[\r\n]/.test(episode)) throw new Error(`Episode id ${JSON.stringify(episode)} for ${relPath}/instruction.txt must be one line.`);
  const path = await episodeFile(root, relPath, 'instruction.txt');
  const old = await readTextIn(root, relPath, 'instruction.txt');
  const eol = old === undefined || old.includes('\r\n') ? '\r\n' : '\n';
  await writeFileAtomic(path, `${episode}${eol}${description}`);
}

/** Path of a file in an episode folder inside `root` (refused outside it); the folder is created. */
async function episodeFile(root: string, relPath: string, name: string): Promise<string> {
  const path = inRoot(root, relPath, name);
  await mkdir(dirname(path), { recursive: true });
  return path;
}

/** Files of one ground-truth step; each one given is written atomically (the episode folder is created). */
export interface EpisodeStepContent {
  png?: Uint8Array;
  xml?: string;
  /** DroidBot-style node list (JSON text). */
  vh?: string;
  /** Foreground activity, written as given. */
  activity?: string;
  json?: NumberedComponent[];
  ess?: EssentialState;
}

/** Writes one step's files (`i.png`, `i.xml`, `i.vh`, `i.activity`, `i.json`, `i.ess`) into an episode folder inside `root`. */
export async function writeEpisodeStep(root: string, relPath: string, step: number, files: EpisodeStepContent): Promise<void> {
  if (!Number.isInteger(step) || step < 0) throw new Error(`Step must be a whole number ≥ 0, got ${step} (${relPath}).`);
  const dir = dirname(await episodeFile(root, relPath, `${step}.png`));
  const put = (ext: string, data: string | Uint8Array): Promise<void> => writeFileAtomic(join(dir, `${step}.${ext}`), data);
  if (files.png) await put('png', files.png);
  if (files.xml !== undefined) await put('xml', files.xml);
  if (files.vh !== undefined) await put('vh', files.vh);
  if (files.activity !== undefined) await put('activity', files.activity);
  if (files.json) await writeComponents(root, relPath, step, files.json);
  if (files.ess) await writeEss(root, relPath, step, files.ess);
}

/**
 * Reads a human-label CSV (`episode,human`), confined to its own folder: a
 * symlink that leads elsewhere is refused like any other escape.
 */
export async function readHumanLabelsFile(path: string): Promise<Parsed<HumanLabel[]>> {
  const text = await readTextIn(dirname(path), basename(path));
  if (text === undefined) return { ok: false, problems: [{ severity: 'error', file: path, message: 'The human-label CSV does not exist.', hint: 'Pass a CSV with the header episode,human.' }] };
  return parseHumanLabels(text, path);
}

/** Writes a human-label CSV atomically (folders created). */
export async function writeHumanLabelsFile(path: string, labels: ReadonlyArray<Pick<HumanLabel, 'episode' | 'completed'>>): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFileAtomic(path, formatHumanLabels([...labels]));
}

