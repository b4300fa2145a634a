import type { Parsed, Problem } from '../model';

/**
 * The one name of a labels file: the demo writes it beside each agent's traces, and the evaluation
 * view, `touchstone eval` without `--human` and `touchstone serve` look for it there.
 */
export const HUMAN_LABELS_FILE = 'human_labels.csv';

/** The columns of the labels format every agent shares (annotator and comment optional). */
export const HUMAN_LABEL_COLUMNS = ['episode', 'agent', 'repeat', 'human', 'annotator', 'comment'] as const;

/** One human judgement: whether the agent completed the episode. */
export interface HumanLabel {
  episode: string;
  completed: boolean;
  line: number;
  /** The agent the label is about; absent in the upstream two-column `episode,human` file. */
  agent?: string;
  /** Which run of the agent on the episode (1 = the first). */
  repeat?: number;
  /** Who labelled it; several annotators give several rows of one episode. */
  annotator?: string;
  comment?: string;
}

/** Splits one CSV line, quotes honoured (`"a, b"`, `""` for a quote), cells trimmed. */
export function splitCsvLine(line: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') { cur += '"'; i++; } else if (ch === '"') quoted = false; else cur += ch;
    } else if (ch === '"' && cur.trim() === '') { quoted = true; cur = ''; } else if (ch === ',') { out.push(cur.trim()); cur = ''; } else cur += ch;
  }
  out.push(cur.trim());
  return out;
}

/**
 * Parses a human-label CSV: `episode,agent,repeat,human[,annotator,comment]` (columns by name, in
 * any order), or the upstream two-column `episode,human` (then no agent: the caller binds it to
 * the one agent it is given for). 1 = completed, 0 = not. Ids stay strings. Bad rows are reported
 * by line and skipped. Never throws.
 */
export function parseHumanLabels(text: string, file: string): Parsed<HumanLabel[]> {
  const lines = text.replace(/^\uFEFF/, '').split('\n').map((l) => l.replace(/\r$/, ''));
  const header = splitCsvLine(lines[0] ?? '');
  const col = (name: string): number => header.indexOf(name);
  const ei = col('episode');
  const hi = col('human');
  if (ei < 0 || hi < 0) {
    return { ok: false, problems: [{ severity: 'error', file, line: 1, message: 'Not a human-label CSV: the header must contain episode and human.', hint: 'Write the header `episode,agent,repeat,human` (or upstream\'s `episode,human`) and one row per episode.' }] };
  }
  const [ai, ri, ni, ci] = [col('agent'), col('repeat'), col('annotator'), col('comment')];
  const labels: HumanLabel[] = [];
  const problems: Problem[] = [];
  for (let k = 1; k < lines.length; k++) {
    if (lines[k]!.trim() === '') continue;
    const f = splitCsvLine(lines[k]!);
    const v = f[hi];
    const rep = ri >= 0 && f[ri] ? Number(f[ri]) : undefined;
    // A trailing comment may be left off; every other column must be there.
    const short = f.length < header.length - (ci === header.length - 1 ? 1 : 0) || f.length > header.length;
    if (short || !f[ei] || (v !== '0' && v !== '1') || (rep !== undefined && !(Number.isInteger(rep) && rep >= 1))) {
      problems.push({
        severity: 'error', file, line: k + 1, message: `Expected ${header.length} cells (${header.join(',')}) with human 0 or 1${ri >= 0 ? ' and repeat a whole number from 1' : ''}, found ${JSON.stringify(lines[k]!.slice(0, 80))}.`,
        hint: 'Each row is an episode id, then the agent, the repeat, 1 (completed) or 0 (not) and optionally the annotator and a comment, in the header\'s order.',
      });
      continue;
    }
    const l: HumanLabel = { episode: f[ei]!, completed: v === '1', line: k + 1 };
    if (ai >= 0 && f[ai]) l.agent = f[ai];
    if (rep !== undefined) l.repeat = rep;
    if (ni >= 0 && f[ni]) l.annotator = f[ni];
    if (ci >= 0 && f[ci]) l.comment = f[ci];
    labels.push(l);
  }
  if (!labels.length && problems.length) return { ok: false, problems };
  return { ok: true, value: labels, warnings: problems };
}

const cell = (s: string): string => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/**
 * Formats labels as CSV with a trailing newline: `episode,agent,repeat,human[,annotator,comment]`
 * when any label names its agent, else upstream's `episode,human`.
 */
export function formatHumanLabels(labels: Array<Pick<HumanLabel, 'episode' | 'completed'> & Partial<HumanLabel>>): string {
  if (!labels.some((l) => l.agent !== undefined)) return ['episode,human', ...labels.map((l) => `${l.episode},${l.completed ? 1 : 0}`)].join('\n') + '\n';
  const annotated = labels.some((l) => l.annotator !== undefined || l.comment !== undefined);
  const head = annotated ? HUMAN_LABEL_COLUMNS : HUMAN_LABEL_COLUMNS.slice(0, 4);
  return [head.join(','), ...labels.map((l) => [l.episode, l.agent ?? '', String(l.repeat ?? 1), l.completed ? '1' : '0', ...(annotated ? [l.annotator ?? '', l.comment ?? ''] : [])].map(cell).join(','))].join('\n') + '\n';
}
