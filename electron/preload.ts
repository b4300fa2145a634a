/**
 * Runs sandboxed in the window before the page: exposes exactly the contract
 * calls (one method each) and event subscription as `window.touchstone`.
 * Nothing else of Electron or Node reaches the page.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import {
  isEventName,
  type CallArgs,
  type CallName,
  type CallReply,
  type CallResult,
  type ContractCalls,
  type EventName,
  type EventPayload,
  type TouchstoneBridge,
} from '../shared/contract';

async function invoke<K extends CallName>(name: K, args: CallArgs<K>): Promise<CallResult<K>> {
  const reply = (await ipcRenderer.invoke(name, args)) as CallReply<CallResult<K>>;
  // Only the message crosses the context bridge intact, so the reply envelope is unwrapped here.
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.value;
}

const calls = {
  'app:info': (a) => invoke('app:info', a),
  'dataset:open': (a) => invoke('dataset:open', a),
  'dataset:cancelOpen': (a) => invoke('dataset:cancelOpen', a),
  'dataset:pickFolder': (a) => invoke('dataset:pickFolder', a),
  'dataset:recent': (a) => invoke('dataset:recent', a),
  'dataset:summary': (a) => invoke('dataset:summary', a),
  'dataset:check': (a) => invoke('dataset:check', a),
  'dataset:cancelCheck': (a) => invoke('dataset:cancelCheck', a),
  'episode:load': (a) => invoke('episode:load', a),
  'episode:screens': (a) => invoke('episode:screens', a),
  'episode:hierarchy': (a) => invoke('episode:hierarchy', a),
} satisfies ContractCalls;

const bridge = {
  calls,
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void {
    if (!isEventName(event)) throw new Error(`Unknown event '${String(event)}'.`);
    const handler = (_e: IpcRendererEvent, payload: EventPayload<E>) => listener(payload);
    ipcRenderer.on(event, handler);
    return () => {
      ipcRenderer.removeListener(event, handler);
    };
  },
} satisfies TouchstoneBridge;

contextBridge.exposeInMainWorld('touchstone', bridge);
