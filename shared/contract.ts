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
import type { AppInfo, CheckReport, DatasetOverview, EpisodeInfo, RecentDataset, ScreenRef, StepHierarchy } from './contract-types';

export type * from './contract-types';

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
  /**
   * Stops every `dataset:open` still scanning; each fails with code 'cancelled'.
   * Returns how many were stopped (0 when none was running).
   */
  'dataset:cancelOpen': Call<NoArgs, { cancelled: number }>;
  /** Desktop only: shows a folder dialog and opens the choice; null if cancelled. */
  'dataset:pickFolder': Call<NoArgs, DatasetOverview | null>;
  /** The recently opened dataset folders, most recent first. */
  'dataset:recent': Call<NoArgs, RecentDataset[]>;
  /**
   * Validates every file of an opened dataset (index, folders, screenshots,
   * hierarchies, annotations; electron/core/datasets checkDataset) and returns
   * every located problem. Emits `dataset:checkProgress`. Fails with code
   * 'cancelled' when `dataset:cancelCheck` stops it.
   */
  'dataset:check': Call<{ datasetId: string }, CheckReport>;
  /** Stops every running `dataset:check`; returns how many were stopped. */
  'dataset:cancelCheck': Call<NoArgs, { cancelled: number }>;
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
  /** Progress of `dataset:check` (episodes checked of total). */
  'dataset:checkProgress': { datasetId: string; done: number; total: number };
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
  'dataset:cancelOpen': true,
  'dataset:pickFolder': true,
  'dataset:recent': true,
  'dataset:summary': true,
  'dataset:check': true,
  'dataset:cancelCheck': true,
  'episode:load': true,
  'episode:screens': true,
  'episode:hierarchy': true,
};
const eventNameSet: { [E in EventName]: true } = { 'dataset:progress': true, 'dataset:checkProgress': true };

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
export type ErrorCode = 'refused' | 'not-found' | 'bad-request' | 'unavailable' | 'cancelled' | 'internal';

/** The bridge the Electron preload exposes as `window.touchstone`. */
export interface TouchstoneBridge {
  calls: ContractCalls;
  /** Subscribes to a pushed event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}
