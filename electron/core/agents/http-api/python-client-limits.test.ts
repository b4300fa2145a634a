/**
 * The Python client (resources/python/touchstone_env.py, system python3) against servers that misbehave:
 * one that trickles its answer a byte at a time, one that answers with something that is not JSON.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { AgentHub } from '../external/agent-hub';
import { startAgentApi } from './agent-api-server';

const PY_DIR = path.resolve(import.meta.dirname, '../../../../resources/python');
const HAVE_PYTHON = spawnSync('python3', ['--version']).status === 0;

let server: Server | undefined;
const timers = new Set<NodeJS.Timeout>();
afterEach(async () => {
  for (const t of timers) clearInterval(t);
  server?.closeAllConnections();
  await new Promise((r) => server ? server.close(r) : r(undefined));
  server = undefined;
});

async function serve(answer: (res: ServerResponse) => void): Promise<string> {
  server = createServer((_req, res) => answer(res));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Runs `code` with `env` (a TouchstoneEnv on `url`) in python3; its stdout, stderr and how long it took. */
function python(url: string, timeout: number, code: string): Promise<{ out: string; ms: number }> {
  const script = `import sys\nsys.path.insert(0, ${JSON.stringify(PY_DIR)})\nfrom touchstone_env import TouchstoneEnv, TouchstoneError\nenv = TouchstoneEnv(${JSON.stringify(url)}, "t", timeout=${timeout})\ntry:\n    ${code}\nexcept Exception as e:\n    print(type(e).__name__ + ": " + str(e))\n`;
  const t0 = Date.now();
  // Not spawnSync: that would block the test's own HTTP server.
  return new Promise((resolve) => {
    const p = spawn('python3', ['-c', script]);
    let out = '';
    p.stdout.on('data', (c: Buffer) => (out += c.toString()));
    p.stderr.on('data', (c: Buffer) => (out += c.toString()));
    p.on('close', () => resolve({ out, ms: Date.now() - t0 }));
  });
}

describe.skipIf(!HAVE_PYTHON)('TouchstoneEnv against misbehaving servers', () => {
  it('gives up on a server that trickles its answer once `timeout` (the whole exchange) is over, saying so', async () => {
    const url = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"tasks": [');
      const t = setInterval(() => res.write(' '), 100);
      timers.add(t);
    });
    const r = await python(url, 1.5, 'print(env.list_tasks())');
    expect(r.out).toMatch(/^TimeoutError: GET .*\/v1\/tasks: no complete answer within 1\.5 s/);
    expect(r.ms).toBeLessThan(5_000);
  }, 20_000);

  it('says the answer is not JSON instead of failing with UnicodeDecodeError', async () => {
    const url = await serve((res) => { res.writeHead(200, { 'content-type': 'text/html' }); res.end(Buffer.from([0x3c, 0x68, 0xff, 0xfe, 0x00, 0x81])); });
    const r = await python(url, 10, 'print(env.list_tasks())');
    expect(r.out).toMatch(/^TouchstoneError: HTTP 200: .*\/v1\/tasks answered something that is not JSON \(6 bytes/);
  }, 20_000);

  it('keeps answering its own JSON and refusals as before', async () => {
    const url = await serve((res) => { res.writeHead(404, { 'content-type': 'application/json' }); res.end('{"error": "no such task"}'); });
    const r = await python(url, 10, 'print(env.setup_task("x"))');
    expect(r.out.trim()).toBe('TouchstoneError: HTTP 404: no such task');
  }, 20_000);
});

describe('agent HTTP API, Origin', () => {
  it('refuses a request from a foreign Origin even with the token', async () => {
    const api = await startAgentApi({ hub: new AgentHub() });
    try {
      const call = (origin?: string) => fetch(`${api.url}/v1/tasks`, { headers: { authorization: `Bearer ${api.token}`, ...(origin ? { origin } : {}) } });
      expect((await call('http://evil.example')).status).toBe(403);
      expect((await call()).status).not.toBe(403);
    } finally {
      await api.close();
    }
  });
});
