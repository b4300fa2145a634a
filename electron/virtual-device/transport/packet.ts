/** ADB wire packets: a 24-byte little-endian header followed by the payload. */

export const A_CNXN = 0x4e584e43;
export const A_AUTH = 0x48545541;
export const A_OPEN = 0x4e45504f;
export const A_OKAY = 0x59414b4f;
export const A_CLSE = 0x45534c43;
export const A_WRTE = 0x45545257;

/** Protocol version that lets both sides skip payload checksums. */
export const A_VERSION = 0x01000001;
/** The largest payload this device accepts; the host's CNXN may lower it. */
export const MAX_PAYLOAD = 1024 * 1024;
export const HEADER_SIZE = 24;

export interface Packet {
  command: number;
  arg0: number;
  arg1: number;
  data: Buffer;
}

/** Protocol version from which neither side computes payload checksums (adb's A_VERSION_SKIP_CHECKSUM). */
export const A_VERSION_SKIP_CHECKSUM = 0x01000001;

/**
 * The 24-byte header of a packet. The checksum is a plain byte sum, as hosts older than A_VERSION_SKIP_CHECKSUM
 * check it; with `checksum` false it is 0, as adbd sends to newer hosts (no pass over the payload).
 */
export function packetHeader(command: number, arg0: number, arg1: number, data: Buffer, checksum = true): Buffer {
  const out = Buffer.allocUnsafe(HEADER_SIZE);
  let sum = 0;
  if (checksum) for (let i = 0; i < data.length; i++) sum += data[i];
  out.writeUInt32LE(command >>> 0, 0);
  out.writeUInt32LE(arg0 >>> 0, 4);
  out.writeUInt32LE(arg1 >>> 0, 8);
  out.writeUInt32LE(data.length, 12);
  out.writeUInt32LE(sum >>> 0, 16);
  out.writeUInt32LE((command ^ 0xffffffff) >>> 0, 20);
  return out;
}

/**
 * Incremental decoder: feed socket chunks, get whole packets. Garbage before the
 * first valid header (bad magic) is skipped byte by byte, as a device does while
 * it waits for CNXN.
 */
export class PacketReader {
  private buf: Buffer = Buffer.alloc(0);

  constructor(private readonly maxData = MAX_PAYLOAD * 2) {}

  push(chunk: Buffer): Packet[] {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const out: Packet[] = [];
    for (;;) {
      if (this.buf.length < HEADER_SIZE) break;
      const command = this.buf.readUInt32LE(0);
      const magic = this.buf.readUInt32LE(20);
      const len = this.buf.readUInt32LE(12);
      if (((command ^ 0xffffffff) >>> 0) !== magic || len > this.maxData) {
        this.buf = this.buf.subarray(1);
        continue;
      }
      if (this.buf.length < HEADER_SIZE + len) break;
      out.push({
        command,
        arg0: this.buf.readUInt32LE(4),
        arg1: this.buf.readUInt32LE(8),
        data: Buffer.from(this.buf.subarray(HEADER_SIZE, HEADER_SIZE + len)),
      });
      this.buf = this.buf.subarray(HEADER_SIZE + len);
    }
    return out;
  }
}
