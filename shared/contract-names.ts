/**
 * The contract's call and event names at run time, apart from the schemas: the sandboxed preload
 * reads only these, and a name list must not pull zod into it. Typed over every name of the contract
 * (shared/contract.ts), so a call missing here, or one here that the contract lacks, fails to compile.
 */
import type { CallName, EventName } from './contract';

const callNameSet: { readonly [K in CallName]-?: true } = {
  'app:info': true,
  'dataset:open': true, 'dataset:pickFolder': true, 'dataset:recent': true, 'dataset:check': true, 'dataset:summary': true,
  'episode:load': true, 'episode:screens': true, 'episode:hierarchy': true,
  'job:list': true, 'job:cancel': true,
  'annotation:load': true, 'annotation:save': true, 'annotation:check': true, 'annotation:suggest': true, 'annotation:ocr': true, 'annotation:apps': true, 'annotation:reviews': true, 'annotation:review': true,
  'annotation:bulkPreview': true, 'annotation:copyPreview': true, 'annotation:bulkApply': true, 'annotation:bulkUndo': true,
  'annotation:checkTolerance': true,
  'device:list': true, 'device:connect': true, 'device:screen': true, 'device:hierarchy': true, 'device:input': true, 'device:startVirtual': true, 'device:stopVirtual': true, 'device:sdk': true, 'device:startEmulator': true, 'device:stopEmulator': true, 'device:snapshots': true, 'device:snapshotSave': true, 'device:snapshotLoad': true,
  'run:agents': true, 'run:start': true, 'run:secrets': true, 'run:secretSet': true, 'run:secretDelete': true, 'run:demoDataset': true, 'run:configFiles': true, 'run:configs': true, 'run:configReport': true, 'run:live': true, 'run:cancelEpisode': true, 'run:recordStart': true, 'run:recordAct': true, 'run:recordSave': true, 'run:recordUndo': true, 'run:recordDiscard': true,
  'run:recent': true,
  'eval:inspect': true, 'eval:open': true, 'eval:preset': true, 'eval:episode': true, 'eval:label': true, 'eval:export': true, 'eval:methods': true, 'eval:judgeEndpoint': true, 'eval:judgeEndpointSet': true,
  'eval:compare': true, 'eval:recent': true,
  'checkpoints:load': true, 'checkpoints:save': true,
  'dataset:audit': true,
};
const eventNameSet: { readonly [E in EventName]-?: true } = {
  'job:progress': true, 'job:done': true,
  'device:changed': true,
  'run:step': true, 'run:episode': true, 'run:canary': true,
  'eval:judgeEndpoint': true,
};

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
