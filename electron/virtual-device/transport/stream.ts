import { A_CLSE, A_WRTE } from './packet';

/** Sends one packet on the connection (header and payload written together, the payload not copied). */
export type SendPacket = (command: number, arg0: number, arg1: number, data?: Buffer) => void;

/** What a service sees of one ADB stream. */
export interface ServiceStream {
  /** Queues bytes; they go out in maxdata-sized WRTEs, one at a time per host OKAY. */
  write(data: Buffer | string): void;
  /** Flushes what is queued, then closes the stream (CLSE). */
  end(): void;
  onData(cb: (chunk: Buffer) => void): void;
  onClose(cb: () => void): void;
  readonly closed: boolean;
  /** Resolves when every queued byte has been acknowledged by the host. */
  drained(): Promise<void>;
}

/**
 * One stream of a connection, with the back-pressure rule of the protocol: at most
 * one WRTE in flight until the host answers OKAY.
 */
export class AdbStream implements ServiceStream {
  private queue: Buffer[] = [];
  private inFlight = false;
  private ending = false;
  private dataCbs: ((chunk: Buffer) => void)[] = [];
  private closeCbs: (() => void)[] = [];
  private drainWaiters: (() => void)[] = [];
  private pendingData: Buffer[] = [];
  closed = false;

  constructor(
    readonly localId: number,
    readonly remoteId: number,
    private readonly maxData: () => number,
    private readonly send: SendPacket,
    private readonly forget: (localId: number) => void,
  ) {}

  write(data: Buffer | string): void {
    if (this.closed || this.ending) return;
    const buf = typeof data === 'string' ? Buffer.from(data) : data;
    const max = this.maxData();
    for (let off = 0; off < buf.length; off += max) this.queue.push(buf.subarray(off, off + max));
    this.pump();
  }

  end(): void {
    if (this.closed || this.ending) return;
    this.ending = true;
    this.pump();
  }

  onData(cb: (chunk: Buffer) => void): void {
    this.dataCbs.push(cb);
    // Data that arrived before the service subscribed is replayed in order.
    const pending = this.pendingData;
    this.pendingData = [];
    for (const chunk of pending) cb(chunk);
  }

  onClose(cb: () => void): void {
    if (this.closed) cb();
    else this.closeCbs.push(cb);
  }

  drained(): Promise<void> {
    if (this.closed || (!this.inFlight && this.queue.length === 0)) return Promise.resolve();
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }

  /** Host acknowledged our last WRTE. */
  handleOkay(): void {
    this.inFlight = false;
    this.pump();
  }

  /** Host sent data (already acknowledged by the connection). */
  handleWrite(data: Buffer): void {
    if (this.dataCbs.length === 0) this.pendingData.push(data);
    else for (const cb of this.dataCbs) cb(data);
  }

  /** Host closed the stream, or the connection went away. Never answered. */
  handleClose(): void {
    if (this.closed) return;
    this.closed = true;
    this.queue = [];
    this.forget(this.localId);
    this.resolveDrain();
    for (const cb of this.closeCbs.splice(0)) cb();
  }

  private pump(): void {
    if (this.closed || this.inFlight) return;
    const next = this.queue.shift();
    if (next) {
      this.inFlight = true;
      this.send(A_WRTE, this.localId, this.remoteId, next);
      return;
    }
    this.resolveDrain();
    if (this.ending) {
      this.send(A_CLSE, this.localId, this.remoteId);
      this.handleClose();
    }
  }

  private resolveDrain(): void {
    for (const w of this.drainWaiters.splice(0)) w();
  }
}
