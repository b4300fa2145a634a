import type { EvalEpisodeDetail } from '../../../shared/contract/evaluation';
import type { ItemVerdict, StateResult } from '../../../shared/evaluation/types';
import type { EssPrimitive } from '../../../shared/contract';
import { ESS_COLORS, isDashedPrimitive } from '../../canvas/overlay-colors';

/** The state the replay explains at agent step `step`: the one matched there, else the first unmatched state. */
export function focusState(d: EvalEpisodeDetail, step: number): StateResult | undefined {
  const states = d.essential?.states ?? [];
  return states.find((s) => s.matched && s.execStep === step && !s.implicit) ?? states.find((s) => !s.matched);
}

/** The first unmatched state (why the episode failed). */
export function firstMiss(d: EvalEpisodeDetail): StateResult | undefined {
  return d.essential?.states.find((s) => !s.matched);
}

export interface Mark { key: string; bounds: { x1: number; y1: number; x2: number; y2: number }; color: string; label?: string; dashed?: boolean }

const PASS = '#3ecf8e';
const FAIL = '#ff9f40';
const EXPECT = '#4f8cff';

/** Expected nodes (the annotated targets) of a state's items, on the ground-truth screen. */
export function expectedMarks(s: StateResult | undefined): Mark[] {
  return (s?.items ?? []).flatMap((i, k) => {
    if (!i.evidence.target?.bounds) return [];
    // A target that must be absent (exclude) is drawn in its primitive's colour, dashed, as on the annotation canvas.
    const absent = isDashedPrimitive(i.kind);
    return [{ key: `t${k}`, bounds: i.evidence.target.bounds, color: absent ? ESS_COLORS[i.kind as EssPrimitive] : EXPECT, label: i.item, dashed: absent }];
  });
}

/**
 * Nodes on the agent's screen at `step`: the matched nodes of a state matched there (green), or on the
 * closest step of the first unmatched state its candidates (green when the item held, orange when not).
 */
export function agentMarks(d: EvalEpisodeDetail, step: number): Mark[] {
  const states = d.essential?.states ?? [];
  const here = states.filter((s) => (s.matched && s.execStep === step) || (!s.matched && s.closestStep === step && s === firstMiss(d)));
  return here.flatMap((s, n) => s.items.flatMap((i: ItemVerdict, k) => (i.evidence.candidate?.bounds ? [{ key: `c${n}-${k}`, bounds: i.evidence.candidate.bounds, color: i.status === 'pass' ? PASS : FAIL, label: `${i.item} ${i.status}` }] : [])));
}
