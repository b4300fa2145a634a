import { MAX_IMAGE_BYTES, readImageFile, type ConfinedFiles } from '../../platform/confined-read';
import type { EssentialResult, EvalMode, MatchServices, TraceInput } from '../../../shared/evaluation/types';
import { createMatchServices, DEFAULT_ICON_MAX_DISTANCE, PAPER_FUZZY_THRESHOLD, SCREEN_THRESHOLDS } from '../../../shared/evaluation/services';
import { evaluateEssentialStates } from '../../../shared/evaluation/sequencer';
import { PRIMITIVE_REGISTRY } from '../../../shared/kinds/primitives';
import type { FinalConvention } from '../../../shared/evaluation/final-state';
import type { PersistRule } from '../../../shared/evaluation/persistence';
import type { ScreenOcr } from '../models/types';
import { IconMatcher } from '../images/icon-matcher';
import type { StepSource } from '../traces/step-source';
import type { GroundTruth } from './load-ground-truth';

/**
 * Safety bound on rounds of fetching embeddings / decoding screenshots per trace. The scan stops at
 * the first step waiting for one, so a trace needs about one round per step that passes every
 * cheap check; each round fetches something new (fetched results are kept), so this is never reached
 * by a well-behaved run.
 */
export const MAX_ROUNDS = 500;

/** Synchronous similarity after an async batch `prepare` (CachedEmbedder, or the worker's remote client). */
export interface EmbeddingLookup {
  prepare(texts: string[]): Promise<void>;
  similarity(a: string, b: string): number;
  readonly defaultThreshold: number;
  /** Model id (for per-model screen thresholds), once known. */
  readonly id?: string;
}

/** Threshold overrides (`--threshold`, `--screen-threshold`); unset: the embedder's own. */
export interface ThresholdSettings {
  fuzzyThreshold?: number;
  /** Override for `fuzzy<-1>`; default SCREEN_THRESHOLDS[model] or the model's threshold. */
  screenThreshold?: number;
}

/**
 * The thresholds every essential-state check compares with, the one rule for the CLI, the eval view,
 * the runner and the annotation view's live check: `fuzzy<n>` the override, else the embedder's
 * threshold (models/thresholds.ts), else the paper's 0.85; `fuzzy<-1>` the override, else the
 * model's screen threshold (SCREEN_THRESHOLDS), else the `fuzzy<n>` one.
 */
export function sessionThresholds(s: ThresholdSettings, embedder?: Pick<EmbeddingLookup, 'defaultThreshold' | 'id'>): { fuzzy: number; screen: number } {
  const fuzzy = s.fuzzyThreshold ?? embedder?.defaultThreshold ?? PAPER_FUZZY_THRESHOLD;
  const screen = s.screenThreshold ?? (embedder?.id !== undefined ? SCREEN_THRESHOLDS[embedder.id] : undefined) ?? fuzzy;
  return { fuzzy, screen };
}

/** How a session checks essential states; plain data so it can cross a worker boundary. */
export interface SessionSettings extends ThresholdSettings {
  mode: EvalMode;
  /** Lower-cased app name -> package. */
  appPackages: Record<string, string>;
  iconMaxDistance?: number;
  /** Default: `complete` in fixed mode, `none` in legacy mode (see EvalSettings.final). */
  final?: FinalConvention;
  /** Persistence of the final state; default persistRuleFor(mode) (shared/evaluation/persistence.ts). */
  persist?: PersistRule;
}

/** Loads the OCR `ocr<text>` items read screenshots with, on first use. */
export type OcrProvider = () => Promise<ScreenOcr>;

/**
 * The evaluator's OCR: PP-OCR (models/ocr.ts, default settings) in this thread, loaded on the first
 * `ocr<text>` item, each distinct image recognised once. The app's live check runs the same model on
 * its OCR worker thread instead (annotations/screen-text.ts), so the UI keeps answering.
 */
export function inThreadOcr(): OcrProvider {
  let ocr: Promise<ScreenOcr> | undefined;
  return () => (ocr ??= import('../models/ocr').then(async (m) => {
    const { CachedOcr } = await import('../models/cached-ocr');
    return new CachedOcr(await m.createScreenOcr());
  }));
}

/**
 * One evaluation session: the essential-state scan of a trace against a ground truth, fetching what
 * the checks ask for (embeddings, decoded screenshots for icons, OCR) and scanning again. Used by the
 * evaluator (`touchstone eval`, the eval view, the runner) and by the annotation view's live check,
 * so both give the same verdict on the same steps. Keeps fetched embeddings and decoded icons between
 * traces; holds no global state.
 */
export class EssentialSession {
  /** Set when the embedder failed: fuzzy checks then fail with their reason instead of asking again. */
  private embeddingFailed = false;
  private readonly ocr: OcrProvider;

  constructor(
    private readonly settings: SessionSettings,
    private readonly embedder?: EmbeddingLookup,
    opts: { ocr?: OcrProvider; icons?: IconMatcher } = {},
  ) {
    this.ocr = opts.ocr ?? inThreadOcr();
    this.icons = opts.icons ?? new IconMatcher();
  }

  /** Decoded screenshots and their icon hashes, kept between traces. */
  readonly icons: IconMatcher;

