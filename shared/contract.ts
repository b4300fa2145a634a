/**
 * The one typed contract between the UI and the core.
 *
 * `ContractCalls` maps every `domain:verb` call to `(args) => Promise<result>`;
 * `ContractEvents` maps every pushed event to its payload. The Electron preload,
 * the IPC handlers, the loopback web server and the renderer client are all typed
 * from these two maps, so a new call is declared here once (and listed in
 * `CALL_NAMES` below, which the compiler keeps complete).
 *
 * Paths in arguments are either ones the core handed out (dataset roots, episode
 * folders relative to a root) or a folder the user typed/picked to open; the core
 * refuses anything outside the roots the user opened.
 */
import type { EpisodeStepFiles, GtAction, NumberedComponent, Problem, Size } from './model';

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
  /** Raw `.ess` line when the step is annotated. */
  ess?: string;
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
  /** Device screen size from the hierarchy's root bounds, when known. */
  screen?: Size;
  problems: Problem[];
}

type Call<A, R> = (args: A) => Promise<R>;
/** Calls without arguments take an empty object so every call has the same shape. */
export type NoArgs = Record<string, never>;

/** Every call the UI can make, keyed `domain:verb`. */
export interface ContractCalls {
  /** Name, version and mode of the running app. */
  'app:info': Call<NoArgs, AppInfo>;
  /**
   * Opens a dataset folder (a LlamaTouch root with `llamatouch_task_metadata.tsv`,
   * or a folder of episodes), registers it as an allowed root and adds it to the
   * recent list. Emits `dataset:progress` while scanning. Errors if the folder
   * does not exist or the server was started with `--root` and it lies outside.
   */
  'dataset:open': Call<{ path: string }, DatasetOverview>;
  /** Desktop only: shows a folder dialog and opens the choice; null if cancelled. */
  'dataset:pickFolder': Call<NoArgs, DatasetOverview | null>;
  /** The recently opened dataset folders, most recent first. */
  'dataset:recent': Call<NoArgs, RecentDataset[]>;
  /** The overview of an already opened dataset (no rescan). */
  'dataset:summary': Call<{ datasetId: string }, DatasetOverview>;
  /** Loads one episode folder (relative to the dataset root). */
  'episode:load': Call<{ datasetId: string; path: string }, EpisodeInfo>;
  /** URLs of every step's screenshot; screenshots are never sent inline. */
  'episode:screens': Call<{ datasetId: string; path: string }, ScreenRef[]>;
  /** Numbered components of one step: from `i.json` when present, derived from `i.xml`/`i.vh` otherwise. */
  'episode:hierarchy': Call<{ datasetId: string; path: string; step: number }, StepHierarchy>;
}

/** Every event the core pushes to the UI. */
export interface ContractEvents {
  /** Progress of `dataset:open` (episodes scanned of total). */
  'dataset:progress': { path: string; done: number; total: number; phase: 'index' | 'episodes' | 'done' };
}

export type CallName = keyof ContractCalls;
export type CallArgs<K extends CallName> = Parameters<ContractCalls[K]>[0];
export type CallResult<K extends CallName> = Awaited<ReturnType<ContractCalls[K]>>;
export type EventName = keyof ContractEvents;
export type EventPayload<E extends EventName> = ContractEvents[E];

// A Record over CallName fails to compile when a call is added above but not here.
const callNameSet: { [K in CallName]: true } = {
  'app:info': true,
  'dataset:open': true,
  'dataset:pickFolder': true,
  'dataset:recent': true,
  'dataset:summary': true,
  'episode:load': true,
  'episode:screens': true,
  'episode:hierarchy': true,
};
const eventNameSet: { [E in EventName]: true } = { 'dataset:progress': true };

/** Runtime list of every call name (transports register/accept exactly these). */
export const CALL_NAMES = Object.freeze(Object.keys(callNameSet) as CallName[]);
/** Runtime list of every event name. */
export const EVENT_NAMES = Object.freeze(Object.keys(eventNameSet) as EventName[]);

/** Whether `name` is a call of the contract (for transports receiving untyped names). */
export function isCallName(name: string): name is CallName {
  return Object.hasOwn(callNameSet, name);
}

/** Whether `name` is an event of the contract. */
export function isEventName(name: string): name is EventName {
  return Object.hasOwn(eventNameSet, name);
}

/**
 * What a transport carries back for one call: the value, or an error message
 * (plain data, so it crosses IPC/HTTP unchanged and keeps the core's wording).
 */
export type CallReply<T> = { ok: true; value: T } | { ok: false; error: { message: string; code: ErrorCode } };

/** Coarse error classes, so the UI and the HTTP layer can react without parsing messages. */
export type ErrorCode = 'refused' | 'not-found' | 'bad-request' | 'unavailable' | 'internal';

/** The bridge the Electron preload exposes as `window.touchstone`. */
export interface TouchstoneBridge {
  calls: ContractCalls;
  /** Subscribes to a pushed event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}
