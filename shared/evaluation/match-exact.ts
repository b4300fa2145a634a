import type { NumberedComponent, VhNode } from '../model';
import type { ExecStepInput, GtStateInput, ItemVerdict, MatchServices, NodeSummary } from './types';
import type { EssTarget } from '../model';
import { isEmptyValue, normaliseText, normalisedNodeTexts, parseComponentBounds, summariseComponent, summariseNode, describeNode } from './normalise';
import { isIconComponent, lookupTarget } from './component-target';
import { upstreamEqualNode, upstreamIsIcon } from './legacy-exact';

type Flag = 'enabled' | 'checked' | 'checkable' | 'selected' | 'focused' | 'focusable' | 'clickable' | 'long-clickable' | 'password' | 'scrollable';
const FLAGS: [Flag, keyof VhNode][] = [
  ['enabled', 'enabled'], ['checked', 'checked'], ['checkable', 'checkable'], ['selected', 'selected'], ['focused', 'focused'],
  ['focusable', 'focusable'], ['clickable', 'clickable'], ['long-clickable', 'longClickable'], ['password', 'password'], ['scrollable', 'scrollable'],
];

interface Prepared { cls: string; text: string; rid: string; desc: string; flags: [Flag, keyof VhNode, boolean][] }
const preparedComponents = new WeakMap<NumberedComponent, Prepared>();

/** A component's comparison values, normalised once (it is compared with every node of every step). */
function prepare(c: NumberedComponent): Prepared {
  let p = preparedComponents.get(c);
  if (!p) {
    const s = (v: unknown): string => (isEmptyValue(v) ? '' : String(v).trim());
    p = {
      cls: s(c.class), text: normaliseText(c.text), rid: s(c['resource-id']), desc: normaliseText(c['content-desc']),
      flags: FLAGS.filter(([k]) => c[k] !== undefined).map(([k, v]) => [k, v, Boolean(c[k])]),
    };
    preparedComponents.set(c, p);
  }
  return p;
}

const plain = (v: string): string => (isEmptyValue(v) ? '' : v.trim());

/** A node's class and resource-id as compared (plain), memoised on the node under a symbol key, as normalisedNodeTexts does. */
const NODE_PLAIN: unique symbol = Symbol('plainNodeIds');
function plainIds(n: VhNode): { cls: string; rid: string } {
  const m = n as VhNode & { [NODE_PLAIN]?: { cls: string; rid: string } };
  let v = m[NODE_PLAIN];
  if (!v) {
    v = { cls: plain(n.className), rid: plain(n.resourceId) };
    if (Object.isExtensible(n)) Object.defineProperty(n, NODE_PLAIN, { value: v, enumerable: false });
  }
  return v;
}

/** Attribute names on which `node` differs from component `c` (upstream: text/desc case-insensitive, bounds ignored). */
export function componentDifferences(c: NumberedComponent, node: VhNode): string[] {
  const p = prepare(c);
  const t = normalisedNodeTexts(node);
  const diffs: string[] = [];
  if (p.cls !== plain(node.className)) diffs.push('class');
  if (p.text !== t.text) diffs.push('text');
  if (p.rid !== plain(node.resourceId)) diffs.push('resource-id');
  if (p.desc !== t.desc) diffs.push('content-desc');
  for (const [k, v, want] of p.flags) if (want !== node[v]) diffs.push(k);
  return diffs;
}

interface Found { node?: VhNode; best?: VhNode; bestDiffs: string[] }

/**
 * componentDifferences' ranking weight without building the list: each difference counts 1, and a
 * differing text 3 more, resource-id or content-desc 2 more, so "same button, different flag" beats
 * "some other TextView". Stops adding once the weight reaches `bound` (the node cannot win then).
 */
function differenceWeight(p: Prepared, node: VhNode, bound: number): number {
  const t = normalisedNodeTexts(node);
  const ids = plainIds(node);
  let w = 0;
  if (p.text !== t.text) w += 4;
  if (p.rid !== ids.rid) w += 3;
  if (p.desc !== t.desc) w += 3;
  if (p.cls !== ids.cls) w += 1;
  if (w >= bound) return w;
  for (const [, v, want] of p.flags) if (want !== node[v]) w++;
  return w;
}

/** Finds an execution node equal to c; otherwise reports the node with the fewest differing attributes (the first of equals). */
export function findEqualNode(c: NumberedComponent, nodes: readonly VhNode[]): Found {
  const p = prepare(c);
  let best: VhNode | undefined;
  let bw = Infinity;
  for (const n of nodes) {
    const w = differenceWeight(p, n, bw);
    if (w === 0) return { node: n, bestDiffs: [] };
    if (w < bw) { best = n; bw = w; }
  }
  return { best, bestDiffs: best ? componentDifferences(c, best) : [] };
}

type Presence = { status: 'present' | 'absent'; sentence: string; candidate?: NodeSummary; differences?: string[]; score?: number; files?: string[] } | { status: 'error'; sentence: string; files?: string[] };

