import type { Parsed, Problem } from '../model';

/** One human judgement: whether the agent completed the episode. */
export interface HumanLabel {
  episode: string;
  completed: boolean;
  line: number;
}

/**
 * Parses the human-label CSV (`episode,human`, 1 = completed, 0 = not).
 * Ids stay strings. Bad rows are reported by line and skipped. Never throws.
 */
export function parseHumanLabels(text: string, file: string): Parsed<HumanLabel[]> {
  const lines = text.replace(/^\uFEFF/, '').split('\n').map((l) => l.replace(/\r$/, ''));
  const header = lines[0].split(',').map((h) => h.trim());
  const ei = header.indexOf('episode');
  const hi = header.indexOf('human');
  if (ei < 0 || hi < 0) {
    return { ok: false, problems: [{ severity: 'error', file, line: 1, message: 'Not a human-label CSV: the header must contain episode and human.', hint: 'Write the header `episode,human` and one row per episode.' }] };
  }
  const labels: HumanLabel[] = [];
  const problems: Problem[] = [];
  for (let k = 1; k < lines.length; k++) {
    if (lines[k].trim() === '') continue;
    const f = lines[k].split(',').map((x) => x.trim().replace(/^"(.*)"$/, '$1'));
    const v = f[hi];
    if (f.length !== header.length || !f[ei] || (v !== '0' && v !== '1')) {
      problems.push({ severity: 'error', file, line: k + 1, message: `Expected "<episode>,<0 or 1>", found ${JSON.stringify(lines[k].slice(0, 80))}.`, hint: 'Each row is an episode id, a comma, then 1 (completed) or 0 (not).' });
      continue;
    }
    labels.push({ episode: f[ei], completed: v === '1', line: k + 1 });
  }
  if (!labels.length && problems.length) return { ok: false, problems };
  return { ok: true, value: labels, warnings: problems };
}

/** Formats labels as `episode,human` CSV with a trailing newline. */
export function formatHumanLabels(labels: Array<Pick<HumanLabel, 'episode' | 'completed'>>): string {
  return ['episode,human', ...labels.map((l) => `${l.episode},${l.completed ? 1 : 0}`)].join('\n') + '\n';
}
