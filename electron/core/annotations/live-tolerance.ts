import type { ToleranceCheck } from '../../../shared/contract/annotation';
import { parseEss } from '../../../shared/formats/ess';
import { TOLERANCE_KINDS, verdictsPerChoice } from '../../../shared/evaluation/tolerance-choices';
import { prepareLiveTraces, type LiveCheckOptions } from './live-check';

/**
 * The live check for one `exact<n>` item (or a tolerant form of it) of step `step` (issue 31, item 6): the saved annotation
 * with that item written each tolerant way (shared/evaluation/tolerance-choices.ts) is evaluated
 * against the same three traces as liveCheck (own recording, cut, no-op), so the annotator sees
 * which choice is strict enough (cut and no-op fail) and tolerant enough. An item not yet in the
 * step's saved line (the item under edit) is judged as if added to it.
 */
export async function liveToleranceCheck(root: string, relPath: string, step: number, itemText: string, opts: LiveCheckOptions = {}): Promise<ToleranceCheck> {
  const parsed = parseEss(itemText, `step ${step} item`);
  if (!parsed.ok) return { item: itemText, choices: [], note: parsed.problems[0]!.message };
  const item = parsed.value.items[0];
  if (parsed.value.items.length !== 1 || !item || !TOLERANCE_KINDS.has(item.kind) || !('target' in item) || typeof item.target !== 'object' || !('index' in item.target)) {
    return { item: itemText, choices: [], note: 'Only an exact<n> item (or its text, regex, range or exact_on form) on a component number has tolerant forms.' };
  }
  const live = await prepareLiveTraces(root, relPath, opts);
  const state = live?.gt.states.find((s) => s.step === step);
  if (!live || !state) return { item: itemText, choices: [], note: `Step ${step} has no saved annotation yet: save the line to compare the choices.` };
  let pos = state.ess.items.findIndex((it) => it.raw.trim() === item.raw.trim());
  let states = live.gt.states;
  if (pos < 0) {
    pos = state.ess.items.length;
    states = states.map((s) => (s === state ? { ...s, ess: { ...s.ess, items: [...s.ess.items, item] } } : s));
  }
  const traces = { own: live.traces.own, noop: live.traces.noop, ...(live.traces.cut ? { cut: live.traces.cut } : {}) };
  const rows = await verdictsPerChoice(states, step, pos, traces, async (st, t) => {
    const r = await live.run(st, t);
    return { passed: r.passed, ...(r.reason ? { reason: r.reason } : {}) };
  });
  return {
    item: itemText,
    choices: rows.map((r) => ({ choice: r.choice, line: r.line, own: r.verdicts.own!, cut: r.verdicts.cut ?? null, noop: r.verdicts.noop! })),
  };
}
