/**
 * The evaluation view's comparison of two agents (`touchstone compare` in the view) and the recent
 * evaluations the Evaluate form offers, kept by the core.
 */
import { z } from 'zod';
import type { Comparison } from '../evaluation/compare';
import { nonBlank, type ArgsOf } from './arg-schema';
import type { Call } from './common';
import type { EvalSpec } from './evaluation';
import { EVAL_MANIFEST_METHODS } from './evaluation-methods';

/** One evaluation the Evaluate form opened: what it evaluated (dataset, traces, labels, settings) and when. */
export interface RecentEvaluation { spec: EvalSpec; openedAt: string }

/** Argument schemas of the comparison and recent-evaluation calls (spread into EVALUATION_ARGS). */
export const EVAL_COMPARE_ARGS = {
  /** Two agents of an open evaluation (`a` first, as `touchstone compare A B`), on one method (default essential). */
  'eval:compare': z.object({ evalId: z.string(), a: nonBlank(), b: nonBlank(), method: z.enum(EVAL_MANIFEST_METHODS).optional() }),
  'eval:recent': z.object({}),
};
type A = ArgsOf<typeof EVAL_COMPARE_ARGS>;

export interface EvalCompareCalls {
  /**
   * Compares two agents of an open evaluation with the code of `touchstone compare`: each agent's
   * manifest (as the view's exports carry it), the outcome confusion matrix on the episodes both
   * judged, the flipped episodes, McNemar's exact test and what differs in the manifests.
   * 'not-found' for an agent the evaluation lacks, 'bad-request' for A = B.
   */
  'eval:compare': Call<A['eval:compare'], Comparison>;
  /** The evaluations opened recently (newest first), kept in the app's state folder; `eval:open` adds to it. */
  'eval:recent': Call<A['eval:recent'], RecentEvaluation[]>;
}
