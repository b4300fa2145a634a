/**
 * Runs sandboxed in the window before the page: exposes exactly the contract
 * calls (one method each, built from the runtime call list) and event
 * subscription as `window.touchstone`. Nothing else of Electron or Node
 * reaches the page.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { CallReply, EventName, EventPayload, TouchstoneBridge } from '../shared/contract';
import { CALL_NAMES, isEventName } from '../shared/contract-names';

// Each method resolves to the reply envelope: a thrown Error would cross the
// context bridge with its message only, losing the error code.
const calls = Object.fromEntries(
  CALL_NAMES.map((name) => [name, (args: unknown) => ipcRenderer.invoke(name, args) as Promise<CallReply<unknown>>]),
) as unknown as TouchstoneBridge['calls'];

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
