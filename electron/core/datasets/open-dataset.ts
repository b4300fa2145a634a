import type { DatasetSummary, EpisodeSummary, Problem, TaskIndexRow } from '../../../shared/model';
import { parseTaskIndex } from '../../../shared/formats/task-index';
import { parseEss } from '../../../shared/formats/ess';
import { RootGuard } from '../../platform/roots';
import { listIn, readTextIn, statIn } from '../../platform/confined-read';
import { mapPool, relJoin } from './paths';
import { listStepFiles, stepCount } from './step-files';

export interface LoadOptions {
  onProgress?(done: number, total: number): void;
  signal?: AbortSignal;
}

/** Index file names tried first, in order; any other root-level .tsv with the right header also works. */
const INDEX_NAMES = ['llamatouch_task_metadata.tsv', 'agentenv_llamatouch_task_metadata_with_login.tsv'];

async function findIndex(root: string): Promise<string | null> {
  const names = (await listIn(root, '.')).map((e) => e.name).filter((n) => n.endsWith('.tsv')).sort();
  const ordered = [...INDEX_NAMES.filter((n) => names.includes(n)), ...names.filter((n) => !INDEX_NAMES.includes(n))];
  for (const n of ordered) {
    const text = await readTextIn(root, n).catch(() => undefined); // an unreadable .tsv is not the index
    if (text !== undefined && /^\uFEFF?episode\t/.test(text)) return n;
  }
  return null;
}

/**
 * Episode folders found by scanning (no index): folders holding instruction.txt,
 * eventStructs.txt or 0.png. A folder that cannot be listed (permission denied,
 * vanished) becomes a problem in `unreadable`, and the scan goes on.
 */
async function scanEpisodes(root: string, unreadable: Problem[], rel = '', depth = 0): Promise<string[]> {
  let entries;
  try {
    entries = await listIn(root, rel || '.');
  } catch (err) {
    if (!rel) throw err;
    unreadable.push({ severity: 'warning', file: rel, message: `Folder ${rel} was skipped: it cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}).`, hint: 'Fix its permissions if it holds episodes, or open a folder further down.' });
    return [];
  }
  const names = new Set(entries.map((e) => e.name));
  if (rel && (names.has('instruction.txt') || names.has('eventStructs.txt') || names.has('0.png') || names.has('0.xml'))) return [rel];
  if (depth >= 3) return [];
  const out: string[] = [];
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }))) {
    if (e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules') out.push(...(await scanEpisodes(root, unreadable, relJoin(rel, e.name), depth + 1)));
  }
  return out;
}

/** Cheap per-episode summary: lists the folder and reads instruction.txt; screens are not parsed. */
export async function summariseEpisode(root: string, row: Omit<TaskIndexRow, 'line'> & { line?: number }, indexFile: string | null): Promise<EpisodeSummary> {
  const problems: Problem[] = [];
  const summary: EpisodeSummary = {
    id: row.episode, path: row.path, app: row.app, category: row.category, description: row.description,
    nsteps: row.nsteps, stepsFound: 0, annotatedSteps: [], problems,
  };
  try {
    const st = await statIn(root, row.path);
    if (!st?.isDirectory()) throw new Error(st ? 'not a folder' : 'no such folder');
  } catch (err) {
    problems.push({
      severity: 'error', file: indexFile ?? row.path, ...(row.line ? { line: row.line } : {}),
      message: `Episode folder ${row.path} is missing or unreadable (${(err as Error).message}).`,
      hint: 'Fix the path column of the index or restore the folder.',
    });
    return summary;
  }
  const steps = await listStepFiles(root, row.path);
  summary.stepsFound = stepCount(steps);
  summary.annotatedSteps = [...steps.entries()].filter(([, f]) => f.ess).map(([i]) => i);
  if (!indexFile) {
    const instr = await readTextIn(root, row.path, 'instruction.txt').catch((err: Error) => {
      problems.push({ severity: 'error', file: relJoin(row.path, 'instruction.txt'), message: err.message, hint: 'Restore instruction.txt: the episode id, then the task description.' });
      return undefined;
    });
    const lines = instr?.split('\n').map((l) => l.trim()) ?? [];
    summary.id = lines[0] || row.path;
    summary.description = lines.slice(1).join(' ').trim();
    summary.nsteps = summary.stepsFound;
  }
  if (summary.stepsFound === 0) {
    problems.push({ severity: 'error', file: row.path, message: 'The episode folder has no step files (0.png, 0.xml, ...).', hint: 'Restore the recorded screens.' });
  } else if (indexFile && summary.stepsFound !== row.nsteps) {
    problems.push({ severity: 'warning', file: row.path, message: `The index says ${row.nsteps} steps but ${summary.stepsFound} were found.` });
  }
  for (let i = 0; i < summary.stepsFound; i++) {
    const f = steps.get(i);
    if (!f?.png) problems.push({ severity: 'error', file: relJoin(row.path, `${i}.png`), step: i, message: `Step ${i} has no screenshot.`, hint: 'Restore the PNG; annotation and image matching need it.' });
  }
  // Annotations are tiny and are what the task list reports on, so a damaged one shows up as soon as the dataset opens.
  for (const i of summary.annotatedSteps) {
    const rel = relJoin(row.path, `${i}.ess`);
    try {
      const r = parseEss((await readTextIn(root, rel)) ?? '', rel);
      if (!r.ok) problems.push(...r.problems.map((p) => ({ ...p, step: i })));
    } catch (err) {
      problems.push({ severity: 'error', file: rel, step: i, message: (err as Error).message, hint: 'Restore the annotation file.' });
    }
  }
  return summary;
}

