import type { EssItem } from '../model';
import type { EssentialResult, ExecStepInput, GtStateInput, ItemVerdict, MatchServices, StateResult, TraceInput } from './types';
import { isCostlyItem, matchItem, orderItems } from './match-item';
import { PRIMITIVE_REGISTRY, type PrimitiveRegistry } from '../kinds/primitives';
import { evaluateFinalState, unsearchedFinalState, type FinalConvention } from './final-state';
import { checkPersistence, persistRuleFor, type PersistRule } from './persistence';

/** Sequencer options beyond the matchers' services. */
export interface SequencerOptions {
  /** Default `complete`: the states end with the agent's declaration of completion (see final-state.ts). */
  final?: FinalConvention;
  /** Ground-truth step reported for the implicit final state (default: the last annotated step). */
  finalGtStep?: number;
  /** Persistence of the final state (default: persistRuleFor(mode), see persistence.ts); applies with the `complete` convention. */
  persist?: PersistRule;
  /** The primitive table items are dispatched through (default: the production one; tests add primitives). */
  registry?: PrimitiveRegistry;
}

/** Upstream's one generic reason for any exception during an episode. */
export const LEGACY_GENERIC_REASON = 'ui positions not found';

interface StepOutcome { passed: number; verdicts: ItemVerdict[]; failed?: ItemVerdict; error?: ItemVerdict; pruned?: boolean; /** Verdict per input item (undefined: ignored item or not evaluated). */ slots?: (ItemVerdict | undefined)[] }

/**
 * Evaluates items in order; stops at the first non-pass unless `all` (used to explain the closest step).
 * With `all`, stops as soon as `more` items can no longer pass (passed + remaining < more): `pruned`.
 */
function evalStep(items: EssItem[], gt: GtStateInput, exec: ExecStepInput, trace: TraceInput, svc: MatchServices, registry: PrimitiveRegistry, all: boolean, more = 0): StepOutcome {
  const verdicts: ItemVerdict[] = [];
  let passed = 0;
  let failed: ItemVerdict | undefined;
  let error: ItemVerdict | undefined;
  const slots: (ItemVerdict | undefined)[] = [];
  for (let k = 0; k < items.length; k++) {
    const v = matchItem(items[k]!, gt, exec, trace, svc, registry);
    if (!v) continue;
    slots[k] = v;
    verdicts.push(v);
    if (v.status === 'pass') { passed++; continue; }
    failed ??= v;
    if (v.status === 'error') error ??= v;
    if (!all) break;
    if (passed + items.length - k - 1 < more) return { passed, verdicts, failed, error, pruned: true, slots };
  }
  return { passed, verdicts, failed, error, slots };
}

/**
 * The ordered greedy scan: for each annotated state (in ground-truth step order) the first
 * execution step after the previous match where every item holds is its match. The episode is
 * completed when all states are matched in order; progress is the fraction matched.
 *
 * With the `complete` final convention (default, both modes, as upstream), the annotated states are
 * followed by an implicit final state: the agent declares the task complete at or after the step
 * that matched the last annotated state. It is reported and counted in progress like any other state.
 *
 * fixed: an item that cannot run fails that item (with its reason) and the scan goes on.
 * legacy: the first item error fails the whole episode with upstream's generic reason.
 */
export function evaluateEssentialStates(states: readonly GtStateInput[], trace: TraceInput, svc: MatchServices, opts: SequencerOptions = {}): EssentialResult {
  const results: StateResult[] = [];
  const final = opts.final ?? 'complete';
  const registry = opts.registry ?? PRIMITIVE_REGISTRY;
  const persist = persistRuleFor(svc.mode, opts.persist);
  const base = { method: 'essential' as const, episode: trace.episode, mode: svc.mode, final, ...(final === 'complete' ? { persist } : {}), problems: trace.problems };
  let pos = 0;
  const sorted = [...states].sort((a, b) => a.step - b.step);
  const finalGtStep = opts.finalGtStep ?? sorted.at(-1)?.step ?? 0;
  const total = sorted.length + (final === 'complete' && sorted.length ? 1 : 0);
  const finish = (generic?: string): EssentialResult => {
    for (const gt of sorted.slice(results.length)) results.push(unsearched(gt));
    if (results.length < total) results.push(unsearchedFinalState(finalGtStep));
    return summarise(base, total, results, generic);
  };
  for (let si = 0; si < sorted.length; si++) {
    const gt = sorted[si]!;
    const items = orderItems(gt.ess.items, svc.mode, gt, registry);
    let matched: StateResult | undefined;
    for (let i = pos; i < trace.steps.length; i++) {
      const exec = trace.steps[i]!;
      const out = evalStep(items, gt, exec, trace, svc, registry, false);
      // A check is waiting for a decode or an embedding: this step may yet match, so the verdicts
      // are provisional; the caller fetches what was asked for and scans again.
      if (out.failed && svc.waiting?.()) return finish();
      if (svc.mode === 'legacy' && out.error) {
        // LEGACY: upstream catches any exception around the whole episode and reports one generic reason.
        results.push({ gtStep: gt.step, ess: gt.ess.raw, matched: false, closestStep: exec.index, items: out.verdicts, reason: `${LEGACY_GENERIC_REASON} (${out.error.sentence})` });
        return finish(LEGACY_GENERIC_REASON);
      }
      if (!out.failed) {
        // No item failed, so the scan did not stop early: out.verdicts already holds every item's verdict.
        matched = { gtStep: gt.step, ess: gt.ess.raw, matched: true, execStep: exec.index, items: out.verdicts };
        pos = i + 1;
        break;
      }
    }
    if (matched) { results.push(matched); continue; }
    const tail = pos >= trace.steps.length ? 'the trace ended before it' : undefined;
    const closest = closestStep(items, gt, trace, svc, registry, pos);
    if (!closest) {
      results.push({ gtStep: gt.step, ess: gt.ess.raw, matched: false, items: [], reason: `State ${si + 1} of ${total} (ground-truth step ${gt.step}, ${gt.ess.raw}) was not reached: ${tail ?? 'no execution steps left'}.` });
    } else {
      const exec = trace.steps[closest.step]!;
      const first = closest.out.failed;
      results.push({
        gtStep: gt.step, ess: gt.ess.raw, matched: false, closestStep: exec.index, items: closest.out.verdicts,
        reason: `State ${si + 1} of ${total} (ground-truth step ${gt.step}, ${gt.ess.raw}) was not found ${pos > 0 ? `after execution step ${pos - 1}` : 'in the trace'}; closest is step ${exec.index} (${closest.out.passed} of ${closest.out.verdicts.length} items hold), where ${first ? `${first.item} failed: ${first.sentence}` : 'all items held'}`,
      });
    }
    return finish();
  }
  if (final === 'complete' && sorted.length) {
    // pos - 1 is the step that matched the last annotated state: the declaration may come on that very step.
    const f = evaluateFinalState(trace, trace.steps[pos - 1]?.index ?? 0, finalGtStep);
    if (!f.matched) f.reason = `State ${total} of ${total} (the implicit final state) was not reached: ${f.reason}`;
    const last = sorted.at(-1)!;
    if (f.matched && persist === 'screen' && last.step === finalGtStep) {
      // The goal lies on the final screen: it must not be undone before the agent claims it (persistence.ts).
      const p = checkPersistence(last, trace, pos - 1, trace.steps.findIndex((s) => s.index === f.execStep), svc, registry);
      if (svc.waiting?.()) return finish();
      if (p) f.items.push(p.verdict);
      if (p && p.verdict.status !== 'pass') {
        f.matched = false;
        f.closestStep = p.undoneAt;
        delete f.execStep;
        f.reason = `State ${total} of ${total} (the implicit final state) failed: the goal was undone before the agent declared it. ${p.verdict.sentence}`;
      }
    }
    results.push(f);
  }
  return finish();
}

