import type { Bounds } from '../model';
import { actionsMatch } from './aitw-action-match';
import { describeAction as describeModel, fromMatchForm, type NormAction } from '../kinds/actions';

const describeAction = (a: NormAction): string => describeModel(fromMatchForm(a));

/** One ground-truth step for the action baselines: its action and its screen's element boxes (normalised). */
export interface BaselineGtStep {
  action: NormAction;
  boxes: Bounds[];
}

/** Result of a baseline for one episode. */
export interface BaselineResult {
  method: 'stepwise' | 'lcs';
  episode: string;
  completed: boolean;
  /** Ground-truth actions matched (stepwise: prefix length; lcs: LCS length). */
  matchedActions: number;
  totalActions: number;
  progress: number;
  reason?: string;
}

/**
 * Step-wise action match (the paper's "exact match" baseline): executed action i must match
 * ground-truth action i under AITW rules for every ground-truth step (extra executed actions are ignored,
 * as upstream). Upstream appends an implicit "task complete" to the ground truth; callers do the same.
 */
export function stepwiseMatch(episode: string, gt: readonly BaselineGtStep[], exec: readonly NormAction[]): BaselineResult {
  const total = gt.length;
  for (let i = 0; i < total; i++) {
    const e = exec[i];
    const g = gt[i]!;
    if (!e) return { method: 'stepwise', episode, completed: false, matchedActions: i, totalActions: total, progress: total ? i / total : 0, reason: `The trace has no action ${i} (expected ${describeAction(g.action)}).` };
    if (!actionsMatch(g.action, e, g.boxes)) {
      return { method: 'stepwise', episode, completed: false, matchedActions: i, totalActions: total, progress: total ? i / total : 0, reason: `Action ${i} is ${describeAction(e)}, expected ${describeAction(g.action)}.` };
    }
  }
  return { method: 'stepwise', episode, completed: total > 0, matchedActions: total, totalActions: total, progress: 1 };
}

/** LCS action match: the ground-truth action sequence is a subsequence (under AITW rules) of the executed one. */
export function lcsMatch(episode: string, gt: readonly BaselineGtStep[], exec: readonly NormAction[]): BaselineResult {
  const n = gt.length;
  const m = exec.length;
  let prev = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    const cur = new Array<number>(m + 1).fill(0);
    const g = gt[i - 1]!;
    for (let j = 1; j <= m; j++) {
      cur[j] = actionsMatch(g.action, exec[j - 1]!, g.boxes) ? prev[j - 1]! + 1 : Math.max(prev[j]!, cur[j - 1]!);
    }
    prev = cur;
  }
  const lcs = prev[m]!;
  const completed = n > 0 && lcs === n;
  return {
    method: 'lcs', episode, completed, matchedActions: lcs, totalActions: n, progress: n ? lcs / n : 0,
    reason: completed ? undefined : `Only ${lcs} of ${n} ground-truth actions occur in order in the trace.`,
  };
}
