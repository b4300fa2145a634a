/**
 * The annotation domain: reading and saving one step's essential state
 * (`i.ess`), with the versions the UI read so a save never overwrites a file
 * that changed on disk since (error code 'conflict').
 */
import type { StepHierarchy } from '../contract-types';
import type { Bounds, Size } from '../model';
import { z } from 'zod';
import { datasetId, jobArgsShape, pathField, stepIndex, textLine, type ArgsOf } from './arg-schema';
import type { Call } from './common';

/**
 * What the UI read of a step's annotation files: a hash of each file's bytes,
 * null when the file did not exist. Sent back with a save, so the core can
 * tell whether someone else changed the files in between.
 */
export type AnnotationBase = z.infer<typeof annotationBase>;
const annotationBase = z.object({ ess: z.string().nullable(), json: z.string().nullable() });

/** One step's annotation as stored. */
export interface StepAnnotation {
  step: number;
  /** The `.ess` line without its line break; null when the step has no `i.ess`. */
  ess: string | null;
  base: AnnotationBase;
}

/** The result of a save: the step's new annotation, which files were written, and its components with the items resolved. */
export interface AnnotationSaved extends StepAnnotation {
  /** Root-relative files written (i.ess, and i.json when the step had none), or removed (i.ess emptied). */
  written: string[];
  removed: string[];
  hierarchy: StepHierarchy;
}

/** One step of an episode folder of an opened dataset. */
const stepShape = {
  datasetId: datasetId(),
  /** Episode folder relative to the dataset root. */
  path: pathField('dataset'),
  step: stepIndex(),
};
export type AnnotationArgs = z.infer<typeof annotationArgs>;
const annotationArgs = z.object(stepShape);
const episodeArgs = z.object({ datasetId: stepShape.datasetId, path: stepShape.path });

/** How one trace fares against the task's whole annotation. */
export interface TraceVerdict {
  passed: boolean;
  /** Steps in the trace. */
  steps: number;
  /** Why it failed (the first state not found), when it failed. */
  reason?: string;
}

/** Something the live checks found, said next to what it is about. */
export interface LiveWarning {
  kind: 'own-fails' | 'cut-passes' | 'noop-passes' | 'dynamic-exact' | 'state-unmatched';
  /** The ground-truth step whose `.ess` it is about. */
  step?: number;
  /** The item's spelling, when it is about one item. */
  item?: string;
  message: string;
}

/**
 * The task's annotation evaluated with the evaluator's own matchers against
 * its own recording (must pass), the recording cut before the last essential
 * state, and a trace that stays on the first screen (both must fail).
 */
export interface LiveCheck {
  /** Annotated steps. */
  states: number;
  own: TraceVerdict | null;
  cut: TraceVerdict | null;
  noop: TraceVerdict | null;
  warnings: LiveWarning[];
}

/** One way of writing an `exact` item and what it gives on the live check's traces (pass/fail only). */
export interface ToleranceChoiceVerdicts {
  choice: 'exact' | 'text' | 'regex' | 'exact_on';
  /** The item as it would be written, e.g. `exact_on<3:resource-id>`. */
  line: string;
  own: { passed: boolean; reason?: string };
  cut: { passed: boolean; reason?: string } | null;
  noop: { passed: boolean; reason?: string };
}

/**
 * The live check of one `exact` item written each tolerant way (issue 31): a choice is strict
 * enough when the cut and no-op traces fail, and must pass the own recording.
 */
export interface ToleranceCheck {
  item: string;
  choices: ToleranceChoiceVerdicts[];
  /** Why there are no choices (not an exact item, step not saved yet). */
  note?: string;
}

/** An item proposed from the recording itself, for the annotator to accept or reject. */
export interface Suggestion {
  step: number;
  /** The item's spelling, e.g. `click<14>`. */
  item: string;
  /** Why it is proposed, in one sentence. */
  reason: string;
  /** Higher first (0..1). */
  score: number;
  /**
   * The recordings that show it, when it comes from several (`recording` = the task's own, then the
   * runs judged completed as `agent/rK`); absent for a suggestion from the task's own recording alone.
   */
  sources?: string[];
}

