/** Raw WebSocket frames, well-formed or not, sent over a plain TCP socket after a real handshake. */
import { connect, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface FrameSpec {
  fin?: boolean;
  rsv?: number;
  opcode: number;
  masked?: boolean;
  payload?: Uint8Array;
  /** Length written in the header instead of the payload's (lies about the size). */
  declaredLength?: bigint;
}

export function frame(f: FrameSpec): Buffer {
  const payload = Buffer.from(f.payload ?? []);
  const len = f.declaredLength ?? BigInt(payload.length);
  const masked = f.masked ?? true;
  const head: number[] = [((f.fin ?? true) ? 0x80 : 0) | ((f.rsv ?? 0) << 4) | (f.opcode & 0x0f)];
  const m = masked ? 0x80 : 0;
  if (len < 126n) head.push(m | Number(len));
  else if (len < 65536n) head.push(m | 126, Number(len >> 8n) & 0xff, Number(len) & 0xff);
  else {
    head.push(m | 127);
    for (let i = 7; i >= 0; i--) head.push(Number((len >> BigInt(8 * i)) & 0xffn));
  }
  if (!masked) return Buffer.concat([Buffer.from(head), payload]);
  const key = randomBytes(4);
  const body = Buffer.from(payload.map((b, i) => b ^ key[i % 4]));
  return Buffer.concat([Buffer.from(head), key, body]);
}

/** The seven kinds of malformed frame that took the server down (issue 13, defect 1). */
export const BAD_FRAMES: Array<[string, Buffer]> = [
  ['unmasked frame', frame({ opcode: 1, masked: false, payload: Buffer.from('hello') })],
  ['opcode 3', frame({ opcode: 3, payload: Buffer.from('x') })],
  ['bad UTF-8 in a text frame', frame({ opcode: 1, payload: Buffer.from([0xff, 0xfe, 0xfd]) })],
  ['RSV1 set', frame({ opcode: 1, rsv: 4, payload: Buffer.from('x') })],
  ['close code 999', frame({ opcode: 8, payload: Buffer.from([0x03, 0xe7]) })],
  ['fragmented ping', frame({ opcode: 9, fin: false, payload: Buffer.from('p') })],
  ['8 KiB control payload', frame({ opcode: 9, payload: Buffer.alloc(8192, 1) })],
  ['length field 2^63-1', frame({ opcode: 2, declaredLength: (1n << 63n) - 1n })],
  ['payload over maxPayload', frame({ opcode: 2, payload: Buffer.alloc(70_000, 7) })],
];

/**
 * Opens /events with the token, sends `bytes` once upgraded, and resolves when
 * the server closes the connection or `waitMs` passes (then closes it).
 */
export function sendAfterHandshake(port: number, token: string, bytes: Buffer, waitMs = 150): Promise<'closed' | 'open' | 'refused'> {
  return new Promise((resolve) => {
    const sock: Socket = connect(port, '127.0.0.1');
    let upgraded = false;
    let settled = false;
    const done = (how: 'closed' | 'open' | 'refused'): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      sock.destroy();
      resolve(how);
    };
    const timer = setTimeout(() => done(upgraded ? 'open' : 'refused'), waitMs + 2000);
    sock.on('error', () => done(upgraded ? 'closed' : 'refused'));
    sock.on('close', () => done(upgraded ? 'closed' : 'refused'));
    let head = '';
    sock.on('data', (d: Buffer) => {
      if (upgraded) return;
      head += d.toString('latin1');
      if (!head.includes('\r\n\r\n')) return;
      if (!head.startsWith('HTTP/1.1 101')) return done('refused');
      upgraded = true;
      sock.write(bytes);
      clearTimeout(timer);
      setTimeout(() => done('open'), waitMs);
    });
    sock.write(`GET /events?token=${encodeURIComponent(token)} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  });
}

/** Sends raw bytes as a whole request (no handshake of ours) and waits for the server to answer or close. */
export function sendRaw(port: number, bytes: string | Buffer, waitMs = 300): Promise<string> {
  return new Promise((resolve) => {
    const sock = connect(port, '127.0.0.1');
    let got = '';
    const end = (): void => {
      sock.destroy();
      resolve(got);
    };
    const timer = setTimeout(end, waitMs);
    sock.on('data', (d: Buffer) => (got += d.toString('latin1')));
    sock.on('error', () => undefined);
    sock.on('close', () => {
      clearTimeout(timer);
      end();
    });
    sock.write(bytes);
  });
}
