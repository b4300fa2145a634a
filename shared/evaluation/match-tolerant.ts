import type { EssTarget, NumberedComponent, VhNode } from '../model';
import type { ExecStepInput, GtStateInput, ItemVerdict, MatchServices } from './types';
import { componentDifferences } from './match-exact';
import { lookupTarget } from './component-target';
import { describeNode, isEmptyValue, summariseComponent, summariseNode } from './normalise';

/** The state flags `exact` compares (componentDifferences' names); `flags` in `exact_on` means all of them. */
export const STATE_FLAGS = ['enabled', 'checked', 'checkable', 'selected', 'focused', 'focusable', 'clickable', 'long-clickable', 'password', 'scrollable'] as const;

/** The attributes `exact_on<n:...>` can name: the four identities, `flags` (every state flag) or one flag. */
export const EXACT_ON_ATTRIBUTES: readonly string[] = ['class', 'text', 'resource-id', 'content-desc', 'flags', ...STATE_FLAGS];

const IS_FLAG = new Set<string>(STATE_FLAGS);

/**
 * Why a tolerant item cannot be judged in legacy mode: upstream's loader raises on a keyword it does
 * not know, which fails the whole episode ("ui positions not found"); the error verdict does the same here.
 */
export function legacyUnknown(raw: string, kind: string): ItemVerdict {
  return { item: raw, kind, status: 'error', sentence: `Legacy mode: upstream LlamaTouch has no ${raw.slice(0, raw.indexOf('<'))}<…> primitive (its loader raises on unknown keywords, failing the episode); use fixed mode.`, evidence: {} };
}

function resolve(raw: string, kind: string, target: EssTarget, gt: GtStateInput, exec: ExecStepInput, svc: MatchServices): { c: NumberedComponent; nodes: readonly VhNode[] } | ItemVerdict {
  const t = lookupTarget(target, gt, svc);
  if (!t.ok) return { item: raw, kind, status: 'error', sentence: t.reason, evidence: {} };
  if (!exec.hierarchy) {
    return { item: raw, kind, status: 'error', sentence: exec.hierarchyProblem ?? `Execution step ${exec.index} has no view hierarchy.`, evidence: { target: summariseComponent(t.component), files: exec.hierarchyFile ? [exec.hierarchyFile] : undefined } };
  }
  return { c: t.component, nodes: exec.hierarchy.nodes };
}

/**
 * `exact_on<n:attrs>` and `text<n>`: some execution node equals component n on the named attributes
 * only (texts case- and space-insensitive as in `exact`); the others, and the screenshot crop an
 * icon's `exact` compares, are ignored. The verdict names what was compared and what was not.
 */
export function matchAttributes(kind: string, raw: string, target: EssTarget, attrs: readonly string[], gt: GtStateInput, exec: ExecStepInput, svc: MatchServices): ItemVerdict {
  const r = resolve(raw, kind, target, gt, exec, svc);
  if ('status' in r) return r;
  const wanted = (d: string): boolean => attrs.includes(d) || (IS_FLAG.has(d) && attrs.includes('flags'));
  let best: VhNode | undefined;
  let bestDiffs: string[] = [];
  for (const n of r.nodes) {
    const diffs = componentDifferences(r.c, n).filter(wanted);
    if (diffs.length === 0) { best = n; bestDiffs = []; break; }
    if (!best || diffs.length < bestDiffs.length) { best = n; bestDiffs = diffs; }
  }
  const target0 = summariseComponent(r.c);
  const on = `compared on ${attrs.join(', ')} only`;
  if (best && bestDiffs.length === 0) {
    return { item: raw, kind, status: 'pass', sentence: `${describeNode(target0)} is on the screen (${on}): found ${describeNode(summariseNode(best))}.`, evidence: { target: target0, candidate: summariseNode(best) } };
  }
  const closest = best ? summariseNode(best) : undefined;
  return {
    item: raw, kind, status: 'fail', evidence: { target: target0, candidate: closest, differences: bestDiffs },
    sentence: closest ? `${describeNode(target0)} is not on the screen (${on}); closest is ${describeNode(closest)}, differing on ${bestDiffs.join(', ')}.` : 'The execution screen has no nodes.',
  };
}

/** The text a pattern is tried on: the node's text, or its content-desc when the component has no text. */
const valueOf = (c: NumberedComponent, n: VhNode): string => (isEmptyValue(c.text) ? n.contentDesc : n.text).trim();

/**
 * `regex<n:…>` and `range<n:…>`: the same component (same class, and same resource-id when it has
 * one) is on the screen and its text satisfies `accepts` (a pattern, a number range) instead of
 * equalling the recorded text: for clocks, prices and counts that change from run to run.
 */
export function matchDynamicText(kind: string, raw: string, target: EssTarget, accepts: (text: string) => boolean, wants: string, gt: GtStateInput, exec: ExecStepInput, svc: MatchServices): ItemVerdict {
  const r = resolve(raw, kind, target, gt, exec, svc);
  if ('status' in r) return r;
  const cls = r.c.class.trim();
  const rid = isEmptyValue(r.c['resource-id']) ? '' : String(r.c['resource-id']).trim();
  const same = r.nodes.filter((n) => n.className.trim() === cls && (rid === '' || n.resourceId.trim() === rid));
  const target0 = summariseComponent(r.c);
  const who = `${cls.split('.').pop()}${rid ? ` (${rid})` : ''}`;
  if (same.length === 0) return { item: raw, kind, status: 'fail', sentence: `No ${who} on the screen.`, evidence: { target: target0 } };
  const hit = same.find((n) => accepts(valueOf(r.c, n)));
  if (hit) return { item: raw, kind, status: 'pass', sentence: `${describeNode(summariseNode(hit))} reads "${valueOf(r.c, hit)}", ${wants}.`, evidence: { target: target0, candidate: summariseNode(hit), expected: wants, actual: valueOf(r.c, hit) } };
  const seen = same.slice(0, 3).map((n) => `"${valueOf(r.c, n)}"`).join(', ');
  return { item: raw, kind, status: 'fail', sentence: `${who} is on the screen but reads ${seen}, not ${wants}.`, evidence: { target: target0, candidate: summariseNode(same[0]!), expected: wants, actual: valueOf(r.c, same[0]!) } };
}
