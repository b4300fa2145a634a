import type { EssTarget } from '../model';
import type { ExecStepInput, GtStateInput, ItemVerdict, MatchServices } from './types';
import { describeNode, isEmptyValue, normaliseText, normalisedNodeTexts, summariseComponent, summariseNode } from './normalise';
import { lookupTarget } from './component-target';

/** Texts compared by embedding per `fuzzy<n>` check, after the lexical prefilter (MatchServices.fuzzyCandidates). */
export const DEFAULT_FUZZY_CANDIDATES = 4;

function bigrams(s: string): Map<string, number> {
  const m = new Map<string, number>();
  for (let i = 0; i + 1 < s.length; i++) { const g = s.slice(i, i + 2); m.set(g, (m.get(g) ?? 0) + 1); }
  return m;
}

/** Dice coefficient of character bigrams: a cheap lexical closeness in [0, 1]. */
export function lexicalCloseness(a: Map<string, number>, aLen: number, b: string): number {
  if (aLen < 2 || b.length < 2) return 0;
  let common = 0;
  const seen = new Map<string, number>();
  for (let i = 0; i + 1 < b.length; i++) {
    const g = b.slice(i, i + 2);
    const used = seen.get(g) ?? 0;
    if (used < (a.get(g) ?? 0)) { common++; seen.set(g, used + 1); }
  }
  return (2 * common) / (aLen - 1 + b.length - 1);
}

/**
 * The texts of an execution step a `fuzzy<n>` check compares by embedding: normalised node texts and
 * content-descs, the `limit` lexically closest to `want` (character-bigram Dice; ties in node order).
 * An exact (normalised) equal is handled before this and needs no embedding.
 */
export function fuzzyCandidates(exec: ExecStepInput, want: string, limit = DEFAULT_FUZZY_CANDIDATES): string[] {
  if (!exec.hierarchy) return [];
  const wb = bigrams(want);
  const scored = new Map<string, number>();
  for (const n of exec.hierarchy.nodes) {
    const { text, desc } = normalisedNodeTexts(n);
    for (const t of [text, desc]) if (t && !scored.has(t)) scored.set(t, lexicalCloseness(wb, want.length, t));
  }
  return [...scored].sort((x, y) => y[1] - x[1]).slice(0, limit).map(([t]) => t);
}

/** The text a `fuzzy<n>` target is compared by: its text, else its content-desc (normalised). */
export function fuzzyTargetText(c: { text?: string; 'content-desc'?: string }): string {
  return normaliseText(isEmptyValue(c.text) ? c['content-desc'] : c.text);
}

/** `fuzzy<n>` / xpath: some execution node carries text similar to the annotated node's. */
export function matchFuzzyNode(raw: string, target: EssTarget, gt: GtStateInput, exec: ExecStepInput, svc: MatchServices): ItemVerdict {
  const base = { item: raw, kind: 'fuzzy' };
  const t = lookupTarget(target, gt, svc);
  if (!t.ok) return { ...base, status: 'error', sentence: t.reason, evidence: {} };
  const target0 = summariseComponent(t.component);
  if (!exec.hierarchy) {
    return { ...base, status: 'error', sentence: exec.hierarchyProblem ?? `Execution step ${exec.index} has no view hierarchy.`, evidence: { target: target0, files: exec.hierarchyFile ? [exec.hierarchyFile] : undefined } };
  }
  if (svc.mode === 'legacy') {
    // LEGACY: upstream's textbox "fuzzy" match is raw text equality (its TODO never added embeddings).
    const hit = exec.hierarchy.nodes.find((n) => n.text === (t.component.text ?? ''));
    return {
      ...base, status: hit ? 'pass' : 'fail', evidence: { target: target0, expected: t.component.text, candidate: hit ? summariseNode(hit) : undefined },
      sentence: hit ? `A node has text "${t.component.text}".` : `No node has exactly the text "${t.component.text}".`,
    };
  }
  const want = fuzzyTargetText(t.component);
  if (!want) return { ...base, status: 'error', sentence: `${describeNode(target0)} has no text to compare.`, evidence: { target: target0 } };
  // Equality first (no embedding), then only the few lexically closest texts are embedded and compared.
  let best = -Infinity;
  let bestNode: (typeof exec.hierarchy.nodes)[number] | undefined;
  let bestText = '';
  const nodeOf = (text: string): (typeof exec.hierarchy.nodes)[number] | undefined =>
    exec.hierarchy!.nodes.find((n) => { const nt = normalisedNodeTexts(n); return nt.text === text || nt.desc === text; });
  const equal = nodeOf(want);
  if (equal) { best = 1; bestNode = equal; bestText = want; }
  else {
    let unknown: string | undefined;
    // Every candidate is asked before giving up, so one fetch prepares all of them.
    for (const cand of fuzzyCandidates(exec, want, svc.fuzzyCandidates)) {
      const s = svc.similarity(want, cand);
      if (s === undefined) { unknown ??= cand; continue; }
      if (s > best) { best = s; bestText = cand; }
    }
    if (unknown !== undefined) return { ...base, status: 'error', sentence: `Similarity of "${want}" and "${unknown}" is not available (no sentence embedder, or it failed).`, evidence: { target: target0 } };
    bestNode = bestText ? nodeOf(bestText) : undefined;
  }
  const ok = best >= svc.fuzzyThreshold;
  const candidate = bestNode ? summariseNode(bestNode) : undefined;
  const score = Number.isFinite(best) ? Math.round(best * 1000) / 1000 : undefined;
  return {
    ...base, status: ok ? 'pass' : 'fail',
    sentence: candidate
      ? `Closest text "${bestText}" scores ${score} against "${want}" (similar when >= ${svc.fuzzyThreshold}).`
      : `The execution screen has no text to compare with "${want}".`,
    evidence: { target: target0, expected: want, actual: bestText || undefined, candidate, score, threshold: svc.fuzzyThreshold },
  };
}