/** Whether node `c` occurs on the execution step (attributes, or icon crop for text-less nodes). */
function presence(c: NumberedComponent, gt: GtStateInput, exec: ExecStepInput, svc: MatchServices): Presence {
  if (svc.mode === 'legacy' ? upstreamIsIcon(c) : isIconComponent(c)) {
    const bounds = parseComponentBounds(c.bounds ?? '');
    if (!bounds) return { status: 'error', sentence: `Node ${c.id} has no usable bounds ("${c.bounds}").` };
    if (!gt.screenshot) return { status: 'error', sentence: `Ground-truth step ${gt.step} has no screenshot for the icon comparison.` };
    if (!exec.screenshot) return { status: 'error', sentence: `Execution step ${exec.index} has no screenshot for the icon comparison.` };
    const r = svc.iconMatch(gt.screenshot, bounds, exec.screenshot);
    if (!r.ok) return { status: 'error', sentence: r.reason, files: [gt.screenshot, exec.screenshot] };
    const same = r.distance <= svc.iconMaxDistance;
    return {
      status: same ? 'present' : 'absent', score: r.distance, files: [gt.screenshot, exec.screenshot],
      sentence: `Icon crop hash distance is ${r.distance} (same icon when <= ${svc.iconMaxDistance}).`,
    };
  }
  if (!exec.hierarchy) return { status: 'error', sentence: exec.hierarchyProblem ?? `Execution step ${exec.index} has no view hierarchy.`, files: exec.hierarchyFile ? [exec.hierarchyFile] : undefined };
  if (svc.mode === 'legacy') {
    // LEGACY: upstream's raw comparison (lower-cased text, nothing trimmed); see legacy-exact.ts.
    const u = upstreamEqualNode(c, exec.hierarchy.nodes);
    if (u.error) return { status: 'error', sentence: u.error };
    if (u.node) return { status: 'present', sentence: `Found ${describeNode(summariseNode(u.node))}.`, candidate: summariseNode(u.node) };
  }
  const f = findEqualNode(c, exec.hierarchy.nodes);
  // Legacy found no equal node above; the closest one is still reported.
  if (f.node && svc.mode === 'legacy') return { status: 'absent', candidate: summariseNode(f.node), sentence: `No node equal as upstream compares them (raw text and attributes, lower-cased text only); ${describeNode(summariseNode(f.node))} is equal after trimming and Unicode folding.` };
  if (f.node) return { status: 'present', sentence: `Found ${describeNode(summariseNode(f.node))}.`, candidate: summariseNode(f.node) };
  const best = f.best ? summariseNode(f.best) : undefined;
  return {
    status: 'absent', candidate: best, differences: f.bestDiffs,
    sentence: best ? `No equal node; closest is ${describeNode(best)}, differing on ${f.bestDiffs.join(', ')}.` : 'The execution screen has no nodes.',
  };
}

/** `exact<n>` (want present) and `exclude<n>` (want absent). */
export function matchNodePresence(kind: 'exact' | 'exclude', raw: string, target: EssTarget, gt: GtStateInput, exec: ExecStepInput, svc: MatchServices): ItemVerdict {
  const base = { item: raw, kind };
  if (kind === 'exclude' && svc.mode === 'legacy') {
    // LEGACY: upstream parses `exclude` but never evaluates it, so it always holds.
    return { ...base, status: 'pass', sentence: 'Legacy mode ignores exclude (upstream never evaluated it).', evidence: {} };
  }
  if (svc.mode === 'legacy' && !exec.hierarchy) {
    // LEGACY: upstream parses the execution XML before looking at any exact node, icons included;
    // without it lxml raised and the whole episode failed.
    return { ...base, status: 'error', sentence: exec.hierarchyProblem ?? `Execution step ${exec.index} has no XML hierarchy.`, evidence: { files: exec.hierarchyFile ? [exec.hierarchyFile] : undefined } };
  }
  const t = lookupTarget(target, gt, svc);
  if (!t.ok) return { ...base, status: 'error', sentence: t.reason, evidence: {} };
  const target0 = summariseComponent(t.component);
  const p = presence(t.component, gt, exec, svc);
  if (p.status === 'error') return { ...base, status: 'error', sentence: p.sentence, evidence: { target: target0, files: p.files } };
  const want = kind === 'exact' ? 'present' : 'absent';
  const ok = p.status === want;
  const lead = kind === 'exact'
    ? (ok ? `${describeNode(target0)} is on the screen.` : `${describeNode(target0)} is not on the screen.`)
    : (ok ? `${describeNode(target0)} is absent, as required.` : `${describeNode(target0)} is present but must not be.`);
  return {
    ...base, status: ok ? 'pass' : 'fail', sentence: `${lead} ${p.sentence}`,
    evidence: { target: target0, candidate: p.candidate, differences: p.differences, score: p.score, threshold: p.score !== undefined ? svc.iconMaxDistance : undefined, files: p.files },
  };
}
