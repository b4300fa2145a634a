import type { ExecStepInput, GtStateInput, ItemVerdict, MatchServices } from './types';
import { isEmptyValue } from './normalise';
import { formatActivityName, parseActivityName, sameActivity, upstreamActivityMatch } from './activity-name';

/** `activity<0>`: the execution screen shows the annotated step's activity. */
export function matchActivity(raw: string, gt: GtStateInput, exec: ExecStepInput, svc: MatchServices): ItemVerdict {
  const base = { item: raw, kind: 'activity' };
  if (svc.mode === 'legacy') {
    // LEGACY: upstream rewrites `/.` to `.` on both sides and tests `exec in gt` (a substring test), so an
    // empty or truncated exec activity passes, and a gt activity of "null" always passes.
    const g = (gt.activity ?? '').trim().replaceAll('/.', '.');
    const e = (exec.activity ?? '').trim().replaceAll('/.', '.');
    const ok = upstreamActivityMatch(gt.activity ?? '', exec.activity ?? '');
    if (g === 'null') return { ...base, status: 'pass', sentence: 'Annotated activity is "null"; upstream passes it.', evidence: { expected: g, actual: e } };
    return { ...base, status: ok ? 'pass' : 'fail', sentence: ok ? `Activity "${e}" is contained in "${g}".` : `Activity "${e}" is not part of "${g}".`, evidence: { expected: g, actual: e } };
  }
  if (gt.activity === undefined || isEmptyValue(gt.activity)) {
    return { ...base, status: 'error', sentence: `Ground-truth step ${gt.step} has no activity file; cannot check activity.`, evidence: {} };
  }
  if (exec.activity === undefined || isEmptyValue(exec.activity)) {
    return { ...base, status: 'fail', sentence: exec.activityProblem ?? `Execution step ${exec.index} recorded no activity.`, evidence: { expected: gt.activity } };
  }
  const g = parseActivityName(gt.activity);
  const e = parseActivityName(exec.activity);
  if (!g) return { ...base, status: 'error', sentence: `Ground-truth step ${gt.step} has an activity file without an activity name ("${gt.activity.trim()}").`, evidence: { expected: gt.activity } };
  if (!e) return { ...base, status: 'fail', sentence: `Execution step ${exec.index} recorded "${exec.activity.trim()}", which names no activity; expected ${formatActivityName(g)}.`, evidence: { expected: formatActivityName(g), actual: exec.activity } };
  const ok = sameActivity(g, e);
  const [gs, es] = [formatActivityName(g), formatActivityName(e)];
  return {
    ...base,
    status: ok ? 'pass' : 'fail',
    sentence: ok ? `Activity ${es} matches ${gs}.` : `Activity is ${es}, expected ${gs}.`,
    evidence: { expected: gs, actual: es },
  };
}