/** A second annotator's decision on a task, kept in Touchstone's review file beside the dataset. */
const reviewStatus = z.enum(['reviewed', 'returned']);
export interface TaskReview {
  status: z.infer<typeof reviewStatus>;
  /** Why it was returned (or a note); empty when none. */
  comment: string;
  /** ISO-8601 time of the decision. */
  at: string;
}

/** One line of text OCR found on a screenshot, in the image's pixels. */
export interface ScreenTextLine {
  text: string;
  /** Recognition confidence, 0..1. */
  score: number;
  box: Bounds;
}

/** The text PP-OCR found on one screenshot. */
export interface ScreenText {
  /** SHA-256 of the image bytes: the cache key. */
  hash: string;
  /** The image's pixel size (the boxes are in it; the hierarchy's screen may be larger). */
  image: Size;
  lines: ScreenTextLine[];
  /** Read from the cache beside the user's state, not recognised again. */
  cached: boolean;
}

/** An app the install/uninstall checks can name: from resources/app-packages.json, or installed in the recording. */
export interface AppChoice {
  /** What goes between the brackets of check_install<…>: the table's name, or the package. */
  name: string;
  package: string;
  source: 'table' | 'trace';
}

/** How "the same component" is recognised on other steps: same resource-id (and class), same text (and class), or same xpath. */
const bulkMatchBy = z.enum(['resource-id', 'text', 'xpath']);
export type BulkMatchBy = z.infer<typeof bulkMatchBy>;
/** Where a bulk apply looks: the other steps of the episode, or every step of every episode of the dataset. */
const bulkScope = z.enum(['episode', 'dataset']);
export type BulkScope = z.infer<typeof bulkScope>;

/** One step's line before and after a bulk apply or a state copy, with the versions read at preview time. */
export type BulkChange = z.infer<typeof bulkChange>;
const bulkChange = z.object({
  path: pathField('dataset'),
  step: stepIndex(),
  /** The component the item lands on there (null for a state copy). */
  component: z.int().nullable(),
  before: textLine().nullable(),
  after: textLine(),
  base: annotationBase,
  /** Items of a copied state with no same component on this step (left out). */
  dropped: z.array(z.string()).optional(),
});

/** What a bulk apply or state copy would write, listed before anything is written. */
export interface BulkPreview {
  /** The item applied (or `copy of step k`). */
  item: string;
  by?: BulkMatchBy;
  scope?: BulkScope;
  changes: BulkChange[];
  /** Steps with the same component left alone, and why (already there, unparsable line). */
  skipped: { path: string; step: number; reason: string }[];
}

/** One step written by a bulk apply, with what undo needs: the line before and the versions after. */
export type BulkAppliedStep = z.infer<typeof bulkAppliedStep>;
const bulkAppliedStep = z.object({
  path: pathField('dataset'), step: stepIndex(), before: textLine().nullable(), base: annotationBase,
  /** An `i.json` the apply created (the step had none): undo removes it. */
  createdJson: pathField('dataset').optional(),
});
/** The result of a bulk apply: every step written (one undo takes them all back). */
export interface BulkApplied {
  applied: BulkAppliedStep[];
  written: number;
}

/** Argument schemas of the annotation calls (dispatch checks every call against its schema). */
export const ANNOTATION_ARGS = {
  'annotation:load': annotationArgs,
  'annotation:save': z.object({ ...stepShape, ess: textLine(), base: annotationBase }),
  'annotation:check': episodeArgs,
  'annotation:checkTolerance': z.object({ ...stepShape, item: textLine() }),
  'annotation:suggest': episodeArgs,
  'annotation:ocr': z.object({ ...stepShape, ...jobArgsShape }),
  'annotation:apps': episodeArgs,
  'annotation:reviews': z.object({ datasetId: datasetId() }),
  'annotation:bulkPreview': z.object({ ...stepShape, item: textLine(), by: bulkMatchBy, scope: bulkScope }),
  'annotation:copyPreview': z.object({ ...stepShape, to: z.array(z.object({ path: pathField('dataset'), step: stepIndex() })).min(1) }),
  'annotation:bulkApply': z.object({ datasetId: datasetId(), changes: z.array(bulkChange) }),
  'annotation:bulkUndo': z.object({ datasetId: datasetId(), applied: z.array(bulkAppliedStep) }),
  'annotation:review': z.object({ ...episodeArgs.shape, status: reviewStatus.nullable(), comment: z.string().optional() }),
};
type A = ArgsOf<typeof ANNOTATION_ARGS>;

