import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { WebSocket } from 'ws';
import type { RunningServer } from '../electron/server';
import { haveFixtures, makeDataset, type TempDataset } from './testing/dataset-fixture';
import { startWebServer } from './testing/harness';

describe.skipIf(!haveFixtures)(`web mode refuses requests without the token and paths outside the opened root${haveFixtures ? '' : ' (skipped: ../shared/fixtures is absent)'}`, () => {
  let ds: TempDataset;
  let server: RunningServer;

  beforeAll(async () => {
    ds = makeDataset();
    server = await startWebServer(join(ds.outside, 'state'), [ds.root]);
  });
  afterAll(async () => {
    await server?.close();
    ds?.cleanup();
  });

  const post = (name: string, args: unknown, token: string | null = server.token) =>
    fetch(`${server.origin}/api/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token !== null ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(args),
    });

  it('refuses API calls, file reads and the event socket without the right token', async () => {
    for (const token of [null, '', 'wrong-token', server.token.slice(0, -1)]) {
      const res = await post('app:info', {}, token);
      expect([401, 403]).toContain(res.status);
      expect((await res.json()) as unknown).toMatchObject({ ok: false, error: { code: 'refused' } });
    }
    expect((await post('app:info', {})).status).toBe(200);

    const opened = (await (await post('dataset:open', { path: ds.root })).json()) as { value: { id: string } };
    const img = `${server.origin}/files/${opened.value.id}/general/trace_18/0.png`;
    expect((await fetch(img)).status).toBe(401);
    expect((await fetch(`${img}?token=nope`)).status).toBe(401);
    expect((await fetch(`${img}?token=${server.token}`)).status).toBe(200);

    const wsStatus = (url: string) => new Promise<number>((resolve) => {
      const ws = new WebSocket(url);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => { ws.close(); resolve(101); });
      ws.on('error', () => resolve(-1));
    });
    const wsUrl = `${server.origin.replace('http', 'ws')}/events`;
    expect(await wsStatus(wsUrl)).toBe(401);
    expect(await wsStatus(`${wsUrl}?token=wrong`)).toBe(401);
    expect(await wsStatus(`${wsUrl}?token=${server.token}`)).toBe(101);
  });

  it('the core refuses opening or reading any path outside the opened root', async () => {
    const outside = await post('dataset:open', { path: ds.outside });
    expect(outside.status).toBe(403);
    expect(((await outside.json()) as { error: { message: string } }).error.message).toMatch(/refused.*--root/);

    const { value } = (await (await post('dataset:open', { path: ds.root })).json()) as { value: { id: string } };
    for (const path of ['../outside', `${ds.outside}`, 'general/../../outside', '/etc']) {
      const res = await post('episode:load', { datasetId: value.id, path });
      expect(res.status, path).toBe(403);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/refused/i);
    }
    // A symlink inside the root that points outside must not be a way out either.
    symlinkSync(join(ds.outside, 'secret.png'), join(ds.root, 'general', 'link.png'));
    // (A literal ../ or %2e%2e is normalised away by the URL parser before it is sent; encoded slashes are not.)
    for (const rel of ['..%2Foutside%2Fsecret.png', 'general%2F..%2F..%2Foutside%2Fsecret.png', 'general/link.png', 'general/trace_18/0.xml', 'llamatouch_task_metadata.tsv']) {
      const res = await fetch(`${server.origin}/files/${value.id}/${rel}?token=${server.token}`);
      expect(res.status, rel).toBe(403);
    }
  });
});
