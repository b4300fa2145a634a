import type { EssentialResult, TraceInput } from './types';

/**
 * What the agent said about the task at the end of its episode, apart from any verdict:
 * `complete` / `impossible` (its last action), `none` (it stopped without saying), `step-limit`
 * (the runner stopped it at a limit: steps or time), `interrupted` (the device or the agent went away,
 * the run was cancelled or failed). README.md, "Claims and verdicts".
 */
export const AGENT_CLAIMS = ['complete', 'impossible', 'none', 'step-limit', 'interrupted'] as const;
export type AgentClaim = (typeof AGENT_CLAIMS)[number];

/** Words for a claim in tables and filters. */
export const CLAIM_LABELS: Record<AgentClaim, string> = { complete: 'complete', impossible: 'impossible', none: 'no claim', 'step-limit': 'step limit', interrupted: 'interrupted' };

/** How the run record (Touchstone's episode.json) says the episode ended; absent for other recorders. */
export interface RunEnd {
  /** EpisodeOutcome of the runner: finished, step-limit, timeout, interrupted, error, cancelled, incomplete. */
  outcome?: string;
  agentVerdict?: string;
}

const FROM_OUTCOME: Record<string, AgentClaim> = {
  'step-limit': 'step-limit', timeout: 'step-limit', interrupted: 'interrupted', cancelled: 'interrupted', error: 'interrupted', incomplete: 'interrupted',
};

/**
 * The agent's claim: the trace's last recorded action when it is a verdict (what every evaluator
 * reads), else the run record's verdict or ending, else `complete` for layouts that record no claim at
 * all (the end of the trace counts as the claim, as for the implicit final state), else `none`.
 */
export function agentClaim(trace: Pick<TraceInput, 'steps' | 'noCompletionSignal'>, run?: RunEnd): AgentClaim {
  for (let i = trace.steps.length - 1; i >= 0; i--) {
    const k = trace.steps[i]!.action.kind;
    if (k === 'none') continue; // a step without an action file says nothing either way
    if (k === 'complete' || k === 'impossible') return k;
    break;
  }
  if (run?.agentVerdict === 'complete' || run?.agentVerdict === 'impossible') return run.agentVerdict;
  if (trace.noCompletionSignal !== undefined) return 'complete';
  return (run?.outcome && FROM_OUTCOME[run.outcome]) || 'none';
}

/**
 * Whether the essential states say the goal was reached, whatever the agent claimed: every annotated
 * state matched in order (the implicit final state, the claim itself, left out). A goal undone before
 * the claim (persistence) is not reached.
 */
export function goalReached(r: EssentialResult): boolean {
  const annotated = r.states.filter((s) => !s.implicit);
  if (!annotated.length || !annotated.every((s) => s.matched)) return false;
  const final = r.states.find((s) => s.implicit);
  return !final?.items.some((i) => i.kind === 'persist' && i.status !== 'pass');
}

/** One episode as claims are counted: the claim, the method's verdict, and whether the goal was reached. */
export interface ClaimRow { claim?: AgentClaim; completed?: boolean; reached?: boolean }

/** Claims against verdicts over some episodes of one agent and method. */
export interface ClaimCounts {
  /** Episodes with both a claim and a verdict. */
  n: number;
  byClaim: Record<AgentClaim, number>;
  /** The agent claimed complete; the verdict is not completed. */
  falseCompletions: number;
  /** The goal was reached (the verdict, or for essential states every annotated state); the agent did not claim complete. */
  missedCompletions: number;
}

/** Counts claims, false completions and missed completions. */
export function countClaims(rows: readonly ClaimRow[]): ClaimCounts {
  const c: ClaimCounts = { n: 0, byClaim: { complete: 0, impossible: 0, none: 0, 'step-limit': 0, interrupted: 0 }, falseCompletions: 0, missedCompletions: 0 };
  for (const r of rows) {
    if (!r.claim || r.completed === undefined) continue;
    c.n++;
    c.byClaim[r.claim]++;
    if (r.claim === 'complete' && !r.completed) c.falseCompletions++;
    if (r.claim !== 'complete' && (r.reached ?? r.completed)) c.missedCompletions++;
  }
  return c;
}

/** `3 complete, 1 impossible, ...` (claims that occur only). */
export function claimsSentence(c: ClaimCounts): string {
  const parts = AGENT_CLAIMS.filter((k) => c.byClaim[k]).map((k) => `${c.byClaim[k]} ${CLAIM_LABELS[k]}`);
  return parts.length ? parts.join(', ') : 'no claims recorded';
}
