import type { CallName, CallReply, EventName } from '../../shared/contract';
import { CallError, type Transport } from './client';

/** The subset of the WebSocket constructor the transport needs (browser's, or `ws` in Node tests). */
export type WebSocketCtor = new (url: string) => {
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  close(): void;
};

export interface HttpTransportOptions {
  /** e.g. `http://127.0.0.1:4321` (the page's own origin in the browser). */
  baseUrl: string;
  token: string;
  fetch?: typeof fetch;
  WebSocket?: WebSocketCtor;
}

/** Calls over `POST /api/<name>` with the bearer token; events over one lazily opened WebSocket. */
export function httpTransport(options: HttpTransportOptions): Transport & { close(): void } {
  const doFetch = options.fetch ?? fetch.bind(globalThis);
  const WS = options.WebSocket ?? (globalThis.WebSocket as unknown as WebSocketCtor | undefined);
  const listeners = new Map<EventName, Set<(p: unknown) => void>>();
  let socket: InstanceType<WebSocketCtor> | null = null;
  let closed = false;

  function ensureSocket(): void {
    if (socket || closed || !WS) return;
    const wsUrl = `${options.baseUrl.replace(/^http/, 'ws')}/events?token=${encodeURIComponent(options.token)}`;
    const ws = new WS(wsUrl);
    ws.onmessage = (ev) => {
      let msg: { event?: EventName; payload?: unknown };
      try {
        msg = JSON.parse(String(ev.data)) as typeof msg;
      } catch {
        return; // not ours
      }
      if (msg.event) for (const l of listeners.get(msg.event) ?? []) l(msg.payload);
    };
    ws.onclose = () => {
      socket = null;
    };
    socket = ws;
  }

  return {
    kind: 'web',
    async call(name: CallName, args: unknown): Promise<unknown> {
      let res: Response;
      try {
        res = await doFetch(`${options.baseUrl}/api/${encodeURIComponent(name)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${options.token}` },
          body: JSON.stringify(args ?? {}),
        });
      } catch (err) {
        throw new CallError(name, 'unavailable', `Cannot reach the Touchstone server for ${name}: ${err instanceof Error ? err.message : String(err)}. Is \`touchstone serve\` still running?`);
      }
      let reply: CallReply<unknown>;
      try {
        reply = (await res.json()) as CallReply<unknown>;
      } catch {
        throw new CallError(name, 'internal', `The server answered ${name} with HTTP ${res.status} and no readable reply.`);
      }
      if (!reply.ok) throw new CallError(name, reply.error.code, reply.error.message);
      return reply.value;
    },
    on(event: EventName, listener: (payload: unknown) => void): () => void {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
      ensureSocket();
      return () => set.delete(listener);
    },
    close(): void {
      closed = true;
      socket?.close();
      socket = null;
    },
  };
}
