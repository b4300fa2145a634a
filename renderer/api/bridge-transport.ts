import type { CallName, EventName, TouchstoneBridge } from '../../shared/contract';
import type { Transport } from './client';

/** Calls through the preload bridge (`window.touchstone`) in the Electron window. */
export function bridgeTransport(bridge: TouchstoneBridge): Transport {
  return {
    kind: 'desktop',
    call: (name: CallName, args: unknown) => (bridge.calls[name] as (a: unknown) => Promise<unknown>)(args),
    on: (event: EventName, listener: (payload: unknown) => void) => bridge.on(event, listener),
  };
}
