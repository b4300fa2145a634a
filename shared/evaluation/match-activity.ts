import type { ExecStepInput, GtStateInput, ItemVerdict, MatchServices } from './types';
import { canonicalActivity, isEmptyValue } from './normalise';

/** `activity<0>`: the execution screen shows the annotated step's activity. */
export function matchActivity(raw: string, gt: GtStateInput, exec: ExecStepInput, svc: MatchServices): ItemVerdict {
  const base = { item: raw, kind: 'activity' };
  if (svc.mode === 'legacy') {
    // LEGACY: upstream rewrites `/.` to `.` on both sides and tests `exec in gt` (a substring test), so an
    // empty or truncated exec activity passes, and a gt activity of "null" always passes.
    const g = (gt.activity ?? '').trim().replace('/.', '.');
    const e = (exec.activity ?? '').trim().replace('/.', '.');
    if (g === 'null') return { ...base, status: 'pass', sentence: 'Annotated activity is "null"; upstream passes it.', evidence: { expected: g, actual: e } };
    const ok = g.includes(e);
    return { ...base, status: ok ? 'pass' : 'fail', sentence: ok ? `Activity "${e}" is contained in "${g}".` : `Activity "${e}" is not part of "${g}".`, evidence: { expected: g, actual: e } };
  }
  if (gt.activity === undefined || isEmptyValue(gt.activity)) {
    return { ...base, status: 'error', sentence: `Ground-truth step ${gt.step} has no activity file; cannot check activity.`, evidence: {} };
  }
  if (exec.activity === undefined || isEmptyValue(exec.activity)) {
    return { ...base, status: 'fail', sentence: exec.activityProblem ?? `Execution step ${exec.index} recorded no activity.`, evidence: { expected: gt.activity } };
  }
  const g = canonicalActivity(gt.activity);
  const e = canonicalActivity(exec.activity);
  const ok = g === e;
  return {
    ...base,
    status: ok ? 'pass' : 'fail',
    sentence: ok ? `Activity ${e} matches.` : `Activity is ${e}, expected ${g}.`,
    evidence: { expected: g, actual: e },
  };
}
