import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync, symlinkSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppService } from './app';
import { startServer, type RunningServer } from './server';

/** Raw HTTP, so Host/Origin headers can be forged (fetch fixes them). */
function raw(server: RunningServer, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: server.port, path, method: init.method ?? 'GET', headers: init.headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

describe('loopback server', () => {
  let base: string;
  let root: string;
  let server: RunningServer;
  let datasetId: string;
  const auth = () => ({ authorization: `Bearer ${server.token}`, 'content-type': 'application/json' });

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'touchstone-server-'));
    root = join(base, 'data');
    const ep = join(root, 'general', 'trace_1');
    mkdirSync(ep, { recursive: true });
    writeFileSync(join(ep, '0.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeFileSync(join(ep, 'instruction.txt'), '1\nOpen the settings\n');
    writeFileSync(join(base, 'secret.png'), 'outside');
    symlinkSync(join(base, 'secret.png'), join(ep, '1.png'));
    const ui = join(base, 'ui');
    mkdirSync(ui);
    writeFileSync(join(ui, 'index.html'), '<!doctype html><title>t</title>');
    server = await startServer({ rendererDir: ui, createService: (fileUrl) => createAppService({ mode: 'web', stateDir: join(base, 'state'), fileUrl }) });
    const r = await raw(server, '/api/dataset:open', { method: 'POST', headers: auth(), body: JSON.stringify({ path: root }) });
    datasetId = (JSON.parse(r.body) as { value: { id: string } }).value.id;
  });
  afterAll(() => server?.close());

  it('listens on 127.0.0.1 and prints a URL carrying a long random token', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]{32}$/);
  });

  const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
  it.each([
    { label: 'no token', headers: (_t: string): Record<string, string> => ({}), status: 401 },
    { label: 'a wrong bearer token', headers: () => bearer('x'), status: 401 },
    { label: 'the token in the wrong case', headers: (t: string) => bearer(t.toUpperCase()), status: 401 },
    { label: 'the right token', headers: (t: string) => bearer(t), status: 200 },
    { label: 'the right token from a foreign Origin', headers: (t: string) => ({ ...bearer(t), origin: 'http://evil.example' }), status: 403 },
    { label: 'the right token via a rebinding Host', headers: (t: string) => ({ ...bearer(t), host: 'evil.example' }), status: 403 },
  ])('API call with $label -> $status', async ({ headers, status }) => {
    const r = await raw(server, '/api/app:info', { method: 'POST', headers: { 'content-type': 'application/json', ...headers(server.token) }, body: '{}' });
    expect(r.status).toBe(status);
  });

  it.each([
    ['unknown call', '/api/fs:readAnything', '{}', 404],
    ['arguments not an object', '/api/app:info', '[1]', 400],
    ['malformed JSON', '/api/app:info', '{', 400],
    ['bad percent-encoding in the call name', '/api/%ZZ', '{}', 400],
    ['a body over 1 MiB', '/api/app:info', JSON.stringify({ pad: 'x'.repeat(1.5 * 2 ** 20) }), 413],
  ])('%s is rejected (%s)', async (_l, path, body, status) => {
    const r = await raw(server, path, { method: 'POST', headers: auth(), body });
    expect(r.status).toBe(status);
    expect(JSON.parse(r.body)).toMatchObject({ ok: false });
  });

  it('answers 400 to a request URL that does not parse (it used to be a 500)', async () => {
    expect((await raw(server, '//a:99999/api/app:info', { method: 'POST', headers: auth(), body: '{}' })).status).toBe(400);
  });

  it('answers 413 to a chunked body over 1 MiB (no Content-Length), then keeps serving', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: server.port, path: '/api/app:info', method: 'POST', headers: auth() }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      for (let i = 0; i < 24; i++) req.write('x'.repeat(100_000));
      req.end();
    });
    expect(status).toBe(413);
    expect((await raw(server, '/api/app:info', { method: 'POST', headers: auth(), body: '{}' })).status).toBe(200);
  });

  it('reads a refused 2 MiB body to its end before answering 413, so a client still writing never sees EPIPE', async () => {
    const body = Buffer.alloc(2 << 20, 0x78);
    const sock = connect(server.port, '127.0.0.1');
    await new Promise((r) => sock.once('connect', r));
    let answer = '';
    sock.on('data', (c: Buffer) => (answer += c.toString()));
    const closed = new Promise<void>((r) => sock.once('close', () => r()));
    sock.write(`POST /api/app:info HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nAuthorization: Bearer ${server.token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    sock.write(body.subarray(0, 1 << 20));
    // Half the body is in: the server must still be reading, not answering (it used to answer and close here).
    await new Promise((r) => setTimeout(r, 400));
    expect(answer).toBe('');
    const errors: string[] = [];
    sock.on('error', (e: NodeJS.ErrnoException) => errors.push(e.code ?? e.message));
    sock.end(body.subarray(1 << 20));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(errors).toEqual([]);
  });

  it('tells no unauthenticated client where it is installed, and forbids framing by header', async () => {
    const r = await new Promise<{ status: number; body: string; headers: Record<string, unknown> }>((resolve, reject) => {
      request({ host: '127.0.0.1', port: server.port, path: '/assets/x.js' }, (res) => {
        let b = '';
        res.on('data', (c: Buffer) => (b += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: b, headers: res.headers }));
      }).on('error', reject).end();
    });
    expect(r.status).toBe(404);
    expect(r.body).toContain('/assets/x.js');
    expect(r.body).not.toContain(base);
    expect(r.headers['x-frame-options']).toBe('DENY');
    expect(String(r.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it.each([
    ['a screenshot inside the root', 'general/trace_1/0.png', 200],
    ['encoded ../ out of the root', '..%2Fsecret.png', 403],
    ['encoded ../ from a subfolder', 'general%2F..%2F..%2Fsecret.png', 403],
    ['a symlink pointing outside', 'general/trace_1/1.png', 403],
    ['a non-image inside the root', 'general/trace_1/instruction.txt', 403],
    ['a missing screenshot', 'general/trace_1/7.png', 404],
  ])('file route: %s (%s)', async (_l, rel, status) => {
    const r = await raw(server, `/files/${datasetId}/${rel}?token=${server.token}`);
    expect(r.status).toBe(status);
  });

  it('serves the renderer without a token but never files outside its folder', async () => {
    expect((await raw(server, '/')).status).toBe(200);
    expect((await raw(server, '/some/view')).body).toContain('<title>t</title>');
    // ../ is normalised away inside the app folder: the secret is never served, the app page is.
    const r = await raw(server, '/..%2F..%2Fsecret.png');
    expect(r.body).not.toContain('outside');
    expect(r.body).toContain('<title>t</title>');
  });
});

describe('event clients', () => {
  it('a client that stops reading is dropped once its backlog passes 8 MiB; one that reads keeps its events', async () => {
    const { WebSocket } = await import('ws');
    const listeners = new Set<(event: string, payload: unknown) => void>();
    const server = await startServer({
      createService: (fileUrl) => {
        const real = createAppService({ mode: 'web', stateDir: mkdtempSync(join(tmpdir(), 'touchstone-events-')), fileUrl });
        return { ...real, subscribe: (l) => (listeners.add(l as never), () => listeners.delete(l as never)) };
      },
    });
    try {
      const open = (): Promise<InstanceType<typeof WebSocket>> => new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${server.port}/events?token=${server.token}`);
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      });
      const stalled = await open();
      const reading = await open();
      let received = 0;
      reading.on('message', () => received++);
      (stalled as unknown as { _socket: { pause(): void } })._socket.pause();
      await expect.poll(() => server.eventClients()).toBe(2);
      const payload = { path: 'x'.repeat(256 * 1024), done: 0, total: 0, phase: 'index' };
      for (let i = 0; i < 120 && server.eventClients() === 2; i++) {
        for (const l of listeners) l('dataset:progress', payload);
        await new Promise((r) => setTimeout(r, 5));
      }
      await expect.poll(() => server.eventClients(), { timeout: 5000 }).toBe(1);
      await expect.poll(() => received, { timeout: 5000 }).toBeGreaterThan(0);
      stalled.terminate();
      reading.close();
    } finally {
      await server.close();
    }
  });
});
