import path from 'node:path';
import { parseHumanLabels, splitCsvLine, type HumanLabel } from '../../../shared/formats/human-labels';
import { formatProblem } from '../../../shared/model';
import { writeFileAtomic } from '../../platform/atomic-write';
import { readTextIn } from '../../platform/confined-read';

/** The label file, confined to its folder (regular, non-blocking, capped); undefined when absent. */
async function readLabels(file: string): Promise<string | undefined> {
  try {
    return await readTextIn(path.dirname(file), path.basename(file));
  } catch (err) {
    throw new Error(`Cannot read human labels ${file}: ${(err as Error).message}`, { cause: err });
  }
}

/** The rows of a labels CSV (either format); an absent or empty file has none. Bad rows are named by line. */
export async function readLabelRows(file: string): Promise<{ rows: HumanLabel[]; warnings: string[] }> {
  const text = await readLabels(file);
  if (text === undefined || !text.trim()) return { rows: [], warnings: [] };
  const r = parseHumanLabels(text, file);
  if (!r.ok) throw new Error(r.problems.map(formatProblem).join('\n'));
  return { rows: r.value, warnings: r.warnings.map(formatProblem) };
}

/** Reads a LlamaTouch `episode,human` CSV; an absent file is an empty set. Bad rows are named by line. */
export async function readLabelFile(file: string): Promise<{ labels: Map<string, boolean>; warnings: string[] }> {
  const { rows, warnings } = await readLabelRows(file);
  return { labels: new Map(rows.map((l) => [l.episode, l.completed])), warnings };
}

/** Which row a label set in the view is: the agent (and repeat) it is about, in a file that names agents. */
export interface LabelTarget { agent: string; repeat?: number }

const quoteCell = (s: string): string => (/[",]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/**
 * Sets (or, with null, removes) one episode's label in the CSV text, changing only that episode's
 * line: other rows, their order, comments-by-position and the line ending stay as they were. A new
 * episode is appended. With a target, a file that names agents changes the row of that agent (and
 * repeat) that no annotator signed, and an empty text becomes an `episode,agent,repeat,human`
 * file; without one (or in a two-column file) the episode's row, and an empty text `episode,human`.
 */
export function setLabelLine(text: string, episode: string, human: boolean | null, target?: LabelTarget): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  if (!lines.length || !lines[0]!.trim()) lines.splice(0, lines.length, target ? 'episode,agent,repeat,human' : 'episode,human');
  const head = splitCsvLine(lines[0]!);
  const [ei, hi, ai, ri, ni] = ['episode', 'human', 'agent', 'repeat', 'annotator'].map((c) => head.indexOf(c)) as [number, number, number, number, number];
  if (ei < 0 || hi < 0) throw new Error('Not a human-label CSV: the header must contain episode and human.');
  const byAgent = target !== undefined && ai >= 0;
  const repeat = String(target?.repeat ?? 1);
  const at = lines.findIndex((l, i) => {
    if (i === 0) return false;
    const f = splitCsvLine(l);
    if (f[ei] !== episode) return false;
    return !byAgent || (f[ai] === target.agent && (ri < 0 || (f[ri] || '1') === repeat) && (ni < 0 || !f[ni]));
  });
  if (human === null) {
    if (at > 0) lines.splice(at, 1);
  } else if (at > 0 && !byAgent) {
    // The two-column path keeps the line's own spelling (spaces, quotes) apart from the label.
    const cells = lines[at]!.split(',');
    cells[hi] = human ? '1' : '0';
    lines[at] = cells.join(',');
  } else {
    const cells = at > 0 ? splitCsvLine(lines[at]!) : head.map(() => '');
    cells[ei] = episode;
    if (byAgent) { cells[ai] = target.agent; if (ri >= 0) cells[ri] = cells[ri] || repeat; }
    cells[hi] = human ? '1' : '0';
    const line = cells.map(quoteCell).join(',');
    if (at > 0) lines[at] = line;
    else lines.push(line);
  }
  return lines.join(eol) + eol;
}

/** Re-reads the file (edits made meanwhile are kept), changes one line and writes it atomically. */
export async function writeLabel(file: string, episode: string, human: boolean | null, target?: LabelTarget): Promise<Map<string, boolean>> {
  const before = (await readLabels(file)) ?? '';
  let after: string;
  try {
    after = setLabelLine(before, episode, human, target);
  } catch (err) {
    throw new Error(`${file}: ${(err as Error).message} Fix the header or choose another label file.`, { cause: err });
  }
  await writeFileAtomic(file, after);
  return (await readLabelFile(file)).labels;
}
