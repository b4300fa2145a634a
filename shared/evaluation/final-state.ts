import type { ItemVerdict, StateResult, TraceInput } from './types';

/**
 * How an episode ends. `complete` (default, upstream's convention): after the last annotated state,
 * the agent must declare the task complete (STATUS_TASK_COMPLETE); the essential states end with that
 * implicit final state, and the ground-truth actions of the baselines end with a `complete` action.
 * `none`: annotated states only, for reproducing conventions that ignore the agent's own claim.
 */
export type FinalConvention = 'complete' | 'none';

/** The `ess` label of the implicit final state in results. */
export const FINAL_STATE_LABEL = 'complete (implicit final state)';

function verdict(status: ItemVerdict['status'], sentence: string, actual: string | undefined, from: number): ItemVerdict {
  return { item: 'complete', kind: 'complete', status, sentence, evidence: { expected: `STATUS_TASK_COMPLETE at or after execution step ${from}`, actual } };
}

/**
 * Evaluates the implicit final state: the first execution step at or after `from` (the step that
 * matched the last annotated state) whose action is the agent's verdict on the task. `complete` holds;
 * `impossible` fails; no verdict at all fails. For layouts that record no verdict (the importer sets
 * `noCompletionSignal`), the end of the trace counts as the claim of completion, said in the evidence.
 */
export function evaluateFinalState(trace: TraceInput, from: number, gtStep: number): StateResult {
  const base = { gtStep, ess: FINAL_STATE_LABEL, implicit: 'complete' as const };
  const steps = trace.steps;
  if (trace.noCompletionSignal !== undefined) {
    const last = steps.at(-1);
    const sentence = `${trace.noCompletionSignal} The end of the trace (execution step ${last?.index ?? from}) counts as the agent's claim that the task is complete.`;
    return { ...base, matched: true, execStep: last?.index ?? from, items: [verdict('pass', sentence, 'end of trace (no completion signal in this layout)', from)] };
  }
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!;
    if (s.index < from) continue;
    if (s.action.kind === 'complete') {
      return { ...base, matched: true, execStep: s.index, items: [verdict('pass', `The agent declared the task complete at execution step ${s.index}.`, `STATUS_TASK_COMPLETE at step ${s.index}`, from)] };
    }
    if (s.action.kind === 'impossible') {
      const reason = `The agent declared the task impossible at execution step ${s.index} instead of complete (after step ${from}, where the last annotated state was reached).`;
      return { ...base, matched: false, closestStep: s.index, items: [verdict('fail', reason, `STATUS_TASK_IMPOSSIBLE at step ${s.index}`, from)], reason };
    }
  }
  const reason = `The agent never declared the task complete after step ${from} (where the last annotated state was reached): no STATUS_TASK_COMPLETE action at or after it.`;
  return { ...base, matched: false, closestStep: steps.at(-1)?.index, items: [verdict('fail', reason, 'no completion declared', from)], reason };
}

/** Placeholder for the final state when an earlier state was not reached. */
export function unsearchedFinalState(gtStep: number): StateResult {
  return { gtStep, ess: FINAL_STATE_LABEL, implicit: 'complete', matched: false, items: [], reason: 'Not searched: an earlier state was not reached.' };
}
