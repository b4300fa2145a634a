import type { CallArgs, CallName, CallResult, ErrorCode, EventName, EventPayload } from '../../shared/contract';

/** What carries calls and events: the Electron preload bridge or HTTP+WebSocket. */
export interface Transport {
  readonly kind: 'desktop' | 'web';
  call(name: CallName, args: unknown): Promise<unknown>;
  on(event: EventName, listener: (payload: unknown) => void): () => void;
}

/** The one typed client the renderer uses; every call and event is typed from shared/contract.ts. */
export interface TouchstoneClient {
  readonly kind: 'desktop' | 'web';
  call<K extends CallName>(name: K, args: CallArgs<K>): Promise<CallResult<K>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/** A failed call, with the core's message and error class. */
export class CallError extends Error {
  constructor(
    readonly call: CallName,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CallError';
  }
}

/** Wraps a transport in the typed client. */
export function createClient(transport: Transport): TouchstoneClient {
  return {
    kind: transport.kind,
    call: async <K extends CallName>(name: K, args: CallArgs<K>) => (await transport.call(name, args)) as CallResult<K>,
    on: <E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void) =>
      transport.on(event, (p) => listener(p as EventPayload<E>)),
  };
}
