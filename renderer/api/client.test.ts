import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventPayload } from '../../shared/contract';
import type { RunningServer } from '../../electron/server';
import { CallError, createClient, type TouchstoneClient } from './client';
import { httpTransport } from './http-transport';
import { startTestServer, type TestServer } from './testing/test-server';

describe('typed client over HTTP + WebSocket against the real server', () => {
  let base: string;
  let server: RunningServer;
  let client: TouchstoneClient;
  let real: TestServer;

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'touchstone-client-'));
    for (const ep of ['a/trace_1', 'a/trace_2']) {
      mkdirSync(join(base, 'data', ep), { recursive: true });
      writeFileSync(join(base, 'data', ep, '0.png'), 'png');
      writeFileSync(join(base, 'data', ep, 'instruction.txt'), `${ep}\nTask ${ep}\n`);
    }
    real = await startTestServer(join(base, 'state'), '9.9.9');
    server = real.server;
    client = createClient(real.transport);
  });
  afterAll(async () => {
    await real?.close();
  });

  it('returns typed results', async () => {
    const info = await client.call('app:info', {});
    expect(info).toEqual({ name: 'Touchstone', version: '9.9.9', mode: 'web', canPickFolder: false, startRoots: [] });
    expect(client.kind).toBe('web');
  });

  it('receives pushed job progress while a dataset opens, and the recent list updates', async () => {
    const seen: EventPayload<'job:progress'>[] = [];
    const done: EventPayload<'job:done'>[] = [];
    const offs = [client.on('job:progress', (p) => seen.push(p)), client.on('job:done', (p) => done.push(p))];
    // The socket connects lazily on the first `on`; wait until the server holds it.
    await until(() => server.eventClients() > 0);
    const ds = await client.call('dataset:open', { path: join(base, 'data'), jobId: 'open-web' });
    await until(() => done.some((p) => p.jobId === 'open-web'));
    for (const off of offs) off();
    expect(ds.tasks.map((t) => t.path)).toEqual(['a/trace_1', 'a/trace_2']);
    expect(seen.at(-1)).toEqual({ jobId: 'open-web', kind: 'dataset:open', done: 2, total: 2, phase: 'episodes' });
    expect(done).toEqual([{ jobId: 'open-web', kind: 'dataset:open', ok: true }]);
    expect((await client.call('dataset:recent', {})).map((r) => r.path)).toEqual([ds.root]);
  });

  it('turns refusals into CallError with the core message and class', async () => {
    const ds = await client.call('dataset:open', { path: join(base, 'data') });
    const err = await client.call('episode:load', { datasetId: ds.id, path: '../../etc' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CallError);
    expect(err).toMatchObject({ code: 'refused', call: 'episode:load' });
    expect((err as Error).message).toMatch(/refused/);
    const noPicker = await client.call('dataset:pickFolder', {}).catch((e: unknown) => e);
    expect(noPicker).toMatchObject({ code: 'unavailable' });
  });

  it('a client with a wrong token is refused', async () => {
    const bad = createClient(httpTransport({ baseUrl: server.origin, token: 'nope' }));
    await expect(bad.call('app:info', {})).rejects.toMatchObject({ code: 'refused' });
  });
});

async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!cond()) throw new Error('condition not reached in 2 s');
}
