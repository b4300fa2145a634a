import path from 'node:path';
import { parseHumanLabels } from '../../../shared/formats/human-labels';
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

/** Reads a LlamaTouch `episode,human` CSV; an absent file is an empty set. Bad rows are named by line. */
export async function readLabelFile(file: string): Promise<{ labels: Map<string, boolean>; warnings: string[] }> {
  const text = await readLabels(file);
  if (text === undefined || !text.trim()) return { labels: new Map(), warnings: [] };
  const r = parseHumanLabels(text, file);
  if (!r.ok) throw new Error(r.problems.map(formatProblem).join('\n'));
  return { labels: new Map(r.value.map((l) => [l.episode, l.completed])), warnings: r.warnings.map(formatProblem) };
}

/**
 * Sets (or, with null, removes) one episode's label in the CSV text, changing only that episode's
 * line: other rows, their order, comments-by-position and the line ending stay as they were. A new
 * episode is appended; an empty text becomes a file with the `episode,human` header.
 */
export function setLabelLine(text: string, episode: string, human: boolean | null): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  if (!lines.length || !lines[0]!.trim()) lines.splice(0, lines.length, 'episode,human');
  const head = lines[0]!.split(',').map((h) => h.trim());
  const ei = head.indexOf('episode');
  const hi = head.indexOf('human');
  if (ei < 0 || hi < 0) throw new Error('Not a human-label CSV: the header must contain episode and human.');
  const at = lines.findIndex((l, i) => i > 0 && l.split(',')[ei]?.trim().replace(/^"(.*)"$/, '$1') === episode);
  if (human === null) {
    if (at > 0) lines.splice(at, 1);
  } else {
    const cells = at > 0 ? lines[at]!.split(',') : head.map(() => '');
    cells[ei] = at > 0 ? cells[ei]! : episode;
    cells[hi] = human ? '1' : '0';
    if (at > 0) lines[at] = cells.join(',');
    else lines.push(cells.join(','));
  }
  return lines.join(eol) + eol;
}

/** Re-reads the file (edits made meanwhile are kept), changes one line and writes it atomically. */
export async function writeLabel(file: string, episode: string, human: boolean | null): Promise<Map<string, boolean>> {
  const before = (await readLabels(file)) ?? '';
  let after: string;
  try {
    after = setLabelLine(before, episode, human);
  } catch (err) {
    throw new Error(`${file}: ${(err as Error).message} Fix the header or choose another label file.`, { cause: err });
  }
  await writeFileAtomic(file, after);
  return (await readLabelFile(file)).labels;
}
