import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { VirtualDevice } from '../device';
import { DemoWorld } from '../world/demo/demo-world';

// The host side is written here from protocol.txt, independently of ./packet.ts, so a
// mistake in the device's codec cannot cancel out against the same mistake in the test.
const id = (s: string): number => Buffer.from(s, 'latin1').readUInt32LE(0);
interface Msg { cmd: string; arg0: number; arg1: number; data: Buffer }

function packet(cmd: string, arg0: number, arg1: number, data: Buffer = Buffer.alloc(0), checksum?: number): Buffer {
  const h = Buffer.alloc(24);
  h.writeUInt32LE(id(cmd), 0);
  h.writeUInt32LE(arg0 >>> 0, 4);
  h.writeUInt32LE(arg1 >>> 0, 8);
  h.writeUInt32LE(data.length, 12);
  h.writeUInt32LE(checksum ?? data.reduce((s, b) => s + b, 0), 16);
  h.writeUInt32LE((id(cmd) ^ 0xffffffff) >>> 0, 20);
  return Buffer.concat([h, data]);
}

/**
 * A raw adb host: sends packets, receives them in order, checks magic and checksum of each (the byte sum for a
 * host older than 0x01000001, 0 for a newer one: adbd skips the pass over the payload then).
 */
class RawHost {
  private buf = Buffer.alloc(0);
  private legacy = false;
  private readonly inbox: Msg[] = [];
  private wake: (() => void) | null = null;
  constructor(readonly socket: Socket) {
    socket.on('data', (d: Buffer) => {
      this.buf = Buffer.concat([this.buf, d]);
      while (this.buf.length >= 24 && this.buf.length >= 24 + this.buf.readUInt32LE(12)) {
        const len = this.buf.readUInt32LE(12);
        const data = Buffer.from(this.buf.subarray(24, 24 + len));
        expect(this.buf.readUInt32LE(20)).toBe((this.buf.readUInt32LE(0) ^ 0xffffffff) >>> 0);
        expect(this.buf.readUInt32LE(16)).toBe(this.legacy ? data.reduce((s, b) => s + b, 0) : 0);
        this.inbox.push({ cmd: this.buf.toString('latin1', 0, 4), arg0: this.buf.readUInt32LE(4), arg1: this.buf.readUInt32LE(8), data });
        this.buf = this.buf.subarray(24 + len);
      }
      this.wake?.();
    });
  }
  static async open(port: number): Promise<RawHost> {
    const s = connect(port, '127.0.0.1');
    await new Promise((r) => s.once('connect', r));
    return new RawHost(s);
  }
  send(p: Buffer): void { this.socket.write(p); }
  async next(): Promise<Msg> {
    while (this.inbox.length === 0) await new Promise<void>((r) => { this.wake = r; });
    return this.inbox.shift()!;
  }
  pending(): Msg[] { return [...this.inbox]; }
  /** CNXN with a small maxdata so replies must be split. */
  async handshake(maxdata: number, version = 0x01000001): Promise<Msg> {
    this.legacy = version < 0x01000001;
    this.send(packet('CNXN', version, maxdata, Buffer.from('host::features=shell_v2\0'), 0));
    return this.next();
  }
}

