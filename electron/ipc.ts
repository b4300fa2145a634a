/**
 * Registers the contract calls as IPC handlers over the core service, and
 * forwards the core's events to the window. Every call's sender frame must be
 * the app's own page; anything else is refused.
 */
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import type { CallReply } from '../shared/contract';
import { CALL_NAMES } from '../shared/contract-names';
import { dispatchCall } from './kernel/dispatch';
import { toReply } from './kernel/errors';
import type { AppService } from './kernel/types';

/** Registers one handler per call; returns the function that removes them. */
export function registerIpc(service: AppService, isTrustedUrl: (url: string) => boolean): () => void {
  for (const name of CALL_NAMES) {
    ipcMain.handle(name, async (event: IpcMainInvokeEvent, args: unknown): Promise<CallReply<unknown>> => {
      const url = event.senderFrame?.url ?? '';
      if (!isTrustedUrl(url)) {
        return { ok: false, error: { code: 'refused', message: `Refused ${name}: the request came from ${url || 'an unknown frame'}, not the Touchstone window.` } };
      }
      return toReply(() => dispatchCall(service.calls, name, args ?? {}));
    });
  }
  return () => {
    for (const name of CALL_NAMES) ipcMain.removeHandler(name);
  };
}

/** Sends every core event to `target` on a channel named after the event. */
export function forwardEvents(service: AppService, target: WebContents): () => void {
  return service.subscribe((event, payload) => {
    if (!target.isDestroyed()) target.send(event, payload);
  });
}