/**
 * The step, from `from` on, where the most items of an unmatched state hold (ties: the later step),
 * with every item's verdict there. Runs once per episode, for the state the scan could not match.
 * Branch and bound, so costly items (screenshot decodes, embeddings, OCR) run on as few steps as
 * possible: cheap items are counted on every step, then steps are visited by that count (later
 * first) and stop being visited once even all their costly items could not make them win.
 */
/** Candidate steps whose costly items are evaluated when explaining an unmatched state. */
export const COSTLY_CANDIDATES = 2;

function closestStep(items: EssItem[], gt: GtStateInput, trace: TraceInput, svc: MatchServices, registry: PrimitiveRegistry, from: number): { step: number; out: StepOutcome } | undefined {
  const costly = items.filter((it) => isCostlyItem(it, gt, registry));
  const cheap = items.filter((it) => !costly.includes(it));
  const cands: { step: number; out: StepOutcome }[] = [];
  for (let i = from; i < trace.steps.length; i++) cands.push({ step: i, out: evalStep(cheap, gt, trace.steps[i]!, trace, svc, registry, true) });
  cands.sort((a, b) => b.out.passed - a.out.passed || b.step - a.step);
  let best: { step: number; out: StepOutcome } | undefined;
  let costlyRuns = 0;
  for (const c of cands) {
    const bound = c.out.passed + costly.length;
    if (best && (bound < best.out.passed || (bound === best.out.passed && c.step < best.step))) break;
    // Bounded cost: costly items are compared on at most COSTLY_CANDIDATES steps (the best by cheap items, later first).
    if (best && costly.length && costlyRuns >= COSTLY_CANDIDATES) break;
    costlyRuns++;
    const rest: StepOutcome = costly.length ? evalStep(costly, gt, trace.steps[c.step]!, trace, svc, registry, true) : { passed: 0, verdicts: [], slots: [] };
    const passed = c.out.passed + rest.passed;
    if (best && (passed < best.out.passed || (passed === best.out.passed && c.step < best.step))) continue;
    // Verdicts in the state's item order, whichever pass computed them.
    const byItem = new Map<EssItem, ItemVerdict>();
    cheap.forEach((it, k) => { const v = c.out.slots?.[k]; if (v) byItem.set(it, v); });
    costly.forEach((it, k) => { const v = rest.slots?.[k]; if (v) byItem.set(it, v); });
    const verdicts = items.map((it) => byItem.get(it)).filter((v): v is ItemVerdict => v !== undefined);
    best = { step: c.step, out: { passed, verdicts, failed: verdicts.find((v) => v.status !== 'pass'), error: verdicts.find((v) => v.status === 'error') } };
  }
  return best;
}

function unsearched(gt: GtStateInput): StateResult {
  return { gtStep: gt.step, ess: gt.ess.raw, matched: false, items: [], reason: 'Not searched: an earlier state was not reached.' };
}

function summarise(base: Omit<EssentialResult, 'completed' | 'progress' | 'states' | 'reason'>, total: number, results: StateResult[], generic?: string): EssentialResult {
  const reached = results.filter((r) => r.matched).length;
  const completed = total > 0 && reached === total;
  const firstMiss = results.find((r) => !r.matched);
  return {
    ...base, completed, progress: total ? reached / total : 0, states: results,
    reason: completed ? undefined : generic ?? (total === 0 ? 'The episode has no annotated essential states.' : firstMiss?.reason),
  };
}
