/**
 * The data shapes the contract calls carry (see shared/contract.ts): plain,
 * serialisable objects, so they cross IPC and HTTP unchanged.
 */
import type { EpisodeStepFiles, GtAction, NumberedComponent, Problem, Size } from './model';
import type { EssItemView } from './geometry/ess-targets';
import type { PersistRule } from './evaluation/persistence';

export type { EssItemView, EssPrimitive } from './geometry/ess-targets';
export type { CheckReport } from './model';

/** What the running app is and which transport the UI is on. */
export interface AppInfo {
  name: string;
  version: string;
  /** 'desktop' = Electron window; 'web' = `touchstone serve` in a browser. */
  mode: 'desktop' | 'web';
  /** Whether `dataset:pickFolder` can show a native folder dialog. */
  canPickFolder: boolean;
  /** Folders the server was started with (`--root`), opened on demand; empty in desktop mode. */
  startRoots: string[];
  /** The persistence rule evaluations opened from the UI take when the form leaves it to the server (`serve --persist`; absent: DEFAULT_PERSIST). */
  evalPersist?: PersistRule;
}

/** A dataset folder the user opened before (most recent first). */
export interface RecentDataset {
  path: string;
  name: string;
  /** ISO-8601 time it was last opened. */
  openedAt: string;
}

/**
 * How far an episode is annotated: 'annotated' = at least one step has an
 * `.ess`; 'none' = no `.ess`; 'error' = the episode could not be read.
 */
export type AnnotationStatus = 'annotated' | 'none' | 'error';

/** One task (episode) as shown in the task list. */
export interface TaskEntry {
  /** Episode id as a string (ids can be 20 digits). */
  episode: string;
  category: string;
  /** Episode folder relative to the dataset root, e.g. `general/trace_11`. */
  path: string;
  description: string;
  /** Steps according to the index (`nsteps`). */
  nsteps: number;
  /** Steps found on disk (screenshots), when the folder was scanned. */
  stepsOnDisk?: number;
  app: string;
  status: AnnotationStatus;
  /** Steps with an `.ess` file. */
  annotatedSteps: number;
  /** Number of error-severity problems found in this episode. */
  errors: number;
  /**
   * Problems found while opening (missing folder or screenshots, unparseable
   * `.ess`), each with file, line/step, message and hint; the UI lists them.
   */
  problems: Problem[];
}

/** An opened dataset: its tasks and every problem found while opening it. */
export interface DatasetOverview {
  /** Opaque id used by the other calls; stable for the same folder. */
  id: string;
  /** Real absolute path of the dataset root. */
  root: string;
  name: string;
  /** Columns of the index TSV, or null when the folder has no index. */
  columns: 6 | 7 | null;
  tasks: TaskEntry[];
  problems: Problem[];
}

/** One step of a loaded episode (the screenshot comes from `episode:screens`). */
export interface StepInfo {
  index: number;
  files: EpisodeStepFiles;
  activity?: string;
  /** Raw `.ess` line when the step is annotated (also when it does not parse: an annotation is never hidden). */
  ess?: string;
  /** Why the `.ess` could not be parsed (located message), when it could not. */
  essError?: string;
  /** The ground-truth action taken on this screen (`eventStructs.txt`). */
  action?: GtAction;
}

/** A ground-truth episode as the UI needs it. */
export interface EpisodeInfo {
  datasetId: string;
  /** Folder relative to the dataset root. */
  path: string;
  id: string;
  instruction?: string;
  steps: StepInfo[];
  problems: Problem[];
}

/** Where to fetch one step's screenshot: a `touchstone-file://` URL (desktop) or a tokenised HTTP URL (web). */
export interface ScreenRef {
  step: number;
  /** null when the step has no screenshot. */
  url: string | null;
}

/** The numbered components of one step and where the numbers came from. */
export interface StepHierarchy {
  step: number;
  /** 'i.json' = numbers as annotated; 'xml'/'vh' = derived from that hierarchy; 'none' = nothing readable. */
  source: 'i.json' | 'xml' | 'vh' | 'none';
  components: NumberedComponent[];
  /**
   * Device screen size the component bounds are in (the screenshot's pixel size,
   * or larger when the hierarchy shows the screenshot was saved downscaled); the
   * canvas stretches the screenshot to it. Absent when neither is readable.
   */
  screen?: Size;
  /**
   * The step's `.ess` items resolved against `components` (xpaths resolved on
   * the step's own hierarchy in the core); absent when the step is not
   * annotated or its `.ess` does not parse.
   */
  ess?: EssItemView[];
  problems: Problem[];
}
