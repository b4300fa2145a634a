import path from 'node:path';
import type { Suggestion } from '../../../shared/contract/annotation';
import type { NumberedComponent, VhNode } from '../../../shared/model';
import type { TraceInput } from '../../../shared/evaluation/types';
import { formatEssItem } from '../../../shared/formats/ess';
import { HUMAN_LABELS_FILE, parseHumanLabels } from '../../../shared/formats/human-labels';
import { normaliseText } from '../../../shared/evaluation/normalise';
import { listIn, readTextIn } from '../../platform/confined-read';
import { loadEpisode } from '../datasets/load-episode';
import { readCapturedData } from '../traces/read-captured-data';

/** Where runs of a dataset's tasks are found: `<dataset>/traces/<agent>/r<k>/<episode>/` (what `touchstone run --out <dataset>/traces` and the demo write). */
export const RUNS_FOLDER = 'traces';

/** Name of the task's own ground-truth recording among a suggestion's sources. */
export const OWN_RECORDING = 'recording';

/** A successful run of the task: its name (`agent/rK`) and its steps. */
export interface SuccessfulRun { name: string; trace: TraceInput }

const dirsIn = async (root: string, rel: string): Promise<string[]> => (await listIn(root, rel).catch(() => [])).filter((d) => d.isDirectory()).map((d) => d.name).sort();

/**
 * The runs of episode `id` judged completed: their `episode.json` says the evaluator completed them,
 * or the agent folder's labels file (HUMAN_LABELS_FILE) labels them completed (a human's word wins over the
 * evaluator's). Runs that cannot be read are left out: suggestions are a help, not a check.
 */
export async function successfulRuns(root: string, id: string): Promise<SuccessfulRun[]> {
  const out: SuccessfulRun[] = [];
  for (const agent of await dirsIn(root, RUNS_FOLDER)) {
    const labelsText = await readTextIn(root, `${RUNS_FOLDER}/${agent}/${HUMAN_LABELS_FILE}`).catch(() => undefined);
    const labels = labelsText === undefined ? undefined : parseHumanLabels(labelsText, HUMAN_LABELS_FILE);
    // A row naming another agent is not this agent's label.
    const human = labels?.ok ? labels.value.find((l) => l.episode === id && (l.agent === undefined || l.agent === agent))?.completed : undefined;
    for (const repeat of await dirsIn(root, `${RUNS_FOLDER}/${agent}`)) {
      const rel = `${RUNS_FOLDER}/${agent}/${repeat}/${id}`;
      const record = await readTextIn(root, `${rel}/episode.json`).catch(() => undefined);
      if (record === undefined) continue;
      let judged = false;
      try { judged = (JSON.parse(record) as { evaluation?: { completed?: boolean } }).evaluation?.completed === true; } catch { continue; }
      if (!(human ?? judged)) continue;
      try {
        out.push({ name: `${agent}/${repeat}`, trace: await readCapturedData(id, path.join(root, rel)) });
      } catch { /* an unreadable run is left out */ }
    }
  }
  return out;
}

/** What makes two components "the same" across recordings: class, resource-id and text (or content-desc). */
const keyOf = (cls: string, rid: string, text: string, desc: string): string | null => {
  const t = normaliseText(text) || normaliseText(desc);
  return t ? `${cls.trim()}|${rid.trim()}|${t}` : null;
};
const componentKey = (c: NumberedComponent): string | null => keyOf(c.class, c['resource-id'] ?? '', c.text, c['content-desc']);
const nodeKey = (n: VhNode): string | null => keyOf(n.className, n.resourceId, n.text, n.contentDesc);

/**
 * MobiFlow-style fusion: the screens' components that every successful recording of the task shows
 * (the ground truth and each run judged completed), proposed as `exact<n>` on the first ground-truth
 * step that shows them. Components of the first screen, and those every ground-truth screen shows
 * (bars, chrome), are left out: they hold before the task is done. Each suggestion names its sources.
 */
export async function fusedSuggestions(root: string, relPath: string, runs: readonly SuccessfulRun[], perStep = 2): Promise<Suggestion[]> {
  if (runs.length === 0) return [];
  const ep = await loadEpisode(root, relPath);
  const keysOf = (t: TraceInput): Set<string> => new Set(t.steps.flatMap((s) => (s.hierarchy?.nodes ?? []).map(nodeKey)).filter((k): k is string => k !== null));
  const inRuns = runs.map((r) => keysOf(r.trace));
  const stepKeys = ep.steps.map((s) => new Set((s.components ?? []).map(componentKey).filter((k): k is string => k !== null)));
  const first = stepKeys[0] ?? new Set<string>();
  const everywhere = (k: string): boolean => stepKeys.every((ks) => ks.has(k));
  const seen = new Set<string>(first);
  const sources = [OWN_RECORDING, ...runs.map((r) => r.name)];
  const out: Suggestion[] = [];
  for (const s of ep.steps.slice(1)) {
    const shared = (s.components ?? [])
      .map((c) => ({ c, k: componentKey(c) }))
      .filter((x): x is { c: NumberedComponent; k: string } => x.k !== null && !seen.has(x.k) && !everywhere(x.k) && inRuns.every((ks) => ks.has(x.k!)))
      .sort((a, b) => (b.c.text || b.c['content-desc']).length - (a.c.text || a.c['content-desc']).length || a.c.id - b.c.id);
    for (const { k } of shared) seen.add(k);
    for (const { c } of shared.slice(0, perStep)) {
      out.push({
        step: s.index, item: formatEssItem({ kind: 'exact', target: { index: c.id } }), score: 0.85, sources,
        reason: `“${c.text || c['content-desc']}” is on screen in all ${sources.length} successful recordings (${sources.join(', ')}).`,
      });
    }
  }
  return out;
}

/** Adds the fused suggestions to the recording's own: one already proposed gains their sources (and their score, when higher). */
export function mergeSuggestions(own: readonly Suggestion[], fused: readonly Suggestion[]): Suggestion[] {
  const out = own.map((s) => ({ ...s }));
  for (const f of fused) {
    const same = out.find((s) => s.step === f.step && s.item === f.item);
    if (same) { same.sources = f.sources; same.score = Math.max(same.score, f.score); same.reason = `${same.reason} ${f.reason}`; } else out.push(f);
  }
  return out.sort((x, y) => x.step - y.step || y.score - x.score);
}
