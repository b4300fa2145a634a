import { createServer, type Server, type Socket } from 'node:net';
import type { DeviceConnection, ServiceHandler } from '../transport/connection';
import type { ServiceStream } from '../transport/stream';

/**
 * Smart-socket answers adbd writes on a host-request stream (adb.cpp handle_forward_request, daemon side):
 * one OKAY for a forward (then the resolved port for tcp:0), the bare length-prefixed list for list-forward.
 */
const protocolString = (text: string): string => `${Buffer.byteLength(text).toString(16).padStart(4, '0')}${text}`;
const okay = (s: ServiceStream, payload?: string): void => {
  s.write(payload === undefined ? 'OKAY' : `OKAY${protocolString(payload)}`);
  s.end();
};
const fail = (s: ServiceStream, msg: string): void => { s.write(`FAIL${Buffer.byteLength(msg).toString(16).padStart(4, '0')}${msg}`); s.end(); };

interface Listener { local: string; remote: string; server: Server; conn: DeviceConnection; sockets: Set<Socket> }

/**
 * `adb reverse`: the device listens on a local port and, for each connection, opens `tcp:PORT` back to the
 * host, which connects to its own port: bytes flow both ways. The virtual device's loopback is the machine's
 * loopback, so its `tcp:X` listens on 127.0.0.1:X here (`tcp:0` picks a free port and reports it).
 */
export class ReverseForwards {
  private readonly listeners = new Map<string, Listener>();
  private hostSerial = 0;

  /** The handler for a `reverse:...` service, or null when it is not one. */
  route(service: string, conn: DeviceConnection): ServiceHandler | null {
    if (!service.startsWith('reverse:')) return null;
    const req = service.slice('reverse:'.length);
    return async (s) => {
      if (req === 'list-forward') {
        s.write(protocolString([...this.listeners.values()].map((l) => `host-${this.hostSerial || 1} ${l.local} ${l.remote}\n`).join('')));
        s.end();
        return;
      }
      if (req === 'killforward-all') { for (const k of [...this.listeners.keys()]) this.kill(k); okay(s); return; }
      if (req.startsWith('killforward:')) {
        const local = req.slice('killforward:'.length);
        if (!this.listeners.has(local)) { fail(s, `listener '${local}' not found`); return; }
        this.kill(local); okay(s); return;
      }
      const m = /^forward:(norebind:)?(tcp:\d+);(tcp:\d+)$/.exec(req);
      if (!m) { fail(s, req.startsWith('forward:') ? `cannot bind listener: only tcp:PORT;tcp:PORT reverse forwards are supported by the virtual device, got '${req.slice(8)}'` : `unknown reverse request '${req}'`); return; }
      const [, norebind, local, remote] = m;
      if (this.listeners.has(local) && norebind) { fail(s, `cannot rebind existing socket`); return; }
      const err = await this.listen(local, remote, conn);
      if (typeof err === 'string') { fail(s, `cannot bind listener: ${err}`); return; }
      okay(s, local === 'tcp:0' ? String(err) : undefined);
    };
  }

  private async listen(local: string, remote: string, conn: DeviceConnection): Promise<number | string> {
    const old = this.listeners.get(local);
    if (old) { old.remote = remote; old.conn = conn; return Number(local.slice(4)); }
    const sockets = new Set<Socket>();
    const server = createServer((sock) => void this.bridge(local, sock));
    try {
      await new Promise<void>((resolve, reject) => { server.once('error', reject); server.listen(Number(local.slice(4)), '127.0.0.1', () => resolve()); });
    } catch (e) {
      return (e as Error).message;
    }
    server.unref();
    const port = (server.address() as { port: number }).port;
    const key = local === 'tcp:0' ? `tcp:${port}` : local;
    this.hostSerial ||= 19;
    this.listeners.set(key, { local: key, remote, server, conn, sockets });
    return port;
  }

  /** One device-side connection: a stream to the host's `remote`, piped both ways. */
  private async bridge(local: string, sock: Socket): Promise<void> {
    const l = this.listeners.get(local);
    if (!l) { sock.destroy(); return; }
    l.sockets.add(sock);
    sock.pause();
    const stream = l.conn.alive ? await l.conn.openToHost(l.remote) : null;
    if (!stream) { sock.destroy(); l.sockets.delete(sock); return; }
    sock.on('data', (d: Buffer) => stream.write(d));
    sock.on('end', () => stream.end());
    sock.on('error', () => stream.end());
    sock.on('close', () => { l.sockets.delete(sock); stream.end(); });
    stream.onData((d) => sock.write(d));
    stream.onClose(() => sock.end());
    sock.resume();
  }

  private kill(local: string): void {
    const l = this.listeners.get(local);
    if (!l) return;
    this.listeners.delete(local);
    for (const s of l.sockets) s.destroy();
    l.server.close();
  }

  /** Closes every reverse listener (the device stops). */
  closeAll(): void { for (const k of [...this.listeners.keys()]) this.kill(k); }
}