/**
 * Index rows with one row per episode folder: a folder listed again (by the
 * same or another episode id) is summarised and checked once, and every
 * repeat is reported on its line. 20,000 copies of one row cost one check.
 */
async function onePerFolder(rows: TaskIndexRow[], indexFile: string, problems: Problem[]): Promise<TaskIndexRow[]> {
  const first = new Map<string, number>();
  const out: TaskIndexRow[] = [];
  let repeats = 0;
  for (const [k, row] of rows.entries()) {
    // 100,000 rows take the thread for a second or more on a busy machine: let other calls through.
    if (k % 500 === 499) await new Promise((r) => setImmediate(r));
    const key = relJoin(row.path.trim() || '.');
    const line = first.get(key);
    if (line === undefined) {
      first.set(key, row.line);
      out.push(row);
    } else if (++repeats <= 20) {
      problems.push({ severity: 'warning', file: indexFile, line: row.line, message: `Folder ${row.path} is listed again (first on line ${line}); it is checked once.`, hint: 'Remove the repeated row.' });
    }
  }
  if (repeats > 20) problems.push({ severity: 'warning', file: indexFile, message: `${(repeats - 20).toLocaleString('en')} more rows repeat a folder listed earlier; each folder is checked once.`, hint: 'Remove the repeated rows.' });
  return out;
}

/** Index rows parsed per this many lines, with a turn of the event loop between parts. */
const INDEX_PART = 1000;

/**
 * parseTaskIndex over parts of the index, yielding between them: a 100,000-row index took the
 * server's thread for seconds in one piece. Same rows, lines and problems as one call.
 */
async function parseIndexInParts(text: string, file: string): Promise<ReturnType<typeof parseTaskIndex>> {
  const nl = text.indexOf('\n');
  if (nl < 0 || text.length < INDEX_PART * 64) return parseTaskIndex(text, file);
  const header = text.slice(0, nl);
  const head = parseTaskIndex(header, file);
  if (!head.ok) return head;
  const lines = text.slice(nl + 1).split('\n');
  const seen = new Map<string, number>();
  const rows: TaskIndexRow[] = [];
  const problems: Problem[] = [];
  let first: Extract<ReturnType<typeof parseTaskIndex>, { ok: true }> | undefined;
  for (let at = 0; at < lines.length; at += INDEX_PART) {
    const part = parseTaskIndex(`${header}\n${lines.slice(at, at + INDEX_PART).join('\n')}`, file, { lineOffset: at, seen });
    if (part.ok) {
      first ??= part;
      rows.push(...part.value.rows);
      problems.push(...part.warnings);
    } else problems.push(...part.problems);
    await new Promise((r) => setImmediate(r));
  }
  if (!first) return { ok: false, problems };
  const trailingNewline = text.endsWith('\n');
  return { ok: true, value: { ...first.value, rows, trailingNewline }, warnings: problems };
}

/**
 * Opens a dataset folder: reads the task index (6 or 7 columns) when there is
 * one, else finds episode folders by scanning, and summarises every episode.
 * A broken episode is listed with its problems; it never stops the rest.
 */
export async function openDataset(root: string, opts: LoadOptions = {}): Promise<DatasetSummary> {
  const realRoot = new RootGuard().add(root);
  const problems: Problem[] = [];
  const indexFile = await findIndex(realRoot);
  let rows: Array<Omit<TaskIndexRow, 'line'> & { line?: number }> = [];
  let indexColumns: 6 | 7 | undefined;
  if (indexFile) {
    const parsed = await parseIndexInParts((await readTextIn(realRoot, indexFile)) ?? '', indexFile);
    if (parsed.ok) {
      rows = await onePerFolder(parsed.value.rows, indexFile, problems);
      indexColumns = parsed.value.columns;
      problems.push(...parsed.warnings);
    } else problems.push(...parsed.problems);
  }
  if (!indexFile || rows.length === 0) {
    const found = await scanEpisodes(realRoot, problems);
    rows = found.map((p) => ({ episode: p, category: p.includes('/') ? p.split('/')[0] : '', path: p, description: '', nsteps: 0, app: '' }));
    if (!found.length) problems.push({ severity: 'error', file: '.', message: 'No task index and no episode folders found.', hint: 'Open the folder that contains llamatouch_task_metadata.tsv or the episode folders.' });
  }
  const usedIndex = indexFile && indexColumns ? indexFile : null;
  const episodes = await mapPool(rows, 8, async (row) => {
    try {
      return await summariseEpisode(realRoot, row, usedIndex);
    } catch (err) {
      // One unreadable episode is listed with its error; it never stops the rest (a cancel still does).
      if (opts.signal?.aborted) throw err;
      const problem: Problem = { severity: 'error', file: row.path, message: `The episode folder cannot be read: ${(err as Error).message}`, hint: 'Fix the permissions or restore the folder.' };
      return { id: row.episode, path: row.path, app: row.app, category: row.category, description: row.description, nsteps: row.nsteps, stepsFound: 0, annotatedSteps: [], problems: [problem] };
    }
  }, opts);
  const missing = episodes.filter((e) => e.stepsFound === 0).length;
  if (usedIndex && missing >= 5 && missing * 2 > episodes.length) {
    problems.push({
      severity: 'warning', file: usedIndex,
      message: `${missing} of the ${episodes.length} episode folders the index lists are missing or empty.`,
      hint: `Is ${realRoot} the dataset root? Open the folder that holds ${usedIndex} next to the category folders (general/, googleapps/, ...).`,
    });
  }
  return { root: realRoot, indexFile: usedIndex, ...(indexColumns ? { indexColumns } : {}), episodes, problems };
}
