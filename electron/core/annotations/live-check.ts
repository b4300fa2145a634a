import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LiveCheck, LiveWarning, TraceVerdict } from '../../../shared/contract/annotation';
import type { ExecAction, GtAction, Size } from '../../../shared/model';
import type { ExecStepInput, GtStateInput, MatchServices, TraceInput } from '../../../shared/evaluation/types';
import { createMatchServices } from '../../../shared/evaluation/services';
import { evaluateEssentialStates } from '../../../shared/evaluation/sequencer';
import { simplifyScreen } from '../../../shared/evaluation/simplify-screen';
import { IconMatcher } from '../images/icon-matcher';
import { readImageSize } from '../steps/image-size';
import { loadEpisode, readStepHierarchyParsed } from '../datasets/load-episode';
import { loadGroundTruth } from '../evaluation/load-ground-truth';
import { normaliseAppTable } from '../../../shared/evaluation/services';
import { defaultAppPackagesFile } from '../evaluation/run-evaluation';
import { readTextIn } from '../../platform/confined-read';
import { parseInstalledApps } from '../datasets/execution-trace';
import { INSTALLED_APPS } from './app-choices';
import { PRIMITIVE_REGISTRY } from '../../../shared/kinds/primitives';
import { formatEssItem } from '../../../shared/formats/ess';
import type { ScreenTextService } from './screen-text';

/** What the live checks read besides the episode: the app table, and the OCR for `ocr<text>` items. */
export interface LiveCheckOptions {
  /** Name -> package table file (default resources/app-packages.json). */
  appTableFile?: string;
  /** Reads the steps' screen text when an item is `ocr<text>` (cached per screenshot). */
  texts?: ScreenTextService;
}

async function appTable(file: string): Promise<Record<string, string>> {
  try {
    return normaliseAppTable(JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>);
  } catch {
    return {}; // install checks then say the name is unknown, naming the table
  }
}

/** What the checks need of a sentence embedder (the evaluator's CachedEmbedder fits). */
export interface LiveEmbedder {
  prepare(texts: string[]): Promise<void>;
  similarity(a: string, b: string): number;
  readonly defaultThreshold: number;
}

/** The recorded action of a step as an agent's trace logs it: points normalised to [0, 1], on a screen of `size` device pixels. */
export function execActionOf(a: GtAction | undefined, size: Size): ExecAction {
  if (!a) return { kind: 'none' };
  const norm = (p: { x: number; y: number }, r: Size) => ({ x: r.width > 0 ? p.x / r.width : 0, y: r.height > 0 ? p.y / r.height : 0 });
  switch (a.kind) {
    case 'click': case 'long-click': return { kind: a.kind, at: norm(a.at, a.resolution), screen: size };
    case 'swipe': case 'drag': return { kind: 'swipe', from: norm(a.from, a.resolution), to: norm(a.to, a.resolution), screen: size };
    case 'input': return { kind: 'type', text: a.text, screen: size };
    case 'back': case 'home': case 'enter': return { kind: a.kind, screen: size };
    default: return { kind: 'none' };
  }
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
        out.push({ kind: 'dynamic-exact', step: s.step, item: it.raw, message: `Can never match another recording: ${it.raw} compares "${text}", which changes from run to run. Use ${formatEssItem({ kind: 'fuzzy', target: it.target })} or an item that stays the same.` });
      }
    }
  }
  return out;
}

/**
 * Icon hashes of the recording's screenshots, kept between checks: each edit re-runs the checks, and
 * decoding 30 screenshots again each time would hold up the next save (the hashes are bounded).
 */
let sharedIcons: IconMatcher | undefined;

/** A step's OCR lines in device pixels for `ocr<text>` items, or why there are none. */
async function stepOcr(texts: ScreenTextService | undefined, root: string, rel: string, step: number, size: Size): Promise<Pick<ExecStepInput, 'ocr' | 'ocrProblem'>> {
  if (!texts) return { ocrProblem: 'OCR is not available to the live checks.' };
  try {
    const t = await texts.ofStep(root, rel, step);
    const sx = size.width / t.image.width;
    const sy = size.height / t.image.height;
    return { ocr: t.lines.map((l) => ({ text: l.text, box: { x1: l.box.x1 * sx, y1: l.box.y1 * sy, x2: l.box.x2 * sx, y2: l.box.y2 * sy } })) };
  } catch (err) {
    return { ocrProblem: (err as Error).message };
  }
}