  private services(missing: Set<string>): MatchServices {
    const e = this.embedder;
    const t = sessionThresholds(this.settings, e);
    return createMatchServices({
      mode: this.settings.mode,
      appPackages: this.settings.appPackages,
      iconMaxDistance: this.settings.iconMaxDistance ?? DEFAULT_ICON_MAX_DISTANCE,
      fuzzyThreshold: t.fuzzy,
      screenThreshold: t.screen,
      iconMatch: (g, b, x) => this.icons.match(g, b, x),
      waiting: () => this.icons.hasPending || (e !== undefined && !this.embeddingFailed && missing.size > 0),
      similarity: (a, b) => {
        if (!e) { missing.add(a); return undefined; }
        try {
          return e.similarity(a, b);
        } catch {
          // Not embedded yet: recorded, fetched in one batch, and the scan runs again (see evaluate()).
          if (!this.embeddingFailed) { missing.add(a); missing.add(b); }
          return undefined;
        }
      },
    });
  }

  /**
   * `ocr<text>` items need the text on each execution screenshot: recognised here (async) before the
   * synchronous scan. Traces checked against no ocr item never load the OCR models.
   */
  private async attachOcr(gt: GroundTruth, trace: TraceInput, files?: ConfinedFiles): Promise<void> {
    if (!gt.states.some((s) => PRIMITIVE_REGISTRY.needs(s.ess.items, 'ocr'))) return;
    for (const step of trace.steps) {
      // A step shared by two traces (a recording and its cut) is read once.
      if (step.ocr !== undefined || step.ocrProblem !== undefined) continue;
      const shot = step.screenshot;
      let bytes: Uint8Array | undefined;
      try {
        bytes = shot === undefined ? undefined : files ? files.bytes(shot, MAX_IMAGE_BYTES, true) : readImageFile(shot);
      } catch (err) {
        // A FIFO, device, link out of the roots or oversized file: this step has no text, with the reason.
        if (!/no such file/.test((err as Error).message)) { step.ocrProblem = (err as Error).message; continue; }
      }
      if (!bytes) { step.ocrProblem = `Screenshot ${shot ?? `of step ${step.index}`} is missing; OCR cannot run.`; continue; }
      try {
        const lines = await (await this.ocr()).recognize(bytes);
        step.ocr = lines.map((l) => ({ text: l.text, box: l.box }));
      } catch (err) {
        step.ocrProblem = `OCR failed on ${shot}: ${(err as Error).message}`;
      }
    }
  }

  /**
   * The scan is synchronous, but embeddings and decoded screenshots are fetched asynchronously and
   * only when a check asks for them: each round runs the scan; checks whose texts are not embedded yet
   * (or whose screenshots are not decoded yet) record what they need; those are fetched in one batch
   * and the scan runs again. Most traces need one round (no fuzzy or icon check is ever reached);
   * only the last round's verdicts are kept, and they never depend on a missing resource.
   * Screenshots (icons, OCR) are read through `files` when given: the trace's confined reader.
   */
  async evaluate(gt: GroundTruth, source: StepSource, files?: ConfinedFiles): Promise<EssentialResult> {
    const trace = await source.read();
    await this.attachOcr(gt, trace, files);
    const readShot = files ? (f: string) => readImageFile(f, files) : undefined;
    const problems: string[] = [];
    const missing = new Set<string>();
    const svc = this.services(missing);
    const final = this.settings.final ?? (this.settings.mode === 'legacy' ? 'none' : 'complete');
    let r: EssentialResult;
    for (let round = 0; ; round++) {
      missing.clear();
      // A lazily loaded embedder learns its model (and so its thresholds) on the first fetch.
      const t = sessionThresholds(this.settings, this.embedder);
      svc.fuzzyThreshold = t.fuzzy;
      svc.screenThreshold = t.screen;
      r = evaluateEssentialStates(gt.states, trace, svc, { final, persist: this.settings.persist, finalGtStep: gt.nsteps - 1 });
      const texts = this.embedder ? [...missing] : [];
      if ((!texts.length && !this.icons.hasPending) || round >= MAX_ROUNDS) break;
      const [embedded] = await Promise.allSettled([texts.length ? this.embedder!.prepare(texts) : undefined, this.icons.resolvePending(readShot)]);
      if (embedded.status === 'rejected') {
        problems.push(`Embedding ${texts.length} texts failed: ${(embedded.reason as Error).message}; fuzzy checks fail.`);
        this.embeddingFailed = true;
      }
    }
    if (missing.size && !this.embedder) problems.push('No sentence embedder is configured; fuzzy checks fail.');
    // After the scan: steps read lazily (action files) add their problems to trace.problems as they are read.
    r.problems = [...gt.problems, ...trace.problems, ...problems];
    // A state that cannot be read is a state the trace was not checked against: passing the others
    // must not make it complete (a broken annotation would otherwise lower the bar).
    // Likewise a trace file that exists but cannot be read (a FIFO, a device, a link out of the folders).
    const badTrace = trace.unreadable ?? [];
    if (badTrace.length) {
      r.completed = false;
      r.reason = `${badTrace.length} of the trace's files cannot be read, so it cannot be judged complete: ${badTrace[0]}${badTrace.length > 1 ? ` (and ${badTrace.length - 1} more)` : ''}`;
      r.problems.push(...badTrace);
    }
    const unreadable = gt.unreadableStates ?? [];
    if (unreadable.length) {
      r.completed = false;
      r.reason = `${unreadable.length} of the episode's essential-state files cannot be read, so it cannot be judged complete: ${unreadable[0]}${unreadable.length > 1 ? ` (and ${unreadable.length - 1} more)` : ''} \`touchstone dataset check\` lists every problem.`;
    }
    return r;
  }
}
