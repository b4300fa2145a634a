import type { StateCreator } from 'zustand';
import type { AnnotationBase, LiveCheck, Suggestion, TaskReview, AppInfo, CheckReport, DatasetOverview, EpisodeInfo, JobProgress, RecentDataset, ScreenRef, StepHierarchy } from '../../shared/contract';
import type { TouchstoneClient } from '../api/client';
import type { Route, ViewName } from '../route/route';
import type { BoxFilter } from '../canvas/box-filter';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** App-wide state: who we are talking to. */
export interface AppSlice {
  client: TouchstoneClient;
  info: AppInfo | null;
  bootStatus: LoadStatus;
  bootError: string | null;
  /** Reaches the core, then the place `route` names (the URL at page load), if any. */
  boot(route?: Route): Promise<void>;
}

/** Which view is shown, and going to a place (a route from the URL) as one action. */
export interface ViewSlice {
  view: ViewName;
  setView(view: ViewName): void;
  /** Opens the route's dataset if it is not the open one, then selects its task and step. */
  applyRoute(route: Route): Promise<void>;
  resetView(): void;
}

/** The opened dataset and the task list's search. */
export interface DatasetSlice {
  recent: RecentDataset[];
  dataset: DatasetOverview | null;
  datasetStatus: LoadStatus;
  datasetError: string | null;
  /** Progress of the running open (phase 'index', then 'episodes'). */
  progress: Pick<JobProgress, 'done' | 'total' | 'phase'> | null;
  /** The user asked to stop the running open; its failure is then not an error. */
  cancelling: boolean;
  /** Job id of the running open, to cancel exactly it. */
  openJobId: string | null;
  query: string;
  loadRecent(): Promise<void>;
  /** Opens a folder and selects `at`'s task and step (the first task when absent or not listed). */
  openPath(path: string, at?: { task: string | null; step: number | null }): Promise<void>;
  pickFolder(): Promise<void>;
  /** Stops a dataset being opened (the scan of a big folder). */
  cancelOpen(): Promise<void>;
  closeDataset(): void;
  setQuery(query: string): void;
}

/** The selected task, its steps, and the selected step's components. */
export interface EpisodeSlice {
  taskPath: string | null;
  episode: EpisodeInfo | null;
  screens: ScreenRef[];
  episodeStatus: LoadStatus;
  episodeError: string | null;
  step: number;
  hierarchy: StepHierarchy | null;
  hierarchyStatus: LoadStatus;
  hierarchyError: string | null;
  hovered: number | null;
  selected: number | null;
  /** Loads a task's episode and shows `step` (0 by default). */
  selectTask(path: string | null, step?: number): Promise<void>;
  selectStep(step: number): Promise<void>;
  hover(id: number | null): void;
  select(id: number | null): void;
  resetEpisode(): void;
}

/** Which overlays the canvas draws (toggled by the stage bar and the a/e/b keys). */
export interface OverlaySlice {
  overlays: { action: boolean; ess: boolean; boxes: boolean };
  toggleOverlay(name: keyof OverlaySlice['overlays']): void;
  /** Which boxes the annotation canvas numbers (all, clickable, with text, annotated, none). */
  boxFilter: BoxFilter;
  setBoxFilter(filter: BoxFilter): void;
  resetOverlays(): void;
}

/** The "Check dataset" job: its progress, its report, and the panel showing it. */
export interface CheckSlice {
  checkStatus: LoadStatus | 'cancelled';
  checkProgress: { done: number; total: number } | null;
  checkReport: CheckReport | null;
  checkError: string | null;
  checkOpen: boolean;
  /** Job id of the running check, to cancel exactly it. */
  checkJobId: string | null;
  runCheck(): Promise<void>;
  cancelCheck(): Promise<void>;
  setCheckOpen(open: boolean): void;
  /** Selects the task and step a problem of the report is about. */
  goToProblem(file: string, step: number | undefined): Promise<void>;
  resetCheck(): void;
}

/** One undoable change of a step's items. */
export interface AnnotationEdit {
  path: string;
  step: number;
  before: string[];
  after: string[];
}

/** The annotation being edited: the current step's items, autosaved after every edit, with undo/redo. */
export interface AnnotateSlice {
  /** The current step's items (canonical spellings) and the versions of its files when read. */
  draft: { path: string; step: number; items: string[]; base: AnnotationBase; stored: string | null } | null;
  draftStatus: LoadStatus;
  draftError: string | null;
  saveState: 'idle' | 'saving' | 'saved' | 'error' | 'conflict';
  saveError: string | null;
  /** The files changed on disk since they were read: both versions, until the annotator picks one. */
  conflict: { path: string; step: number; disk: string | null; mine: string; base: AnnotationBase } | null;
  history: AnnotationEdit[];
  future: AnnotationEdit[];
  /** The live checks of the task's saved annotation (re-run after every save), for the task `livePath`. */
  live: LiveCheck | null;
  livePath: string | null;
  liveStatus: LoadStatus;
  /** Runs the live checks of the current task's saved annotation. */
  runLiveCheck(): Promise<void>;
  /** Reads the current step's annotation (when the step changes in the annotation view). */
  loadDraft(): Promise<void>;
  addItem(raw: string): Promise<void>;
  /** Adds the item, or removes it when present (activity, screen fuzzy). */
  toggleItem(raw: string): Promise<void>;
  removeItem(index: number): Promise<void>;
  /** Writes item `index` another way (a tolerant form from the live check); one undoable edit. */
  replaceItem(index: number, raw: string): Promise<void>;
  moveItem(index: number, delta: number): Promise<void>;
  undo(): Promise<void>;
  redo(): Promise<void>;
  /** 'mine' saves over the disk version; 'disk' takes it (and forgets the undo history). */
  resolveConflict(keep: 'mine' | 'disk'): Promise<void>;
  resetAnnotate(): void;
}

/** Suggested items of the current task (from its recording), and which the annotator accepted or rejected. */
export interface SuggestSlice {
  suggestions: Suggestion[] | null;
  suggestPath: string | null;
  /** `step:item` -> the annotator's decision. */
  decided: Record<string, 'accepted' | 'rejected'>;
  loadSuggestions(): Promise<void>;
  /** Suggestions not yet decided nor already in the step's items, in order. */
  pendingSuggestions(): Suggestion[];
  /** Accepting goes to the suggestion's step and adds the item (autosaved, undoable). */
  decideSuggestion(s: Suggestion, accept: boolean): Promise<void>;
  resetSuggest(): void;
}

/** Review mode: each task's review (from Touchstone's review file beside the dataset). */
export interface ReviewSlice {
  reviews: Record<string, TaskReview> | null;
  reviewError: string | null;
  loadReviews(): Promise<void>;
  /** Marks the current task reviewed, returns it (a comment is required), or clears its review (null). */
  setReview(status: TaskReview['status'] | null, comment?: string): Promise<void>;
  resetReview(): void;
}

export type Store = AppSlice & ViewSlice & DatasetSlice & EpisodeSlice & OverlaySlice & CheckSlice & AnnotateSlice & SuggestSlice & ReviewSlice;
/** A slice creator over the whole store (zustand's slices pattern). */
export type Slice<T> = StateCreator<Store, [], [], T>;

/** The data fields of a slice (what its reset restores), without its actions. */
export type SliceState<T> = { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: T[K] };

/** The message of anything thrown, for display. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
