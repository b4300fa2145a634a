import type { StateCreator } from 'zustand';
import type { AppInfo, CheckReport, DatasetOverview, EpisodeInfo, JobProgress, RecentDataset, ScreenRef, StepHierarchy } from '../../shared/contract';
import type { TouchstoneClient } from '../api/client';
import type { Route, ViewName } from '../route/route';

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

export type Store = AppSlice & ViewSlice & DatasetSlice & EpisodeSlice & OverlaySlice & CheckSlice;
/** A slice creator over the whole store (zustand's slices pattern). */
export type Slice<T> = StateCreator<Store, [], [], T>;

/** The data fields of a slice (what its reset restores), without its actions. */
export type SliceState<T> = { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: T[K] };

/** The message of anything thrown, for display. */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
