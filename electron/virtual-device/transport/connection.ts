import type { Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import {
  A_AUTH, A_CLSE, A_CNXN, A_OKAY, A_OPEN, A_VERSION, A_VERSION_SKIP_CHECKSUM, A_WRTE, MAX_PAYLOAD,
  PacketReader, packetHeader, type Packet,
} from './packet';
import { AdbStream, type SendPacket, type ServiceStream } from './stream';

const EMPTY = Buffer.alloc(0);

/** Runs a service on an accepted stream. */
export type ServiceHandler = (stream: ServiceStream) => void | Promise<void>;

export interface ConnectionOptions {
  /** `device::ro.product.name=...;features=...` */
  banner: () => string;
  /** Returns the handler for a service name, or null to refuse the OPEN. */
  resolve: (service: string, conn: DeviceConnection) => ServiceHandler | null;
  /** Answer CNXN with AUTH and never accept a key: the host shows `unauthorized`. */
  unauthorized?: boolean;
  onError?: (err: Error) => void;
}

const AUTH_TOKEN = 1;
const AUTH_SIGNATURE = 2;

/** The device side of one host connection (one TCP socket). */
export class DeviceConnection {
  private readonly reader = new PacketReader();
  private readonly streams = new Map<number, AdbStream>();
  private nextLocalId = 1;
  /** Streams this device opened towards the host (`adb reverse`), waiting for the host's OKAY or CLSE. */
  private readonly pendingOpens = new Map<number, (remoteId: number | null) => void>();
  private maxData = MAX_PAYLOAD;
  private connected = false;
  /** Payload checksums, until the host's CNXN says it does without them. */
  private checksums = true;

  constructor(private readonly socket: Socket, private readonly opts: ConnectionOptions) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      for (const p of this.reader.push(chunk)) this.handle(p);
    });
    socket.on('close', () => this.closeAll());
    socket.on('error', (err) => opts.onError?.(err));
  }

  /** Drops the TCP connection without a goodbye, as a device whose cable is pulled. */
  drop(): void {
    this.socket.destroy();
    this.closeAll();
  }

  /** Header and payload go out as one writev (corked): the payload (a screenshot, a pulled file) is never copied. */
  private send: SendPacket = (command, arg0, arg1, data = EMPTY) => {
    if (this.socket.destroyed) return;
    const head = packetHeader(command, arg0, arg1, data, this.checksums);
    if (!data.length) { this.socket.write(head); return; }
    this.socket.cork();
    this.socket.write(head);
    this.socket.write(data);
    this.socket.uncork();
  };

  private handle(p: Packet): void {
    if (p.command === A_CNXN) return this.handleConnect(p);
    if (p.command === A_AUTH && this.opts.unauthorized) {
      // Refuse every signature with a fresh token; after its public key the host
      // waits for the user to accept it on the phone, i.e. shows `unauthorized`.
      if (p.arg0 === AUTH_SIGNATURE) this.send(A_AUTH, AUTH_TOKEN, 0, randomBytes(20));
      return;
    }
    if (!this.connected) return; // anything before CNXN is ignored
    switch (p.command) {
      case A_OPEN: return this.handleOpen(p);
      case A_OKAY: {
        const pending = this.pendingOpens.get(p.arg1);
        if (pending) { this.pendingOpens.delete(p.arg1); pending(p.arg0); return; }
        this.streams.get(p.arg1)?.handleOkay();
        return;
      }
      case A_WRTE: {
        const s = this.streams.get(p.arg1);
        if (!s) return;
        this.send(A_OKAY, s.localId, s.remoteId);
        s.handleWrite(p.data);
        return;
      }
      case A_CLSE: {
        const pending = this.pendingOpens.get(p.arg1);
        if (pending) { this.pendingOpens.delete(p.arg1); pending(null); return; }
        this.streams.get(p.arg1)?.handleClose();
        return;
      }
      default: return;
    }
  }

  private handleConnect(p: Packet): void {
    // A reconnecting host resets the session: old streams are gone.
    this.closeAll();
    this.maxData = Math.min(MAX_PAYLOAD, p.arg1 || MAX_PAYLOAD);
    const version = Math.min(A_VERSION, p.arg0 || A_VERSION);
    this.checksums = version < A_VERSION_SKIP_CHECKSUM;
    if (this.opts.unauthorized) {
      this.send(A_AUTH, AUTH_TOKEN, 0, randomBytes(20));
      return;
    }
    this.connected = true;
    this.send(A_CNXN, version, this.maxData, Buffer.from(this.opts.banner()));
  }

  private handleOpen(p: Packet): void {
    const remoteId = p.arg0;
    const service = p.data.toString('utf8').replace(/\0+$/, '');
    const handler = this.opts.resolve(service, this);
    if (!handler) {
      this.send(A_CLSE, 0, remoteId);
      return;
    }
    const localId = this.nextLocalId++;
    const stream = new AdbStream(localId, remoteId, () => this.maxData, this.send, (id) => this.streams.delete(id));
    this.streams.set(localId, stream);
    this.send(A_OKAY, localId, remoteId);
    Promise.resolve()
      .then(() => handler(stream))
      .catch((err: unknown) => {
        this.opts.onError?.(err instanceof Error ? err : new Error(String(err)));
        stream.end();
      });
  }

  /**
   * Opens a stream from the device to the host (OPEN with our id, remote 0), as adbd does for a reverse
   * forward: the host connects `service` (e.g. `tcp:8080`) on its side. Null when the host refuses (CLSE).
   */
  openToHost(service: string): Promise<ServiceStream | null> {
    if (!this.connected || this.socket.destroyed) return Promise.resolve(null);
    const localId = this.nextLocalId++;
    return new Promise((resolve) => {
      this.pendingOpens.set(localId, (remoteId) => {
        if (remoteId === null) { resolve(null); return; }
        const stream = new AdbStream(localId, remoteId, () => this.maxData, this.send, (id) => this.streams.delete(id));
        this.streams.set(localId, stream);
        resolve(stream);
      });
      this.send(A_OPEN, localId, 0, Buffer.from(`${service}\0`));
    });
  }

  get alive(): boolean { return this.connected && !this.socket.destroyed; }

  private closeAll(): void {
    for (const done of this.pendingOpens.values()) done(null);
    this.pendingOpens.clear();
    for (const s of [...this.streams.values()]) s.handleClose();
    this.streams.clear();
  }
}
