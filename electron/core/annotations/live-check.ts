import type { LiveCheck, LiveWarning, TraceVerdict } from '../../../shared/contract/annotation';
import type { GtStateInput, StateResult, TraceInput } from '../../../shared/evaluation/types';
import { IconMatcher } from '../images/icon-matcher';
import { loadGroundTruth, type GroundTruth } from '../evaluation/load-ground-truth';
import { readAppPackages } from '../evaluation/app-table';
import { DEFAULT_EMBEDDER_SPEC, LazyEmbedder, lazyLookup } from '../evaluation/embedding-provider';
import { EssentialSession, inThreadOcr, type EmbeddingLookup, type OcrProvider } from '../evaluation/essential-session';
import { readRecording } from '../traces/recording-steps';
import { memorySource } from '../traces/step-source';
import { formatEssItem } from '../../../shared/formats/ess';
import { patternForText } from '../../../shared/evaluation/safe-pattern';

/**
 * What the live checks keep between checks (each edit re-runs them): the sentence embedder, the
 * decoded screenshots' icon hashes (decoding 30 screenshots again would hold up the next save) and
 * the OCR. Create one per app (see liveCheckResources), not per check.
 */
export interface LiveCheckResources {
  /** Default: the embedder `touchstone eval` uses by default, loaded when a fuzzy item first compares two different texts. */
  embedder?: EmbeddingLookup;
  icons?: IconMatcher;
  /** The OCR `ocr<text>` items read with; default: the evaluator's (PP-OCR in this thread). */
  ocr?: OcrProvider;
}

/** What the live checks read besides the episode, and what they keep between checks. */
export interface LiveCheckOptions extends LiveCheckResources {
  /** Name -> package table file (default resources/app-packages.json, as `touchstone eval`). */
  appTableFile?: string;
}

/** Resources for an app's live checks: `touchstone eval`'s default embedder (lazy), one icon cache, and `ocr` (default: the evaluator's). */
export function liveCheckResources(ocr: OcrProvider = inThreadOcr()): Required<LiveCheckResources> {
  return { embedder: lazyLookup(new LazyEmbedder(DEFAULT_EMBEDDER_SPEC)), icons: new IconMatcher(), ocr };
}

// Text an `exact` item would compare that differs from one recording to the next.
const DYNAMIC = /\b\d{1,2}:\d{2}\b|\b\d{4}-\d{2}-\d{2}\b|\b\d+\s*(?:s|sec|min|mins|minutes?|h|hours?|days?|weeks?)\s+ago\b|\b(?:mon|tue|wed|thu|fri|sat|sun)(?:day)?,?\s+\d{1,2}\b|\b\d+%$/i;

/** Items that compare text which changes between recordings (a clock, a date, "5 min ago"). */
function dynamicExact(states: readonly GtStateInput[]): LiveWarning[] {
  const out: LiveWarning[] = [];
  for (const s of states) {
    for (const it of s.ess.items) {
      if (it.kind !== 'exact' || !('index' in it.target)) continue;
      const text = s.components[it.target.index]?.text ?? '';
      if (DYNAMIC.test(text)) {
        // The tolerant forms (shared/kinds/primitives) keep the component and accept any digits.
        const pattern = patternForText(text);
        const tolerant = pattern ? `${formatEssItem({ kind: 'regex', target: it.target, pattern })} (same component, any digits), ` : '';
        out.push({ kind: 'dynamic-exact', step: s.step, item: it.raw, message: `Can never match another recording: ${it.raw} compares "${text}", which changes from run to run. Use ${tolerant}${formatEssItem({ kind: 'fuzzy', target: it.target })} or an item that stays the same.` });
      }
    }
  }
  return out;
}

/** The live check's three traces and its evaluator, prepared once per check (see liveCheck). */
export interface LiveTraces {
  gt: GroundTruth;
  /** The last annotated step (the cut trace stops before it). */
  last: number;
  traces: { own: TraceInput; cut: TraceInput | null; noop: TraceInput };
  /** One evaluation of `states` (the task's, or with one item changed) against a trace. */
  run(states: GroundTruth['states'], t: TraceInput): Promise<TraceVerdict & { states: StateResult[] }>;
}

