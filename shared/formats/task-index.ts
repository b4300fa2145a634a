import type { Parsed, Problem, TaskIndex, TaskIndexRow } from '../model';

const REQUIRED = ['episode', 'category', 'path', 'description', 'nsteps', 'app'] as const;

/**
 * Parses `llamatouch_task_metadata.tsv` (6 columns) or AgentEnv's copy with a
 * 7th `login_category` column. Ids stay strings (they exceed 2^53). Bad rows
 * are reported with their line and skipped; the rest load. Never throws.
 * A caller parsing a long index in parts (to let other work run between them) passes each part with
 * the header line first, `lineOffset` (lines of the file before the part's first row, minus one for
 * the header) and one `seen` map for all parts, so lines and repeated ids are reported as for the whole.
 */
export function parseTaskIndex(text: string, file: string, opts: { lineOffset?: number; seen?: Map<string, number> } = {}): Parsed<TaskIndex> {
  const body = text.replace(/^\uFEFF/, '');
  const eol: '\n' | '\r\n' = body.includes('\r\n') ? '\r\n' : '\n';
  const trailingNewline = body.endsWith('\n');
  const lines = (trailingNewline ? body.slice(0, -1) : body).split('\n').map((l) => l.replace(/\r$/, ''));
  const header = lines[0].split('\t').map((h) => h.trim());
  const missing = REQUIRED.filter((h) => !header.includes(h));
  if (!body.trim() || missing.length) {
    return {
      ok: false,
      problems: [{ severity: 'error', file, line: 1, message: `Not a LlamaTouch task index: the header lacks ${missing.join(', ') || 'every column'}.`, hint: `The first line must be the tab-separated header ${REQUIRED.join('\\t')} (optionally \\tlogin_category).` }],
    };
  }
  const col = (name: string): number => header.indexOf(name);
  const login = col('login_category');
  const columns: 6 | 7 = login >= 0 ? 7 : 6;
  const problems: Problem[] = [];
  const rows: TaskIndexRow[] = [];
  const seen = opts.seen ?? new Map<string, number>();
  for (let k = 1; k < lines.length; k++) {
    const line = k + 1 + (opts.lineOffset ?? 0);
    if (lines[k].trim() === '') continue;
    const f = lines[k].split('\t');
    if (f.length !== header.length) {
      problems.push({ severity: 'error', file, line, message: `Expected ${header.length} tab-separated columns, found ${f.length}.`, hint: 'Check for a missing tab or a tab inside the description.' });
      continue;
    }
    const nstepsText = f[col('nsteps')].trim();
    if (!/^\d+$/.test(nstepsText)) {
      problems.push({ severity: 'error', file, line, message: `nsteps must be a whole number, found ${JSON.stringify(nstepsText)}.`, hint: 'Write the number of recorded steps of the episode (e.g. 5).' });
      continue;
    }
    const row: TaskIndexRow = {
      episode: f[col('episode')].trim(),
      category: f[col('category')],
      path: f[col('path')],
      description: f[col('description')],
      nsteps: Number(nstepsText),
      app: f[col('app')],
      line,
    };
    if (login >= 0) row.loginCategory = f[login];
    const dup = seen.get(row.episode);
    if (dup !== undefined) problems.push({ severity: 'warning', file, line, message: `Episode ${row.episode} also appears on line ${dup}.` });
    seen.set(row.episode, line);
    rows.push(row);
  }
  const errors = problems.filter((p) => p.severity === 'error');
  if (rows.length === 0 && errors.length) return { ok: false, problems };
  return { ok: true, value: { columns, header, rows, eol, trailingNewline }, warnings: problems };
}

/** Writes an index back in its own column set, line ending and final-newline style. */
export function formatTaskIndex(index: TaskIndex): string {
  const eol = index.eol ?? '\n';
  const lines = [index.header.join('\t')];
  for (const r of index.rows) {
    const byName: Record<string, string> = {
      episode: r.episode, category: r.category, path: r.path, description: r.description,
      nsteps: String(r.nsteps), app: r.app, login_category: r.loginCategory ?? '',
    };
    lines.push(index.header.map((h) => byName[h] ?? '').join('\t'));
  }
  return lines.join(eol) + (index.trailingNewline ?? true ? eol : '');
}
