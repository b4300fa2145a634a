/**
 * The evaluation methods by name, apart from the evaluation contract: the CLI's `eval` and the
 * evaluator's workers read these at start, and the contract's schemas (zod) are not loaded there.
 */
import type { MethodName } from '../evaluation/metrics';

/** The verdict columns of the overview, side by side. */
export type EvalMethodKey = 'essential' | 'legacy' | 'stepwise' | 'lcs';
export const EVAL_METHOD_KEYS: readonly EvalMethodKey[] = ['essential', 'legacy', 'stepwise', 'lcs'];

/**
 * Methods of the related systems, shown as more columns when the evaluation asks for them
 * (`EvalSpec.methods`) or the user turns them on: the A3-style LLM judge, the hybrid (essential
 * states + judge, disagreements to a human) and Mobile-Bench CheckPoints.
 */
export type EvalExtraMethod = 'judge' | 'hybrid' | 'checkpoints';
export const EVAL_EXTRA_METHODS = ['judge', 'hybrid', 'checkpoints'] as const satisfies readonly EvalExtraMethod[];

/**
 * The view's verdict columns that are also `touchstone eval --method`s, so its manifests, its
 * exports and its compare call hold them (legacy is the view's own column, no `eval` method).
 */
export const EVAL_MANIFEST_METHODS = ['essential', 'stepwise', 'lcs'] as const satisfies readonly (EvalMethodKey & MethodName)[];
