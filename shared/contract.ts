/**
 * The one typed contract between the UI and the core, combined from one file
 * per domain under `shared/contract/` (app, dataset, episode, job; annotation,
 * evaluation, device and run add theirs).
 *
 * `ContractCalls` maps every `domain:verb` call to `(args) => Promise<result>`;
 * `ContractEvents` maps every pushed event to its payload. The Electron preload,
 * the IPC handlers, the loopback web server and the renderer client are all
 * typed from these two maps. A domain declares its calls once, in its own file,
 * with the runtime name set beside them; adding a domain is one line in each
 * `extends` list and one spread below (the compiler fails when one is missing).
 *
 * Paths in arguments are either ones the core handed out (dataset roots, episode
 * folders relative to a root) or a folder the user typed/picked to open; the core
 * refuses anything outside the roots the user opened.
 */
import { ANNOTATION_CALLS, ANNOTATION_EVENTS, type AnnotationCalls, type AnnotationEvents } from './contract/annotation';
import { APP_CALLS, APP_EVENTS, type AppCalls, type AppEvents } from './contract/app';
import { DATASET_CALLS, DATASET_EVENTS, type DatasetCalls, type DatasetEvents } from './contract/dataset';
import { EPISODE_CALLS, EPISODE_EVENTS, type EpisodeCalls, type EpisodeEvents } from './contract/episode';
import { EVALUATION_CALLS, EVALUATION_EVENTS, type EvaluationCalls, type EvaluationEvents } from './contract/evaluation';
import { JOB_CALLS, JOB_EVENTS, type JobCalls, type JobEvents } from './contract/job';
import { DEVICE_CALLS, DEVICE_EVENTS, type DeviceCalls, type DeviceEvents } from './contract/device';
import { RUN_CALLS, RUN_EVENTS, type RunCalls, type RunEvents } from './contract/run';

export type * from './contract-types';
export type { Call, NoArgs } from './contract/common';
export type { JobArgs } from './contract/dataset';
export type { JobInfo, JobKind, JobProgress } from './contract/job';
export type { AnnotationBase, AnnotationSaved, LiveCheck, LiveWarning, StepAnnotation, Suggestion, TaskReview, TraceVerdict } from './contract/annotation';

/** Every call the UI can make, keyed `domain:verb`. */
export interface ContractCalls extends AppCalls, DatasetCalls, EpisodeCalls, JobCalls, AnnotationCalls, DeviceCalls, RunCalls, EvaluationCalls {}

/** Every event the core pushes to the UI. */
export interface ContractEvents extends AppEvents, DatasetEvents, EpisodeEvents, JobEvents, AnnotationEvents, DeviceEvents, RunEvents, EvaluationEvents {}

export type CallName = keyof ContractCalls;
export type CallArgs<K extends CallName> = Parameters<ContractCalls[K]>[0];
export type CallResult<K extends CallName> = Awaited<ReturnType<ContractCalls[K]>>;
export type EventName = keyof ContractEvents;
export type EventPayload<E extends EventName> = ContractEvents[E];

// Typed over every name: leaving a domain's set out of the spread fails to compile.
const callNameSet: { readonly [K in CallName]-?: true } = { ...APP_CALLS, ...DATASET_CALLS, ...EPISODE_CALLS, ...JOB_CALLS, ...ANNOTATION_CALLS, ...DEVICE_CALLS, ...RUN_CALLS, ...EVALUATION_CALLS };
const eventNameSet: { readonly [E in EventName]-?: true } = { ...APP_EVENTS, ...DATASET_EVENTS, ...EPISODE_EVENTS, ...JOB_EVENTS, ...ANNOTATION_EVENTS, ...DEVICE_EVENTS, ...RUN_EVENTS, ...EVALUATION_EVENTS };

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

/**
 * Coarse error classes, so the UI and the HTTP layer can react without parsing
 * messages. 'conflict': a file changed on disk since it was loaded (autosave).
 */
export type ErrorCode = 'refused' | 'not-found' | 'bad-request' | 'unavailable' | 'cancelled' | 'conflict' | 'internal';

/**
 * The bridge the Electron preload exposes as `window.touchstone`. Each call
 * resolves to the reply envelope (never rejects for a core error), so the error
 * code crosses the context bridge, which keeps only the message of a thrown Error.
 */
export interface TouchstoneBridge {
  calls: { [K in CallName]: (args: CallArgs<K>) => Promise<CallReply<CallResult<K>>> };
  /** Subscribes to a pushed event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}