/** Loads the annotation and recording and builds the live check's traces and session; null when nothing is annotated. */
export async function prepareLiveTraces(root: string, relPath: string, opts: LiveCheckOptions = {}): Promise<LiveTraces | null> {
  const gt = await loadGroundTruth(root, relPath);
  if (gt.states.length === 0) return null;
  const recording = await readRecording(root, relPath);
  const steps = recording.steps;
  const session = new EssentialSession(
    { mode: 'fixed', appPackages: readAppPackages(opts.appTableFile), final: 'none' },
    opts.embedder ?? liveCheckResources().embedder,
    { ...(opts.ocr ? { ocr: opts.ocr } : {}), ...(opts.icons ? { icons: opts.icons } : {}) },
  );
  const trace = (name: string, st: TraceInput['steps']): TraceInput => ({ ...recording, episode: `${gt.id} (${name})`, steps: st, problems: [] });
  const last = Math.max(...gt.states.map((s) => s.step));
  return {
    gt, last,
    traces: {
      own: trace('own', steps),
      cut: last > 0 ? trace('cut', steps.slice(0, last)) : null,
      noop: trace('no-op', steps.length ? [{ ...steps[0]!, action: { kind: 'none' } }] : []),
    },
    async run(states, t) {
      const r = await session.evaluate({ ...gt, states }, memorySource(t));
      return { passed: r.completed, steps: t.steps.length, ...(r.reason && !r.completed ? { reason: r.reason } : {}), states: r.states };
    },
  };
}

/**
 * Evaluates the task's saved annotation against its own recording, the recording cut before its last
 * essential state, and a trace that never leaves the first screen, and says what is wrong. Each is
 * one run of the evaluator's session (EssentialSession) with `touchstone eval`'s defaults (fixed mode,
 * the default embedder and its thresholds, the app table, the same round limit and OCR model), so the
 * verdict on the recording is the one `touchstone eval` gives a trace that repeats it. The recordings
 * declare no completion, so only the annotated states are checked (final convention `none`).
 */
export async function liveCheck(root: string, relPath: string, opts: LiveCheckOptions = {}): Promise<LiveCheck> {
  const live = await prepareLiveTraces(root, relPath, opts);
  if (!live) return { states: 0, own: null, cut: null, noop: null, warnings: [] };
  const { gt, last } = live;
  const o = await live.run(gt.states, live.traces.own);
  const c = live.traces.cut ? await live.run(gt.states, live.traces.cut) : null;
  const n = await live.run(gt.states, live.traces.noop);
  const warnings: LiveWarning[] = [];
  if (!o.passed) {
    warnings.push({ kind: 'own-fails', message: `The task's own recording fails this annotation: ${o.reason ?? 'a state is not reached'}.` });
    for (const s of o.states) {
      if (!s.matched && !s.implicit) warnings.push({ kind: 'state-unmatched', step: s.gtStep, message: `Step ${s.gtStep}'s state is never reached in order${s.reason ? `: ${s.reason}` : ''}.` });
    }
  }
  if (c?.passed) warnings.push({ kind: 'cut-passes', step: last, message: `A trace that stops before step ${last} passes too: step ${last}'s state holds earlier. Add an item only step ${last} shows.` });
  if (n.passed) warnings.push({ kind: 'noop-passes', message: 'A trace that did nothing would pass: every state already holds on the first screen. Add items that only the task\'s later screens show (or click<n> of a tap).' });
  warnings.push(...dynamicExact(gt.states));
  const plain = ({ passed, steps: k, reason }: TraceVerdict): TraceVerdict => ({ passed, steps: k, ...(reason ? { reason } : {}) });
  return { states: gt.states.length, own: plain(o), cut: c ? plain(c) : null, noop: plain(n), warnings };
}
