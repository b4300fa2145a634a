/**
 * The one typed contract between the UI and the core, combined from one file
 * per domain under `shared/contract/` (app, dataset, episode, job; annotation,
 * evaluation, device and run add theirs).
 *
 * `ContractCalls` maps every `domain:verb` call to `(args) => Promise<result>`;
 * `ContractEvents` maps every pushed event to its payload. The Electron preload,
 * the IPC handlers, the loopback web server and the renderer client are all
 * typed from these two maps. A domain declares its calls once, in its own file,
 * with their argument schemas; adding a domain is one line in each `extends` list
 * and the CALL_ARGS spread, and its names in contract-names.ts (the compiler fails
 * when one is missing).
 *
 * Paths in arguments are either ones the core handed out (dataset roots, episode
 * folders relative to a root) or a folder the user typed/picked to open; the core
 * refuses anything outside the roots the user opened.
 */
import { ANNOTATION_ARGS, type AnnotationCalls, type AnnotationEvents } from './contract/annotation';
import { APP_ARGS, type AppCalls, type AppEvents } from './contract/app';
import { DATASET_ARGS, type DatasetCalls, type DatasetEvents } from './contract/dataset';
import { EPISODE_ARGS, type EpisodeCalls, type EpisodeEvents } from './contract/episode';
import { EVALUATION_ARGS, type EvaluationCalls, type EvaluationEvents } from './contract/evaluation';
import { JOB_ARGS, type JobCalls, type JobEvents } from './contract/job';
import { DEVICE_ARGS, type DeviceCalls, type DeviceEvents } from './contract/device';
import type { ZodType } from 'zod';
import { RUN_ARGS, type RunCalls, type RunEvents } from './contract/run';
import { AUDIT_ARGS, type AuditCalls, type AuditEvents } from './contract/audit';

export type * from './contract-types';
export type { Call, NoArgs } from './contract/common';
export { pathFieldsOf, type PathFieldRef, type PathKind } from './contract/arg-schema';
export type { JobArgs } from './contract/dataset';
export type { JobInfo, JobKind, JobProgress } from './contract/job';
export type { AnnotationBase, AnnotationSaved, LiveCheck, LiveWarning, StepAnnotation, Suggestion, TaskReview, TraceVerdict, ToleranceCheck, ToleranceChoiceVerdicts } from './contract/annotation';

/** Every call the UI can make, keyed `domain:verb`. */
export interface ContractCalls extends AppCalls, DatasetCalls, EpisodeCalls, JobCalls, AnnotationCalls, DeviceCalls, RunCalls, EvaluationCalls, AuditCalls {}

/** Every event the core pushes to the UI. */
export interface ContractEvents extends AppEvents, DatasetEvents, EpisodeEvents, JobEvents, AnnotationEvents, DeviceEvents, RunEvents, EvaluationEvents, AuditEvents {}

export type CallName = keyof ContractCalls;
export type CallArgs<K extends CallName> = Parameters<ContractCalls[K]>[0];
export type CallResult<K extends CallName> = Awaited<ReturnType<ContractCalls[K]>>;
export type EventName = keyof ContractEvents;
export type EventPayload<E extends EventName> = ContractEvents[E];

/**
 * The argument schema (zod) of every call: dispatch checks each call against it before a handler
 * runs, and path fields are tagged (`pathFieldsOf`). Typed over every name, and each schema's type
 * is the call's argument type, so a call without a schema, or a schema that drifts from its call,
 * fails to compile.
 */
export const CALL_ARGS: { readonly [K in CallName]-?: ZodType<CallArgs<K>> } = {
  ...APP_ARGS, ...DATASET_ARGS, ...EPISODE_ARGS, ...JOB_ARGS, ...ANNOTATION_ARGS, ...DEVICE_ARGS, ...RUN_ARGS, ...EVALUATION_ARGS, ...AUDIT_ARGS,
};

export { CALL_NAMES, EVENT_NAMES, isCallName, isEventName } from './contract-names';

/**
 * What a transport carries back for one call: the value, or an error message
 * (plain data, so it crosses IPC/HTTP unchanged and keeps the core's wording).
 */
export type CallReply<T> = { ok: true; value: T } | { ok: false; error: { message: string; code: ErrorCode } };

/**
 * Coarse error classes, so the UI and the HTTP layer can react without parsing
 * messages. 'conflict': a file changed on disk since it was loaded (autosave).
 * 'invalid-argument': the arguments do not match the call's schema (the message names the field).
 */
export type ErrorCode = 'refused' | 'not-found' | 'bad-request' | 'invalid-argument' | 'unavailable' | 'cancelled' | 'conflict' | 'internal';

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
