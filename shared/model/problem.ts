/**
 * A located problem in input data. Every parser returns these instead of
 * throwing, so one bad file never stops a dataset from loading.
 */
export interface Problem {
  /** 'error' makes the file unusable; 'warning' means it loaded with a caveat. */
  severity: 'error' | 'warning';
  /** Path of the file (relative to the opened root when known). */
  file: string;
  /** 1-based line, when the format is line-oriented. */
  line?: number;
  /** 0-based step index inside an episode, when the file belongs to a step. */
  step?: number;
  /** What is wrong, in one sentence. */
  message: string;
  /** What the user can do about it. */
  hint?: string;
}

/** Either a parsed value or the problems that prevented parsing. */
export type Parsed<T> = { ok: true; value: T; warnings: Problem[] } | { ok: false; problems: Problem[] };

/** Renders a problem as `file:line (step n): message — hint`. */
export function formatProblem(p: Problem): string {
  const where = p.line !== undefined ? `${p.file}:${p.line}` : p.file;
  const step = p.step !== undefined ? ` (step ${p.step})` : '';
  return `${where}${step}: ${p.message}${p.hint ? ` — ${p.hint}` : ''}`;
}

/** Identity of a problem (severity, place and message), for dropping the same problem reported twice. */
export function problemKey(p: Problem): string {
  return `${p.severity}|${p.file}|${p.line ?? ''}|${p.step ?? ''}|${p.message}`;
}

/** Exhaustiveness guard for discriminated unions. */
export function assertNever(x: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(x)}`);
}