describe('the ADB transport, packet by packet', () => {
  const dev = new VirtualDevice({ world: new DemoWorld() });
  let port = 0;
  beforeAll(async () => { port = await dev.listen(0); });
  afterAll(() => dev.close());

  it('ignores bytes before CNXN, accepts checksum 0 and answers with min(version, maxdata) and the banner', async () => {
    const h = await RawHost.open(port);
    try {
      h.send(Buffer.from('garbage before the handshake'));
      const c = await h.handshake(4096);
      expect([c.cmd, c.arg0, c.arg1]).toEqual(['CNXN', 0x01000001, 4096]);
      expect(c.data.toString()).toMatch(/^device::ro\.product\.name=vphone;ro\.product\.model=[^;]+;ro\.product\.device=vphone;features=shell_v2,cmd,stat_v2,ls_v2,fixed_push_mkdir$/);
      // a reconnecting host sends CNXN again: it gets a fresh CNXN
      expect((await h.handshake(8192)).arg1).toBe(8192);
    } finally { h.socket.destroy(); }
  });

  it('a host older than 0x01000001 gets byte-sum checksums on every packet, a screenshot too', async () => {
    const h = await RawHost.open(port);
    try {
      const c = await h.handshake(1024 * 1024, 0x01000000);
      expect([c.cmd, c.arg0]).toEqual(['CNXN', 0x01000000]);
      h.send(packet('OPEN', 3, 0, Buffer.from('exec:screencap -p\0')));
      const ok = await h.next();
      const got: Buffer[] = [];
      for (;;) {
        const m = await h.next(); // RawHost checks each packet's checksum
        if (m.cmd === 'CLSE') break;
        got.push(m.data);
        h.send(packet('OKAY', 3, ok.arg0));
      }
      expect(Buffer.concat(got).subarray(1, 4).toString()).toBe('PNG');
    } finally { h.socket.destroy(); }
  });

  it('splits replies larger than maxdata and keeps one WRTE in flight until the host OKAYs', async () => {
    const data = randomBytes(20_000);
    dev.fs.write('/data/local/tmp/f.bin', data);
    const h = await RawHost.open(port);
    try {
      await h.handshake(4096);
      h.send(packet('OPEN', 5, 0, Buffer.from('exec:cat /data/local/tmp/f.bin\0')));
      const ok = await h.next();
      expect([ok.cmd, ok.arg1]).toEqual(['OKAY', 5]);
      const local = ok.arg0;
      const got: Buffer[] = [];
      for (;;) {
        const m = await h.next();
        if (m.cmd === 'CLSE') { expect([m.arg0, m.arg1]).toEqual([local, 5]); break; }
        expect([m.cmd, m.arg0, m.arg1]).toEqual(['WRTE', local, 5]);
        expect(m.data.length).toBeLessThanOrEqual(4096);
        got.push(m.data);
        // Barrier: another stream's full answer arrives; stream 5 must have sent nothing meanwhile.
        h.send(packet('OPEN', 9, 0, Buffer.from('exec:echo barrier\0')));
        const seen: Msg[] = [];
        while (!seen.some((x) => x.cmd === 'CLSE' && x.arg1 === 9)) {
          const x = await h.next();
          if (x.arg1 === 9 && x.cmd === 'WRTE') h.send(packet('OKAY', 9, x.arg0));
          seen.push(x);
        }
        expect(seen.filter((x) => x.arg1 === 5)).toEqual([]);
        h.send(packet('OKAY', 5, local));
      }
      expect(Buffer.concat(got).equals(data)).toBe(true);
      expect(got.length).toBe(Math.ceil(data.length / 4096));
    } finally { h.socket.destroy(); }
  });

  it('refuses unknown services with CLSE(0, id), acknowledges host WRTEs, ignores unknown stream ids', async () => {
    const h = await RawHost.open(port);
    try {
      await h.handshake(65536);
      h.send(packet('OPEN', 7, 0, Buffer.from('nosuch:service\0')));
      expect(await h.next()).toMatchObject({ cmd: 'CLSE', arg0: 0, arg1: 7 });
      h.send(packet('WRTE', 99, 12345, Buffer.from('nobody')));
      h.send(packet('OKAY', 98, 54321));
      h.send(packet('CLSE', 97, 11111));
      // shell v2 with stdin: the device must OKAY our WRTE, then answer with framed stdout and the exit code
      h.send(packet('OPEN', 8, 0, Buffer.from('shell,v2,raw:cat\0')));
      const ok = await h.next();
      expect([ok.cmd, ok.arg1]).toEqual(['OKAY', 8]);
      const frame = (fid: number, d: Buffer): Buffer => { const b = Buffer.alloc(5); b[0] = fid; b.writeUInt32LE(d.length, 1); return Buffer.concat([b, d]); };
      h.send(packet('WRTE', 8, ok.arg0, Buffer.concat([frame(0, Buffer.from('hello\n')), frame(4, Buffer.alloc(0))])));
      expect(await h.next()).toMatchObject({ cmd: 'OKAY', arg0: ok.arg0, arg1: 8 });
      const frames: Buffer[] = [];
      for (;;) {
        const m = await h.next();
        if (m.cmd === 'CLSE') break;
        frames.push(m.data);
        h.send(packet('OKAY', 8, ok.arg0));
      }
      const all = Buffer.concat(frames);
      expect(all.equals(Buffer.concat([frame(1, Buffer.from('hello\n')), frame(3, Buffer.from([0]))]))).toBe(true);
      expect(h.pending()).toEqual([]); // nothing was ever sent for the unknown ids
    } finally { h.socket.destroy(); }
  });
});
