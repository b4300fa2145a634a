import type { Bounds, EssentialState, ExecAction, NumberedComponent, Size, ViewHierarchy, VhNode } from '../model';

/**
 * `fixed` is Touchstone's semantics. `legacy` reproduces the upstream LlamaTouch
 * evaluator, bugs included, so published numbers can be reproduced (see LEGACY_BEHAVIOURS).
 */
export type EvalMode = 'fixed' | 'legacy';

/** Outcome of one check: `error` means the check could not run (missing input, bad index). */
export type ItemStatus = 'pass' | 'fail' | 'error';

/** A compact, serialisable description of a node used as evidence. */
export interface NodeSummary {
  /** Execution-node order (DFS index) or ground-truth component id. */
  ref: number;
  className: string;
  text: string;
  resourceId: string;
  contentDesc: string;
  bounds: Bounds | null;
}

/** Why an item passed or failed: the compared values and the closest candidate. */
export interface ItemEvidence {
  /** What the annotation asked for (text, activity, package, node...). */
  expected?: string;
  /** What the execution step had (best candidate's value). */
  actual?: string;
  /** The annotated ground-truth component, when the item points at one. */
  target?: NodeSummary;
  /** The matching node (pass) or the best candidate (fail). */
  candidate?: NodeSummary;
  /** Similarity score (fuzzy) or Hamming distance (icon), when relevant. */
  score?: number;
  threshold?: number;
  /** Attributes that differ between target and best candidate (exact). */
  differences?: string[];
  /** Files involved (missing hierarchy, screenshot...). */
  files?: string[];
}

/** The verdict of one essential-state item on one execution step. */
export interface ItemVerdict {
  /** The item's source spelling, e.g. `exact<27>`. */
  item: string;
  kind: string;
  status: ItemStatus;
  /** One human sentence explaining the verdict. */
  sentence: string;
  evidence: ItemEvidence;
}

/** One annotated ground-truth state, with everything the matchers need, pre-computed by the core. */
export interface GtStateInput {
  /** 0-based ground-truth step index carrying the `.ess`. */
  step: number;
  ess: EssentialState;
  /** The step's `i.json` list (annotations point into it by position). */
  components: NumberedComponent[];
  activity?: string;
  /** The step's parsed hierarchy (xml or vh), for xpath items and screen text. */
  hierarchy?: ViewHierarchy;
  /** Simplified screen text (simplifyScreen), for `fuzzy<-1>`. */
  screenText?: string;
  /** Screenshot path (opaque key for the injected icon matcher). */
  screenshot?: string;
  screenSize?: Size;
}

/** One OCR line as the matcher needs it. */
export interface OcrText {
  text: string;
  box?: Bounds;
}

/** One execution step, pre-loaded by the core. */
export interface ExecStepInput {
  index: number;
  action: ExecAction;
  activity?: string;
  /** Why the activity is unknown (names the file). */
  activityProblem?: string;
  hierarchy?: ViewHierarchy;
  /** Why the hierarchy is missing or unreadable (names the file). */
  hierarchyProblem?: string;
  hierarchyFile?: string;
  screenText?: string;
  screenshot?: string;
  screenSize?: Size;
  /**
   * The screenshot's own pixel size, undefined when it cannot be read (screenSize falls back to the
   * hierarchy's extent). Legacy mode places taps with it, as upstream did with PIL.
   */
  screenshotSize?: Size;
  ocr?: OcrText[];
  ocrProblem?: string;
}

/** An execution trace as the sequencer sees it. */
export interface TraceInput {
  episode: string;
  steps: ExecStepInput[];
  /** Packages installed at the end of the run (lower-case not required). */
  installedApps?: string[];
  installedAppsFile?: string;
  /** Problems found while loading (already formatted). */
  problems: string[];
  /**
   * Files of the trace that exist but could not be read (a FIFO, a device, a dangling link, a link out of
   * the opened folders, too large), each a sentence naming the file and what to do; filled as steps are
   * read. Such a trace cannot be judged complete.
   */
  unreadable?: string[];
  /**
   * Set by importers whose layout records no completion action (DroidBot / AutoDroid native output):
   * says so in one sentence. The end of the trace then counts as the agent's claim of completion.
   */
  noCompletionSignal?: string;
}

/** Result of comparing an annotated icon crop with the execution screenshot. */
/** `pending`: the core is still decoding a screenshot; the scan is run again once it is (never final). */
export type IconMatchResult = { ok: true; distance: number } | { ok: false; reason: string; pending?: boolean };

/** Everything a matcher may consult besides its two steps. All lookups are synchronous. */
export interface MatchServices {
  mode: EvalMode;
  /** Cosine similarity of two (normalised) texts; undefined when the pair was not prepared. */
  similarity(a: string, b: string): number | undefined;
  /** Similarity at or above which two texts are "similar" (textbox fuzzy). */
  fuzzyThreshold: number;
  /** Similarity at or above which two whole screens are "similar" (`fuzzy<-1>`); long markup-heavy texts score higher, so models may need a stricter value. */
  screenThreshold: number;
  /** Average-hash distance between the gt crop and the same box scaled onto the exec screenshot. */
  iconMatch(gtScreenshot: string, gtBounds: Bounds, execScreenshot: string): IconMatchResult;
  /** Largest Hamming distance that still counts as the same icon (upstream: 1). */
  iconMaxDistance: number;
  /** Texts per `fuzzy<n>` check compared by embedding after the lexical prefilter (default DEFAULT_FUZZY_CANDIDATES). */
  fuzzyCandidates?: number;
  /** Xpath evaluation over a hierarchy (injected so shared/ stays free of parser choices). */
  resolveXpath(vh: ViewHierarchy, xpath: string): VhNode[];
  /** Lower-cased app name -> package name (resources/app-packages.json). */
  appPackages: Record<string, string>;
  /**
   * True when a check of the current scan asked for something still being fetched (a screenshot
   * decode, an embedding): the scan's verdicts are provisional, so the sequencer stops at that step
   * instead of fetching for later steps it may never need. Absent: nothing is ever fetched.
   */
  waiting?(): boolean;
}

/** The result for one annotated state. */
export interface StateResult {
  gtStep: number;
  ess: string;
  matched: boolean;
  /** Execution step that satisfied the state. */
  execStep?: number;
  /** When not matched: the execution step that came closest (most items passing), if any. */
  closestStep?: number;
  /** Verdicts at execStep (matched) or closestStep (not matched). */
  items: ItemVerdict[];
  /** Why the state was not found, in one sentence. */
  reason?: string;
  /** Set on the implicit final state (the agent declares the task complete), absent on annotated states. */
  implicit?: 'complete';
}

/** Essential-state evaluation of one episode. */
export interface EssentialResult {
  method: 'essential';
  episode: string;
  mode: EvalMode;
  completed: boolean;
  /**
   * Fraction of states reached in order (0..1). The implicit final state (final convention
   * `complete`) counts as one state: reaching every annotated state without declaring completion
   * gives n/(n+1).
   */
  progress: number;
  /** The final convention used (see FinalConvention). */
  final: 'complete' | 'none';
  /** The persistence rule applied to the final state (persistence.ts); absent when there is no final state (`final: none`). */
  persist?: 'screen' | 'none';
  states: StateResult[];
  reason?: string;
  problems: string[];
}
