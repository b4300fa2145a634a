/**
 * Where a replay of a task's own recording (the run canary) parted from the recording: the first step
 * whose screen is another activity, or shows too few of the recorded screen's components. Pure: the
 * core reads the files and passes the parsed screens.
 */
import type { ViewHierarchy } from '../model/view-hierarchy';
import { parseActivityName, sameActivity } from './activity-name';

/**
 * Share of the recorded screen's components (class, id, text, description) the replayed screen must
 * also show to count as the same screen. Below it the screens differ in more than a clock or a
 * counter: an app missing from the launcher, a login wall, another list.
 */
export const CANARY_SAME_SCREEN = 0.6;

/** One screen of a recording or of its replay, as the canary compares them. */
export interface CanaryScreen {
  /** The foreground activity as recorded (any recorder's form). */
  activity: string;
  /** The parsed hierarchy; undefined when the dump was missing or unreadable (the activity alone decides). */
  vh?: ViewHierarchy;
}

/** The first step at which the replay no longer showed what the recording showed. */
export interface CanaryDivergence {
  /** Step index (screen i of both: `i.png` of the recording, `screenshot/i.png` of the replay). */
  step: number;
  /** One sentence: what the recording showed at that step and what the replay showed. */
  reason: string;
  /** Share of the recorded components the replay showed there (1 when the activity alone differed). */
  similarity?: number;
}

/** The components of a screen as comparable strings (layout-only nodes without any label left out). */
export function screenSignature(vh: ViewHierarchy): Set<string> {
  const out = new Set<string>();
  for (const n of vh.nodes) {
    if (!n.text && !n.contentDesc && !n.resourceId) continue;
    out.add(`${n.className}|${n.resourceId}|${n.text.trim()}|${n.contentDesc.trim()}`);
  }
  return out;
}

/** Share of the recorded screen's components that the replayed screen shows too (1 for an empty recorded screen). */
export function screenOverlap(recorded: ViewHierarchy, replayed: ViewHierarchy): number {
  const a = screenSignature(recorded);
  if (a.size === 0) return 1;
  const b = screenSignature(replayed);
  let common = 0;
  for (const s of a) if (b.has(s)) common++;
  return common / a.size;
}

function sameActivityText(a: string, b: string): boolean {
  const pa = parseActivityName(a);
  const pb = parseActivityName(b);
  if (!pa || !pb) return a.trim() === b.trim();
  return sameActivity(pa, pb);
}

/**
 * The first step where `replayed` parts from `recorded`, comparing screen i with screen i; null when
 * every recorded screen was seen again. A replay with fewer screens than the recording diverged at the
 * first screen it lacks.
 */
export function firstDivergence(recorded: readonly CanaryScreen[], replayed: readonly CanaryScreen[], threshold = CANARY_SAME_SCREEN): CanaryDivergence | null {
  for (let i = 0; i < recorded.length; i++) {
    const gt = recorded[i];
    const run = replayed[i];
    if (!run) return { step: i, reason: `The replay ended after ${replayed.length} screen(s); the recording has ${recorded.length}.` };
    if (gt.activity.trim() && run.activity.trim() && !sameActivityText(gt.activity, run.activity)) {
      return { step: i, reason: `The recording shows ${gt.activity.trim()} here, the replay ${run.activity.trim()}.` };
    }
    if (gt.vh && run.vh) {
      const s = screenOverlap(gt.vh, run.vh);
      if (s < threshold) {
        return { step: i, similarity: s, reason: `The replay shows ${Math.round(s * 100)}% of the recorded screen's components here (at least ${Math.round(threshold * 100)}% counts as the same screen).` };
      }
    }
  }
  return null;
}
