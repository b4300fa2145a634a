import type { ServiceStream } from '../transport/stream';
import { S_IFREG, type MemFs } from '../mem-fs';

/** Largest DATA chunk of the sync protocol (file_sync_protocol.h). */
const SYNC_DATA_MAX = 64 * 1024;

const id = (s: string): number => Buffer.from(s, 'latin1').readUInt32LE(0);
const ID = {
  STAT: id('STAT'), STA2: id('STA2'), LST2: id('LST2'), LIST: id('LIST'), LIS2: id('LIS2'),
  RECV: id('RECV'), SEND: id('SEND'), DATA: id('DATA'), DONE: id('DONE'), QUIT: id('QUIT'),
  DENT: id('DENT'), DNT2: id('DNT2'), OKAY: id('OKAY'), FAIL: id('FAIL'),
};
const ENOENT = 2;

/** Buffered reader over a stream's incoming bytes. */
class ByteReader {
  private buf: Buffer = Buffer.alloc(0);
  private waiter: (() => void) | null = null;
  private ended = false;

  constructor(stream: ServiceStream) {
    stream.onData((b) => { this.buf = this.buf.length ? Buffer.concat([this.buf, b]) : b; this.waiter?.(); });
    stream.onClose(() => { this.ended = true; this.waiter?.(); });
  }

  /** Exactly n bytes, or null when the stream closed first. */
  async read(n: number): Promise<Buffer | null> {
    while (this.buf.length < n) {
      if (this.ended) return null;
      await new Promise<void>((r) => { this.waiter = r; });
      this.waiter = null;
    }
    const out = this.buf.subarray(0, n);
    this.buf = this.buf.subarray(n);
    return out;
  }
}

function header(cmd: number, n: number): Buffer {
  const b = Buffer.allocUnsafe(8);
  b.writeUInt32LE(cmd, 0);
  b.writeUInt32LE(n >>> 0, 4);
  return b;
}

function fail(stream: ServiceStream, msg: string): void {
  stream.write(Buffer.concat([header(ID.FAIL, Buffer.byteLength(msg)), Buffer.from(msg)]));
}

/** struct sync_stat_v2 / sync_dent_v2 body after the id (error..ctime). */
function statV2Body(fs: MemFs, path: string): Buffer {
  const b = Buffer.alloc(68);
  const e = fs.get(path);
  if (!e) { b.writeUInt32LE(ENOENT, 0); return b; }
  b.writeBigUInt64LE(1n, 4); // dev
  b.writeBigUInt64LE(BigInt(Math.abs(hash(path))), 12); // ino
  b.writeUInt32LE(fs.mode(e), 20);
  b.writeUInt32LE(1, 24); // nlink
  b.writeUInt32LE(2000, 28);
  b.writeUInt32LE(2000, 32);
  b.writeBigUInt64LE(BigInt(e.data.length), 36);
  b.writeBigInt64LE(BigInt(e.mtime), 44);
  b.writeBigInt64LE(BigInt(e.mtime), 52);
  b.writeBigInt64LE(BigInt(e.mtime), 60);
  return b;
}

function hash(s: string): number {
  let h = 7;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return h;
}

/** `sync:` service: STAT/STA2/LST2/LIST/LIS2/RECV/SEND/QUIT. */
export async function syncService(stream: ServiceStream, fs: MemFs): Promise<void> {
  const r = new ByteReader(stream);
  for (;;) {
    const head = await r.read(8);
    if (!head) return;
    const cmd = head.readUInt32LE(0);
    const len = head.readUInt32LE(4);
    if (cmd === ID.QUIT) { stream.end(); return; }
    const arg = await r.read(len);
    if (!arg) return;
    const path = arg.toString('utf8');
    if (cmd === ID.STAT) {
      const e = fs.get(path);
      const b = Buffer.alloc(16);
      b.writeUInt32LE(ID.STAT, 0);
      if (e) { b.writeUInt32LE(fs.mode(e), 4); b.writeUInt32LE(e.data.length, 8); b.writeUInt32LE(e.mtime, 12); }
      stream.write(b);
    } else if (cmd === ID.STA2 || cmd === ID.LST2) {
      stream.write(Buffer.concat([header(cmd, 0).subarray(0, 4), statV2Body(fs, path)]));
    } else if (cmd === ID.LIST || cmd === ID.LIS2) {
      const v2 = cmd === ID.LIS2;
      const dir = path.replace(/\/$/, '') || '/';
      for (const name of ['.', '..', ...(fs.list(dir) ?? [])]) {
        const full = name === '.' ? dir : name === '..' ? dir.replace(/\/[^/]*$/, '') || '/' : `${dir === '/' ? '' : dir}/${name}`;
        const nm = Buffer.from(name);
        if (v2) stream.write(Buffer.concat([header(ID.DNT2, 0).subarray(0, 4), statV2Body(fs, full), header(nm.length, 0).subarray(0, 4), nm]));
        else {
          const e = fs.get(full);
          const b = Buffer.alloc(20);
          b.writeUInt32LE(ID.DENT, 0);
          if (e) { b.writeUInt32LE(fs.mode(e), 4); b.writeUInt32LE(e.data.length, 8); b.writeUInt32LE(e.mtime, 12); }
          b.writeUInt32LE(nm.length, 16);
          stream.write(Buffer.concat([b, nm]));
        }
      }
      const done = Buffer.alloc(v2 ? 76 : 20);
      done.writeUInt32LE(ID.DONE, 0);
      stream.write(done);
    } else if (cmd === ID.RECV) {
      const e = fs.get(path);
      if (!e || e.kind !== 'file') { fail(stream, e ? `remote object '${path}' is a directory` : `remote object '${path}' does not exist`); continue; }
      for (let off = 0; off < e.data.length; off += SYNC_DATA_MAX) {
        const chunk = e.data.subarray(off, off + SYNC_DATA_MAX);
        stream.write(Buffer.concat([header(ID.DATA, chunk.length), chunk]));
      }
      stream.write(header(ID.DONE, 0));
    } else if (cmd === ID.SEND) {
      const comma = path.lastIndexOf(',');
      const target = comma >= 0 ? path.slice(0, comma) : path;
      const mode = comma >= 0 ? Number(path.slice(comma + 1)) : S_IFREG | 0o644;
      const chunks: Buffer[] = [];
      let mtime = 0;
      let size = 0;
      let full = false;
      for (;;) {
        const h = await r.read(8);
        if (!h) return;
        const c = h.readUInt32LE(0);
        const n = h.readUInt32LE(4);
        if (c === ID.DATA) {
          const d = await r.read(n);
          if (!d) return;
          size += d.length;
          // Over the quota the rest is read and dropped, so memory stays bounded; the push then fails.
          if (!full && !fs.fits(target, size)) { full = true; chunks.length = 0; }
          if (!full) chunks.push(Buffer.from(d));
        } else if (c === ID.DONE) { mtime = n; break; } else { fail(stream, 'invalid data message'); stream.end(); return; }
      }
      // fixed_push_mkdir: the parent folders are created as adbd does.
      const parent = target.replace(/\/[^/]*$/, '') || '/';
      const mkErr = fs.mkdir(parent, true);
      const err = full ? fs.quotaError(size) : mkErr ?? fs.write(target, Buffer.concat(chunks), { perm: (mode & 0o777) || 0o644, mtime });
      if (err) fail(stream, `couldn't create file: ${err}`);
      else stream.write(header(ID.OKAY, 0));
    } else {
      fail(stream, `unknown sync command ${head.subarray(0, 4).toString('latin1')}`);
      stream.end();
      return;
    }
  }
}
