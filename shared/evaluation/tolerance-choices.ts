import type { EssItem, NumberedComponent } from '../model';
import type { GtStateInput } from './types';
import { formatEssItem, parseEss, type EssItemInput } from '../formats/ess';
import { patternForText } from './safe-pattern';

/** The ways an `exact<n>` item can be written with more or less tolerance (issue 31, item 6). */
export type ToleranceChoiceKind = 'exact' | 'text' | 'regex' | 'exact_on';

/** One way of writing the item: its `.ess` line and the parsed item the evaluator runs. */
export interface ToleranceChoice {
  choice: ToleranceChoiceKind;
  /** The item as written in the `.ess` line, e.g. `regex<3:\d{1,2}:\d{1,3}>`. */
  line: string;
  item: EssItem;
}

// The attributes an `exact_on` choice may keep, in the order they are written; flags singly, so the
// choice names the one flag that tells the component apart (a checked switch) and tolerates the rest.
const ATTRS = ['class', 'text', 'resource-id', 'content-desc', 'checked', 'selected'] as const;

const norm = (v: unknown): string => (typeof v === 'string' ? v.trim().toLowerCase().replace(/\s+/g, ' ') : String(Boolean(v)));

/**
 * The attributes in which component `index` differs from its closest look-alike on the same screen
 * (the other component sharing the most of ATTRS): the fewest that still single it out, so an
 * `exact_on` on them tolerates everything else (state flags, a text when the id suffices). A
 * component with no look-alike differing anywhere (a duplicate) gets class, text, resource-id and
 * content-desc, the identity `exact` compares without flags.
 */
export function distinguishingAttributes(components: readonly NumberedComponent[], index: number): string[] {
  const c = components[index];
  if (!c) return [];
  let best: string[] | null = null;
  for (let k = 0; k < components.length; k++) {
    if (k === index) continue;
    const diffs = ATTRS.filter((a) => norm(c[a]) !== norm(components[k]![a]));
    if (diffs.length > 0 && (best === null || diffs.length < best.length)) best = diffs;
  }
  const identity = ['class', 'text', 'resource-id', 'content-desc'];
  if (best === null) return identity;
  // Class alone says "some button": keep it only with an attribute that names the component.
  return best.length === 1 && best[0] === 'class' ? ['class', ...identity.slice(1).filter((a) => norm(c[a]) !== '')] : best;
}

function choice(kind: ToleranceChoiceKind, item: EssItemInput): ToleranceChoice {
  const line = formatEssItem(item);
  const parsed = parseEss(line, 'choice.ess');
  if (!parsed.ok || parsed.value.items.length !== 1) throw new Error(`tolerance choice ${line} does not parse back: ${parsed.ok ? 'not one item' : parsed.problems[0]!.message}`);
  return { choice: kind, line, item: parsed.value.items[0]! };
}

/** The items on a component whose alternatives are compared: `exact` and its tolerant forms (once one is chosen, the others stay comparable). */
export const TOLERANCE_KINDS: ReadonlySet<string> = new Set(['exact', 'text', 'regex', 'range', 'exact_on']);

/**
 * The alternatives to an `exact<n>` item (n a component number; or one of its tolerant forms, TOLERANCE_KINDS): `exact` itself; `text<n>` (text and
 * content-desc only) when the component has either; `regex<n:…>` from its text when the text has
 * digits (patternForText: each digit run any digits); `exact_on<n:…>` on distinguishingAttributes
 * (without the text when it has digits and another attribute remains).
 * Any other item (an xpath target, another primitive) has no alternatives: []. The list always
 * starts with `exact<n>`, whatever form the item has now.
 */
export function toleranceChoices(item: EssItem, components: readonly NumberedComponent[]): ToleranceChoice[] {
  if (!TOLERANCE_KINDS.has(item.kind) || !('target' in item) || typeof item.target !== 'object' || !('index' in item.target)) return [];
  const target = { index: item.target.index };
  const c = components[target.index];
  if (!c) return [];
  const out = [choice('exact', { kind: 'exact', target })];
  if (norm(c.text) !== '' || norm(c['content-desc']) !== '') out.push(choice('text', { kind: 'text', target }));
  const pattern = patternForText(norm(c.text) !== '' ? c.text : c['content-desc']);
  if (pattern) out.push(choice('regex', { kind: 'regex', target, pattern }));
  // A text with digits is what a second recording changes (a clock, a price): leave it out when
  // another attribute still singles the component out.
  const attrs = distinguishingAttributes(components, target.index);
  const steady = pattern && norm(c.text) !== '' ? attrs.filter((a) => a !== 'text') : attrs;
  out.push(choice('exact_on', { kind: 'exact_on', target, attrs: steady.length ? steady : attrs }));
  return out;
}

/** The states with item `itemPos` of the state on `step` replaced by `item` (the others untouched). */
export function withChoice(states: readonly GtStateInput[], step: number, itemPos: number, item: EssItem): GtStateInput[] {
  return states.map((s) => (s.step !== step ? s : { ...s, ess: { ...s.ess, items: s.ess.items.map((it, k) => (k === itemPos ? item : it)) } }));
}

/** What one choice gives on each named trace: passed or not (and why not, when the evaluator says). */
export interface ChoiceVerdicts {
  choice: ToleranceChoiceKind;
  line: string;
  verdicts: Record<string, { passed: boolean; reason?: string }>;
}

/**
 * Evaluates every choice for item `itemPos` of the state on `step` against the same traces, the
 * other items and states unchanged. `judge` is the evaluator (the live check passes its session,
 * tests the pure sequencer); traces are judged in the order given, choices in toleranceChoices' order.
 */
export async function verdictsPerChoice<T>(
  states: readonly GtStateInput[], step: number, itemPos: number, traces: Readonly<Record<string, T>>,
  judge: (states: GtStateInput[], trace: T) => { passed: boolean; reason?: string } | Promise<{ passed: boolean; reason?: string }>,
): Promise<ChoiceVerdicts[]> {
  const state = states.find((s) => s.step === step);
  const item = state?.ess.items[itemPos];
  if (!state || !item) return [];
  const out: ChoiceVerdicts[] = [];
  for (const ch of toleranceChoices(item, state.components)) {
    const changed = withChoice(states, step, itemPos, ch.item);
    const verdicts: ChoiceVerdicts['verdicts'] = {};
    for (const [name, t] of Object.entries(traces)) verdicts[name] = await judge(changed, t);
    out.push({ choice: ch.choice, line: ch.line, verdicts });
  }
  return out;
}