/**
 * Evaluates the task's saved annotation with the evaluator's matchers against
 * its own recording, the recording cut before its last essential state, and
 * a trace that never leaves the first screen, and says what is wrong.
 */
export async function liveCheck(root: string, relPath: string, loadEmbedder?: () => Promise<LiveEmbedder | undefined>, opts: LiveCheckOptions = {}): Promise<LiveCheck> {
  const gt = await loadGroundTruth(root, relPath);
  if (gt.states.length === 0) return { states: 0, own: null, cut: null, noop: null, warnings: [] };
  const ep = await loadEpisode(root, relPath);
  const dir = path.join(root, relPath);
  const wantsOcr = gt.states.some((st) => PRIMITIVE_REGISTRY.needs(st.ess.items, 'ocr'));
  const steps: ExecStepInput[] = [];
  for (const s of ep.steps) {
    const { vh } = await readStepHierarchyParsed(root, relPath, s.index);
    const screenshot = s.files.png ? path.join(dir, `${s.index}.png`) : undefined;
    const size = (screenshot ? readImageSize(screenshot) : undefined) ?? { width: 1080, height: 2400 };
    steps.push({
      index: s.index, action: execActionOf(ep.actions[s.index], size), activity: s.activity, hierarchy: vh,
      screenText: vh ? simplifyScreen(vh) : undefined, screenshot, screenSize: size,
      ...(wantsOcr ? await stepOcr(opts.texts, root, relPath, s.index, size) : {}),
    });
  }
  const appsText = await readTextIn(root, relPath, INSTALLED_APPS).catch(() => undefined);
  // Embeddings and icon crops are fetched only when a check asks for them, as the evaluator does:
  // each round runs the scans, records what is missing, fetches it in one batch and runs again.
  // The sentence embedder loads (once, seconds) only when an item compares texts that differ.
  let embedder: LiveEmbedder | undefined;
  let embedderTried = false;
  const missing = new Set<string>();
  const icons = (sharedIcons ??= new IconMatcher());
  const svc: MatchServices = createMatchServices({
    mode: 'fixed',
    appPackages: await appTable(opts.appTableFile ?? defaultAppPackagesFile()),
    iconMatch: (g, b, x) => icons.match(g, b, x),
    fuzzyThreshold: 0.85,
    similarity: (a, b) => {
      try {
        if (embedder) return embedder.similarity(a, b);
      } catch { /* not embedded yet: fetched below */ }
      missing.add(a);
      missing.add(b);
      return undefined;
    },
  });
  svc.screenThreshold = svc.fuzzyThreshold;
  const trace = (name: string, st: ExecStepInput[]): TraceInput => ({
    episode: `${gt.id} (${name})`, steps: st, problems: [],
    ...(appsText !== undefined ? { installedApps: parseInstalledApps(appsText) } : { installedAppsFile: path.join(dir, INSTALLED_APPS) }),
  });
  const last = Math.max(...gt.states.map((s) => s.step));
  const own = trace('own', steps);
  const cut = last > 0 ? trace('cut', steps.slice(0, last)) : null;
  const noop = trace('no-op', steps.length ? [{ ...steps[0], action: { kind: 'none' } }] : []);
  const run = (t: TraceInput): TraceVerdict & { states: ReturnType<typeof evaluateEssentialStates>['states'] } => {
    const r = evaluateEssentialStates(gt.states, t, svc, { final: 'none' });
    return { passed: r.completed, steps: t.steps.length, ...(r.reason && !r.completed ? { reason: r.reason } : {}), states: r.states };
  };
  const scan = () => ({ o: run(own), c: cut ? run(cut) : null, n: run(noop) });
  let v = scan();
  for (let round = 0; round < 4 && (missing.size || icons.hasPending); round++) {
    if (missing.size && !embedder && !embedderTried && loadEmbedder) {
      embedderTried = true;
      embedder = await loadEmbedder();
      if (embedder) svc.fuzzyThreshold = svc.screenThreshold = embedder.defaultThreshold;
    }
    const texts = embedder ? [...missing] : [];
    missing.clear();
    if (!texts.length && !icons.hasPending) break;
    await Promise.allSettled([texts.length ? embedder!.prepare(texts) : undefined, icons.resolvePending()]);
    v = scan();
  }
  const { o, c, n } = v;
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