/** Screen texts run to kilobytes: evidence keeps their start, enough to see which screen it was. */
const clip = (t: string): string => (t.length > 400 ? `${t.slice(0, 400)}…` : t);

/** Lines shown per side in a screen comparison's evidence. */
const DIFF_LINES = 4;

/**
 * Where two screen texts differ, as a person would read it: the lines (one per node) only the
 * ground-truth screen has and those only the execution screen has, order ignored, counted and the
 * first few listed. A model score alone does not say which part of a screen made it low.
 */
export function screenLineDiff(expected: string, actual: string): { onlyExpected: string[]; onlyActual: string[]; sentence: string } {
  const a = expected.split('\n').filter(Boolean);
  const b = actual.split('\n').filter(Boolean);
  const left = new Map<string, number>();
  for (const l of b) left.set(l, (left.get(l) ?? 0) + 1);
  const onlyExpected: string[] = [];
  for (const l of a) {
    const n = left.get(l) ?? 0;
    if (n > 0) left.set(l, n - 1);
    else onlyExpected.push(l);
  }
  const onlyActual: string[] = [];
  const seen = new Map<string, number>();
  for (const l of b) {
    const used = seen.get(l) ?? 0;
    if (used < (left.get(l) ?? 0)) { onlyActual.push(l); }
    seen.set(l, used + 1);
  }
  const quote = (l: string): string => `"${l.length > 80 ? `${l.slice(0, 80)}…` : l}"`;
  const sentence = !onlyExpected.length && !onlyActual.length
    ? (a.join('\n') === b.join('\n') ? 'the same lines, apart from blank ones' : 'the same lines in another order')
    : `${onlyExpected.length} of ${a.length} ground-truth lines are not on the execution screen${onlyExpected.length ? ` (e.g. ${quote(onlyExpected[0]!)})` : ''}, ${onlyActual.length} of ${b.length} execution lines are new${onlyActual.length ? ` (e.g. ${quote(onlyActual[0]!)})` : ''}`;
  return { onlyExpected, onlyActual, sentence };
}

/** `fuzzy<-1>`: the two screens' simplified text is similar. */
export function matchFuzzyScreen(raw: string, gt: GtStateInput, exec: ExecStepInput, svc: MatchServices): ItemVerdict {
  const base = { item: raw, kind: 'fuzzy' };
  if (exec.screenText === undefined) {
    // LEGACY: upstream returns true when the execution view hierarchy is missing (AppAgent traces have none).
    if (svc.mode === 'legacy') return { ...base, status: 'pass', sentence: 'No execution hierarchy; legacy mode passes screen fuzzy as upstream did.', evidence: {} };
    return { ...base, status: 'fail', sentence: exec.hierarchyProblem ?? `Execution step ${exec.index} has no view hierarchy to compare screens.`, evidence: { files: exec.hierarchyFile ? [exec.hierarchyFile] : undefined } };
  }
  if (gt.screenText === undefined) return { ...base, status: 'error', sentence: `Ground-truth step ${gt.step} has no hierarchy for the screen comparison.`, evidence: {} };
  const s = gt.screenText === exec.screenText ? 1 : svc.similarity(gt.screenText, exec.screenText);
  if (s === undefined) return { ...base, status: 'error', sentence: 'Screen similarity was not prepared (internal).', evidence: {} };
  const score = Math.round(s * 1000) / 1000;
  const ok = s >= svc.screenThreshold;
  const diff = gt.screenText === exec.screenText ? undefined : screenLineDiff(gt.screenText, exec.screenText);
  return {
    ...base, status: ok ? 'pass' : 'fail',
    sentence: `Screen text similarity is ${score} (similar when >= ${svc.screenThreshold})${diff ? `; ${diff.sentence}` : ''}.`,
    evidence: {
      score, threshold: svc.screenThreshold, expected: clip(gt.screenText), actual: clip(exec.screenText), files: exec.hierarchyFile ? [exec.hierarchyFile] : undefined,
      differences: diff ? [...diff.onlyExpected.slice(0, DIFF_LINES).map((l) => `- ${l}`), ...diff.onlyActual.slice(0, DIFF_LINES).map((l) => `+ ${l}`)] : undefined,
    },
  };
}