export interface AnnotationCalls {
  /** The step's `.ess` line and the versions of its `i.ess` and `i.json`. */
  'annotation:load': Call<A['annotation:load'], StepAnnotation>;
  /**
   * Saves the step's `.ess` line atomically (an empty line removes `i.ess`).
   * When the step has no `i.json`, writes the numbered components beside it
   * (the numbering of `touchstone vh number`), so the indices stay valid for
   * the upstream evaluator. Fails with 'bad-request' (located message) when
   * the line does not parse, and with 'conflict' when either file differs
   * from `base` (changed on disk since loaded); nothing is written then.
   */
  'annotation:save': Call<A['annotation:save'], AnnotationSaved>;
  /** Live checks of the task's saved annotation (see LiveCheck). */
  'annotation:check': Call<A['annotation:check'], LiveCheck>;
  /** The live checks of one exact item written as exact, text, regex and exact_on (see ToleranceCheck). */
  'annotation:checkTolerance': Call<A['annotation:checkTolerance'], ToleranceCheck>;
  /**
   * Proposes essential states from the recording: the final screen's
   * distinctive texts (exact, or fuzzy where the text looks dynamic), the
   * targets of recorded taps that change the screen, typed text, the final
   * activity. Ranked per step, best first.
   */
  'annotation:suggest': Call<A['annotation:suggest'], Suggestion[]>;
  /**
   * The text on a step's screenshot, by PP-OCR (electron/core/models). Runs
   * as a job of kind 'ocr'; the result is cached per screenshot (by content
   * hash) in the user's state folder, so a second call is immediate.
   */
  'annotation:ocr': Call<A['annotation:ocr'], ScreenText>;
  /**
   * The apps an install check can name: every entry of the app table
   * (resources/app-packages.json) and the packages the episode's recording
   * lists as installed (installed_apps/installed_apps.txt), trace first.
   */
  'annotation:apps': Call<A['annotation:apps'], AppChoice[]>;
  /** Every task's review, by task path, from `touchstone-review.json` in the dataset folder (empty when none). */
  'annotation:reviews': Call<A['annotation:reviews'], Record<string, TaskReview>>;
  /**
   * Marks a task reviewed, returns it with a comment, or clears its review
   * (status null); writes only `touchstone-review.json` (atomically), never
   * a LlamaTouch file. Returns every review.
   */
  'annotation:review': Call<A['annotation:review'], Record<string, TaskReview>>;
  /**
   * The changes that apply one item (on component n of this step) to the same component, by
   * resource-id, text or xpath, on every other step of the episode or of the dataset where it
   * appears. Writes nothing: the UI lists them, then calls `annotation:bulkApply`.
   */
  'annotation:bulkPreview': Call<A['annotation:bulkPreview'], BulkPreview>;
  /** The changes that copy this step's state to other steps, component items moved to the same component there (by xpath, resource-id, then text). Writes nothing. */
  'annotation:copyPreview': Call<A['annotation:copyPreview'], BulkPreview>;
  /** Writes previewed changes atomically step by step, all or nothing ('conflict' when a step changed since the preview). */
  'annotation:bulkApply': Call<A['annotation:bulkApply'], BulkApplied>;
  /** Takes a bulk apply back as one action: every step's line as before. */
  'annotation:bulkUndo': Call<A['annotation:bulkUndo'], { restored: number }>;
}

export interface AnnotationEvents {}

