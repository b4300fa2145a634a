import type { ServerResponse } from 'node:http';

/** Arrays longer than this are written item by item, with turns of the event loop between parts. */
const LONG = 256;
/** Bytes gathered before a write, and items written between two turns of the event loop. */
const WRITE_AT = 64 * 1024;
const YIELD_EVERY = 1000;

/**
 * The JSON text of `v` in parts: long arrays (at the top three levels, where a reply keeps its task
 * and problem lists) one item at a time, everything else as JSON.stringify writes it, so the text
 * is the same as JSON.stringify's.
 */
function* parts(v: unknown, depth: number): Generator<string, void, undefined> {
  if (Array.isArray(v) && v.length > LONG) {
    yield '[';
    for (let i = 0; i < v.length; i++) {
      if (i) yield ',';
      yield JSON.stringify(v[i]) ?? 'null';
    }
    yield ']';
    return;
  }
  if (depth < 3 && v !== null && typeof v === 'object' && !Array.isArray(v) && typeof (v as { toJSON?: unknown }).toJSON !== 'function') {
    yield '{';
    let first = true;
    for (const [k, x] of Object.entries(v)) {
      if (x === undefined || typeof x === 'function' || typeof x === 'symbol') continue;
      yield `${first ? '' : ','}${JSON.stringify(k)}:`;
      first = false;
      yield* parts(x, depth + 1);
    }
    yield '}';
    return;
  }
  yield JSON.stringify(v) ?? 'null';
}

/**
 * A JSON response written in parts with turns of the event loop between them: one JSON.stringify of a
 * 100,000-task dataset held the server's only thread for a second, and every other call waited.
 * Honours back-pressure (waits for `drain`); a client that goes away ends the writing.
 */
export async function sendJsonInParts(res: ServerResponse, status: number, body: unknown): Promise<void> {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  let buf = '';
  let n = 0;
  for (const p of parts(body, 0)) {
    buf += p;
    if (++n % YIELD_EVERY === 0) await new Promise((r) => setImmediate(r));
    if (buf.length < WRITE_AT) continue;
    if (res.destroyed) return;
    const more = res.write(buf);
    buf = '';
    if (!more) await new Promise<void>((r) => { res.once('drain', r); res.once('close', r); });
  }
  res.end(buf);
}
