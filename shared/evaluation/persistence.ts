import type { ExecAction } from '../model';
import type { EvalMode, GtStateInput, ItemVerdict, MatchServices, TraceInput } from './types';
import type { PrimitiveRegistry } from '../kinds/primitives';
import { matchItem } from './match-item';

/**
 * Persistence of the final state (fixed mode): `screen` (default) — when the last annotated state
 * lies on the ground truth's final screen, no step between its match and the agent's declaration of
 * completion may undo its screen items, unless they hold again at the declaration; `none` — the
 * state counts once reached (upstream's rule, and legacy mode's default). Rule and examples:
 * shared/evaluation/README.md, "Persistence of the final state".
 */
export type PersistRule = (typeof PERSIST_RULES)[number];

/** The rules, in `--persist` order. */
export const PERSIST_RULES = ['screen', 'none'] as const;

/** The one default of the persistence rule in fixed mode (the CLI, the eval view and the runner read it). */
export const DEFAULT_PERSIST: PersistRule = 'screen';

/** The rule in effect: the one asked for, else DEFAULT_PERSIST in fixed mode and `none` in legacy mode (upstream has none). */
export function persistRuleFor(mode: EvalMode, persist?: PersistRule): PersistRule {
  return persist ?? (mode === 'legacy' ? 'none' : DEFAULT_PERSIST);
}

function actionWords(a: ExecAction): string {
  if ('at' in a && a.at) return `${a.kind} at (${a.at.x.toFixed(2)}, ${a.at.y.toFixed(2)})`;
  if (a.kind === 'type') return `type '${a.text}'`;
  return a.kind;
}

/**
 * Checks the last annotated state's items between the step that matched it (`from`, a position in
 * `trace.steps`) and the declaration of completion (`to`). Each item whose primitive can be undone
 * (PrimitiveSpec.undoneBy) is followed step by step; an item undone on some step fails the check
 * unless a later step, up to the declaration, shows it held again (off, then on again). Returns undefined when there is nothing to check (no such
 * item, or the declaration is on the matching step), else one verdict: `pass`, or `fail` naming the
 * undoing step. Synchronous like the scan: a check waiting for an embedding or a decode is reported
 * through `svc.waiting` and the caller scans again.
 */
export function checkPersistence(gt: GtStateInput, trace: TraceInput, from: number, to: number, svc: MatchServices, registry: PrimitiveRegistry): { verdict: ItemVerdict; undoneAt?: number } | undefined {
  const items = gt.ess.items.filter((it) => registry.spec(it.kind)?.undoneBy);
  const reached = trace.steps[from];
  const declared = trace.steps[to];
  if (!items.length || !reached || !declared || to <= from) return undefined;
  // Per item: the step where it last held (it may be undone, then done again: off, on, off...).
  const held = new Map(items.map((it) => [it, from]));
  const undone = new Map<(typeof items)[number], { at: number; phrase: string }>();
  const restored: string[] = [];
  for (let k = from + 1; k <= to; k++) {
    const later = trace.steps[k]!;
    for (const it of items) {
      const u = undone.get(it);
      if (u) {
        // Done again: it holds from here on, and is followed from this step.
        if (matchItem(it, gt, later, trace, svc, registry)?.status === 'pass') {
          undone.delete(it);
          held.set(it, k);
          restored.push(`${it.raw} (undone at step ${trace.steps[u.at]!.index}, done again at step ${later.index})`);
        }
        continue;
      }
      let phrase: string | null;
      try { phrase = registry.spec(it.kind)!.undoneBy!(it, gt, trace.steps[held.get(it)!]!, later, svc); } catch { phrase = null; }
      if (phrase) undone.set(it, { at: k, phrase });
    }
  }
  const first = [...undone].sort((a, b) => a[1].at - b[1].at)[0];
  if (first) {
    const [it, { at, phrase }] = first;
    const later = trace.steps[at]!;
    const before = trace.steps[at - 1]!;
    const since = trace.steps[held.get(it)!]!;
    const sentence = `Step ${later.index} ${phrase} after step ${since.index} reached it (${it.raw}; the action before it, at step ${before.index}: ${actionWords(before.action)}), and the agent declared the task complete at step ${declared.index} without doing it again.`;
    return {
      undoneAt: later.index,
      verdict: { item: it.raw, kind: 'persist', status: 'fail', sentence, evidence: { expected: `${it.raw} as at step ${since.index} until the declaration at step ${declared.index}`, actual: `step ${later.index} ${phrase}` } },
    };
  }
  const checked = items.map((it) => it.raw).join(', ');
  const sentence = `No step from ${reached.index} to the declaration at step ${declared.index} undid ${checked}${restored.length ? `; ${restored.join('; ')}` : ''}.`;
  return { verdict: { item: 'persist', kind: 'persist', status: 'pass', sentence, evidence: { expected: `${checked} not undone before step ${declared.index}` } } };
}
