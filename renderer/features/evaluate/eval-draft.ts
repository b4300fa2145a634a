import type { EvalSpec } from '../../../shared/contract/evaluation';

/** What the Evaluate form holds, kept when the form closes (Close, another view) and across reloads. */
export interface EvalDraft {
  dataset: string;
  agents: { name: string; path: string }[];
  human: string;
}

const DRAFT_KEY = 'touchstone.evaluation.draft';
const RECENT_KEY = 'touchstone.evaluation.recent';
/** Recent evaluations the form lists: enough for a week's work, short enough to read at a glance. */
const MAX_RECENT = 6;

function read<T>(key: string, ok: (x: unknown) => boolean): T | null {
  try {
    const x: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    return ok(x) ? (x as T) : null;
  } catch {
    return null; // a damaged entry only loses the convenience
  }
}

const isDraft = (x: unknown): boolean => typeof x === 'object' && x !== null && typeof (x as EvalDraft).dataset === 'string' && Array.isArray((x as EvalDraft).agents);
const isSpec = (x: unknown): boolean => typeof x === 'object' && x !== null && typeof (x as EvalSpec).dataset === 'string' && Array.isArray((x as EvalSpec).agents);

export const loadDraft = (): EvalDraft | null => read<EvalDraft>(DRAFT_KEY, isDraft);
export const saveDraft = (d: EvalDraft): void => localStorage.setItem(DRAFT_KEY, JSON.stringify(d));

/** The form's content for a spec (what Close leaves in the form, what a recent entry fills in). */
export const draftOf = (s: EvalSpec): EvalDraft => ({ dataset: s.dataset, agents: s.agents.map((a) => ({ name: a.name, path: a.path })), human: s.human ?? '' });

/** Recent evaluations, newest first (one per dataset and agent set). */
export function recentEvaluations(): EvalSpec[] {
  const xs = read<unknown[]>(RECENT_KEY, Array.isArray) ?? [];
  return xs.filter(isSpec) as EvalSpec[];
}

const keyOf = (s: EvalSpec): string => JSON.stringify([s.dataset, s.agents.map((a) => [a.name, a.path]), s.human ?? '']);

/** Puts `spec` at the top of the recent evaluations. */
export function rememberEvaluation(spec: EvalSpec): void {
  const next = [spec, ...recentEvaluations().filter((s) => keyOf(s) !== keyOf(spec))].slice(0, MAX_RECENT);
  localStorage.setItem(RECENT_KEY, JSON.stringify(next));
}
