import type { CallName, CallReply, EventName, TouchstoneBridge } from '../../shared/contract';
import { CallError, type Transport } from './client';

/**
 * Calls through the preload bridge (`window.touchstone`) in the Electron window.
 * The bridge resolves to the reply envelope, so the core's error code reaches
 * the UI as a typed CallError, as over HTTP.
 */
export function bridgeTransport(bridge: TouchstoneBridge): Transport {
  return {
    kind: 'desktop',
    async call(name: CallName, args: unknown): Promise<unknown> {
      const reply = await (bridge.calls[name] as (a: unknown) => Promise<CallReply<unknown>>)(args);
      if (!reply.ok) throw new CallError(name, reply.error.code, reply.error.message);
      return reply.value;
    },
    on: (event: EventName, listener: (payload: unknown) => void) => bridge.on(event, listener),
  };
}
