import path from 'node:path';
import type { Suggestion } from '../../../shared/contract/annotation';
import type { EpisodeStep, NumberedComponent, Size } from '../../../shared/model';
import { scalePoint } from '../../../shared/geometry/action-mark';
import { essItemFromText, formatEssItem } from '../../../shared/formats/ess';
import { boxesOf, componentAt } from '../../../shared/geometry/component-at';
import { readImageSize } from '../steps/image-size';
import { loadEpisode } from '../datasets/load-episode';
import { fusedSuggestions, mergeSuggestions, successfulRuns } from './fused-suggestions';

/** Text that differs from one recording to the next (clocks, dates, counts): matched fuzzily. */
const DYNAMIC = /\d{1,2}:\d{2}|\d{4}-\d{2}-\d{2}|\b\d+\s*(?:s|sec|min|mins|minutes?|h|hours?|days?|weeks?)\b|\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|^\d+$|\d+%/i;

const textsOf = (cs: readonly NumberedComponent[] | undefined): Set<string> => new Set((cs ?? []).map((c) => c.text.trim()).filter(Boolean));

/** Home screens: a tap there opens an app, which is how the recording got there, not what the task asked for. */
const LAUNCHER = /launcher|quickstep|trebuchet|\/\.?home(?:activity)?$/i;

/** Whether going from step a to step b changed the screen: another activity, or texts that appeared or went away. */
function screenChanged(a: EpisodeStep | undefined, b: EpisodeStep | undefined): boolean {
  if (!a || !b) return false;
  if (a.activity && b.activity && a.activity !== b.activity) return true;
  const ta = textsOf(a.components);
  const tb = textsOf(b.components);
  return [...tb].some((t) => !ta.has(t)) || [...ta].some((t) => !tb.has(t));
}

/**
 * Suggested essential states of a recorded episode, from the recording alone:
 * the click targets of taps that change the screen (except on the home screen:
 * opening the app is how the recording began, and annotators leave it out), typed text, and on the
 * final screen its activity and its most distinctive texts (those no earlier
 * screen shows; fuzzy when they look dynamic).
 */
export async function suggestEssentialStates(root: string, relPath: string, maxTexts = 3): Promise<Suggestion[]> {
  const ep = await loadEpisode(root, relPath);
  const dir = path.join(root, relPath);
  const out: Suggestion[] = [];
  const sizeOf = (s: EpisodeStep): Size | undefined => (s.files.png ? readImageSize(path.join(dir, `${s.index}.png`)) : undefined);
  for (const s of ep.steps) {
    const a = ep.actions[s.index];
    if ((a?.kind === 'click' || a?.kind === 'long-click') && s.components) {
      const size = sizeOf(s);
      if (!size) continue;
      const id = componentAt(boxesOf(s.components), scalePoint(a.at, a.resolution, size));
      const next = ep.steps.find((x) => x.index === s.index + 1);
      if (id !== null && screenChanged(s, next) && !LAUNCHER.test(s.activity ?? '')) {
        const c = s.components.find((x) => x.id === id);
        const what = c?.text || c?.['content-desc'] || c?.['resource-id'].split('/').pop() || c?.class.split('.').pop() || `#${id}`;
        out.push({ step: s.index, item: formatEssItem({ kind: 'click', target: { index: id } }), reason: `The recorded tap on “${what}” leads to the next screen.`, score: 0.9 });
      }
    }
    if (a?.kind === 'input' && a.text) {
      const item = essItemFromText('type', a.text); // null: the text has a character the .ess syntax reserves
      if (item) out.push({ step: s.index, item, reason: `The recording types “${a.text}” here.`, score: 0.95 });
    }
  }
  const last = ep.steps.at(-1);
  if (last && ep.steps.length > 1) {
    if (last.activity) out.push({ step: last.index, item: formatEssItem({ kind: 'activity' }), reason: `The task ends in ${last.activity}.`, score: 0.8 });
    const earlier = new Set(ep.steps.slice(0, -1).flatMap((s) => [...textsOf(s.components)]));
    const distinct = (last.components ?? [])
      .filter((c) => c.text.trim() && !earlier.has(c.text.trim()) && c.text.length <= 80)
      // Longer, more specific texts first; short labels ("OK", "5") say little about the task.
      .map((c) => ({ c, score: Math.min(1, 0.4 + c.text.trim().length / 40) }))
      .sort((x, y) => y.score - x.score || x.c.id - y.c.id)
      .slice(0, maxTexts);
    for (const { c, score } of distinct) {
      const dynamic = DYNAMIC.test(c.text);
      out.push({
        step: last.index, item: formatEssItem(dynamic ? { kind: 'fuzzy', target: { index: c.id } } : { kind: 'exact', target: { index: c.id } }), score: Math.round(score * 100) / 100,
        reason: dynamic ? `“${c.text}” appears only on the final screen, and looks like it changes between runs.` : `“${c.text}” appears only on the final screen.`,
      });
    }
  }
  // More than one successful recording (runs judged completed): add the states they all share.
  const runs = await successfulRuns(root, ep.id);
  return mergeSuggestions(out, await fusedSuggestions(root, relPath, runs));
}
