import { createHash } from 'node:crypto';
import path from 'node:path';
import type { CheckpointCaseEdit, CheckpointCaseFile } from '../../../shared/contract/evaluation';
import { formatProblem } from '../../../shared/model';
import { exprToJson, formatCheckpointTasks, parseCheckpointTasks, type CheckpointCategory, type CheckpointTask } from '../../../shared/evaluation/checkpoints';
import { AppError } from '../../kernel/errors';
import { writeFileAtomic } from '../../platform/atomic-write';
import { serialised } from '../../platform/serial-queue';
import { readTextIn } from '../../platform/confined-read';
import { DATASET_CHECKPOINTS_FILE } from './checkpoint-method';

const CATS: [CheckpointCategory, string][] = [['package', 'Package'], ['phrase', 'Key phrase'], ['api', 'API']];
const versionOf = (text: string | null): string | null => (text === null ? null : createHash('sha256').update(text).digest('hex').slice(0, 20));

/** The file (confined to its folder: regular, non-blocking, capped); null when absent. */
async function readText(file: string): Promise<string | null> {
  try { return (await readTextIn(path.dirname(file), path.basename(file))) ?? null; } catch (err) {
    throw new AppError('bad-request', (err as Error).message);
  }
}

/** A checkpoint expression as one editor line: a plain string as is, a group as its JSON. */
const lineOf = (e: Parameters<typeof exprToJson>[0]): string => (e.kind === 'leaf' && !e.value.startsWith('[') ? e.value : JSON.stringify(exprToJson(e)));

function editOf(t: CheckpointTask): CheckpointCaseEdit {
  return { query: t.query, apps: t.apps, package: t.checkpoints.package.map(lineOf), phrase: t.checkpoints.phrase.map(lineOf), api: t.checkpoints.api.map(lineOf) };
}

function parseFile(text: string | null, file: string): { tasks: CheckpointTask[]; problems: string[] } {
  if (text === null) return { tasks: [], problems: [] };
  const r = parseCheckpointTasks(text, file);
  return r.ok ? { tasks: r.value, problems: r.warnings.map(formatProblem) } : { tasks: [], problems: r.problems.map(formatProblem) };
}

function view(rel: string, text: string | null, tasks: CheckpointTask[], problems: string[], episode: string): CheckpointCaseFile {
  const mine = [...tasks].reverse().find((t) => t.id === episode);
  return { file: rel, version: versionOf(text), edit: mine ? editOf(mine) : null, others: tasks.filter((t) => t.id !== episode).length, problems };
}

/** Reads the test case of `episode` from `<root>/checkpoints.json`. */
export async function loadCheckpointCase(root: string, episode: string): Promise<CheckpointCaseFile> {
  const file = path.join(root, DATASET_CHECKPOINTS_FILE);
  const text = await readText(file);
  const { tasks, problems } = parseFile(text, file);
  return view(DATASET_CHECKPOINTS_FILE, text, tasks, problems, episode);
}

/** The editor's lines as Mobile-Bench JSON values; a bad group names its category and line. */
function toJsonLines(lines: readonly string[], cat: string): unknown[] {
  return lines.map((l) => l.trim()).filter(Boolean).map((l, i) => {
    if (!l.startsWith('[')) return l;
    try { return JSON.parse(l) as unknown; } catch (err) {
      throw new AppError('bad-request', `${cat} line ${i + 1}: ${JSON.stringify(l)} is not a group in JSON syntax (${(err as Error).message}). Write ["a", "b"] (in order), ["&", "a", "b"] (all) or ["|", "a", "b"] (any), or a plain checkpoint without a leading [.`);
    }
  });
}

/** The task's test case from the editor, checked by the same reader `--method checkpoints` uses. */
function taskFrom(episode: string, e: CheckpointCaseEdit): CheckpointTask | null {
  const cps = Object.fromEntries(CATS.map(([k, label]) => [label, toJsonLines(e[k], label)]));
  const apps = e.apps.map((a) => a.trim()).filter(Boolean);
  const query = e.query.trim();
  if (!query && !apps.length && Object.values(cps).every((l) => !l.length)) return null;
  const r = parseCheckpointTasks(JSON.stringify([{ ID: episode, Query: query, 'APP List': apps, CheckPoints: cps }]), `test case ${episode}`);
  // Warnings refuse too: what the reader would drop (an empty group) must not be saved silently.
  const bad = r.ok ? r.warnings : r.problems;
  if (!r.ok || bad.length || !r.value[0]) throw new AppError('bad-request', `${bad.map((p) => p.message).join(' ')} Nothing was saved.`);
  return r.value[0];
}


/**
 * Writes the test case of `episode` into `<root>/checkpoints.json` (atomically; the other test cases
 * kept, the file rewritten in the paper's form). `base` is the version the editor read: a file
 * changed since fails with 'conflict' and nothing is written.
 */
export function saveCheckpointCase(root: string, episode: string, edit: CheckpointCaseEdit, base: string | null): Promise<CheckpointCaseFile> {
  const file = path.join(root, DATASET_CHECKPOINTS_FILE);
  return serialised(file, async () => {
    const task = taskFrom(episode, edit);
    const text = await readText(file);
    if (versionOf(text) !== base) {
      throw new AppError('conflict', `${DATASET_CHECKPOINTS_FILE} changed on disk since the CheckPoints of ${episode} were loaded; nothing was saved. Reload to take the disk version, then edit again.`);
    }
    const { tasks, problems } = parseFile(text, file);
    if (text !== null && !tasks.length && problems.length) throw new AppError('bad-request', `${DATASET_CHECKPOINTS_FILE} cannot be read (${problems.join(' ')}); fix or remove it first, nothing was saved.`);
    const at = tasks.findIndex((t) => t.id === episode);
    const rest = tasks.filter((t) => t.id !== episode);
    const next = task ? (at < 0 ? [...rest, task] : [...rest.slice(0, at), task, ...rest.slice(at)]) : rest;
    const out = formatCheckpointTasks(next);
    await writeFileAtomic(file, out);
    return view(DATASET_CHECKPOINTS_FILE, out, next, [], episode);
  });
}
