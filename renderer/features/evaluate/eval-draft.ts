import type { EvalSpec } from '../../../shared/contract/evaluation';

/**
 * What the Evaluate form holds, kept when the form closes (Close, another view) and across reloads.
 * The recent evaluations are the core's (`eval:recent`), not this browser's.
 */
export interface EvalDraft {
  dataset: string;
  agents: { name: string; path: string }[];
  human: string;
}

const DRAFT_KEY = 'touchstone.evaluation.draft';

function read<T>(key: string, ok: (x: unknown) => boolean): T | null {
  try {
    const x: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
    return ok(x) ? (x as T) : null;
  } catch {
    return null; // a damaged entry only loses the convenience
  }
}

const isDraft = (x: unknown): boolean => typeof x === 'object' && x !== null && typeof (x as EvalDraft).dataset === 'string' && Array.isArray((x as EvalDraft).agents);

export const loadDraft = (): EvalDraft | null => read<EvalDraft>(DRAFT_KEY, isDraft);
export const saveDraft = (d: EvalDraft): void => localStorage.setItem(DRAFT_KEY, JSON.stringify(d));

/** The form's content for a spec (what Close leaves in the form, what a recent entry fills in). */
export const draftOf = (s: EvalSpec): EvalDraft => ({ dataset: s.dataset, agents: s.agents.map((a) => ({ name: a.name, path: a.path })), human: s.human ?? '' });
