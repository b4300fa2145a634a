/**
 * One Ctrl+C stops a used `touchstone serve` promptly (issue 28): with a keep-alive HTTP connection and a
 * WebSocket open, device tracking started and a virtual device running, the process is gone within seconds.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import { startServe } from './live-serve';

const tmp = mkdtempSync(join(tmpdir(), 'touchstone-serve-stop-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('touchstone serve and SIGINT', () => {
  it('one SIGINT ends a used server within 3 s, keep-alive sockets and WebSockets open', async () => {
    const s = await startServe({ cwd: tmp, stateDir: join(tmp, 'state'), roots: [tmp] });
    const agent = new Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
    const get = (name: string, body: unknown): Promise<number> => new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: s.port, path: `/api/${name}`, method: 'POST', agent, headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' } }, (res) => { res.resume(); res.on('end', () => resolve(res.statusCode ?? 0)); });
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
    const ws = new WebSocket(`ws://127.0.0.1:${s.port}/events?token=${s.token}`);
    await new Promise((r, j) => { ws.once('open', r); ws.once('error', j); });
    expect(await get('app:info', {})).toBe(200);
    await get('device:list', {});
    await get('device:sdk', {});
    const t0 = Date.now();
    const code = await Promise.race([s.stop(), new Promise<'hung'>((r) => setTimeout(() => r('hung'), 10_000))]);
    const ms = Date.now() - t0;
    ws.terminate();
    agent.destroy();
    if (code === 'hung') s.child.kill('SIGKILL');
    expect(code).toBe(0);
    expect(ms).toBeLessThan(3_000);
  }, 60_000);
});
