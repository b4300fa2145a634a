import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventPayload } from '../../shared/contract';
import { datasetBackend, type DatasetBackend } from '../../electron/core/datasets/dataset-backend';
import { CallError, createClient } from './client';
import { followJob } from './jobs';
import { connect, startTestServer, type TestServer } from './testing/test-server';

/**
 * Jobs across clients over the real web server: a second browser tab (its own
 * HTTP calls and WebSocket) finds a running job with job:list, receives its
 * progress, and cancels it; the first client's call fails as CallError('cancelled').
 */
describe('jobs over HTTP + WebSocket with two clients', () => {
  let base: string;
  let real: TestServer;
  // The real dataset layer, held at a gate after its first progress report until the test releases it.
  const gates: Array<() => void> = [];
  const backend: DatasetBackend = {
    ...datasetBackend,
    async open(root, onProgress, signal) {
      const result = await datasetBackend.open(root, onProgress, signal);
      onProgress(1, 3);
      await new Promise<void>((resolve, reject) => {
        gates.push(resolve);
        signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      });
      onProgress(3, 3);
      return result;
    },
  };

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'touchstone-jobs-'));
    for (const ep of ['trace_1', 'trace_2', 'trace_3']) {
      mkdirSync(join(base, 'data', ep), { recursive: true });
      writeFileSync(join(base, 'data', ep, '0.png'), 'png');
    }
    real = await startTestServer(join(base, 'state'), undefined, backend);
  });
  afterAll(async () => {
    await real?.close();
    rmSync(base, { recursive: true, force: true });
  });

  it('a second client lists the running job, receives its progress, and its cancel reaches the first as cancelled', async () => {
    const first = createClient(real.transport);
    const secondTransport = connect(real.server);
    const second = createClient(secondTransport);
    try {
      const seenBySecond: EventPayload<'job:progress'>[] = [];
      const off = followJob(second, 'open-slow', (p) => seenBySecond.push(p));
      await until(() => real.server.eventClients() > 0);
      const opening = first.call('dataset:open', { path: join(base, 'data'), jobId: 'open-slow' }).catch((e: unknown) => e);
      await until(() => gates.length === 1);
      const listed = await second.call('job:list', {});
      expect(listed).toEqual([expect.objectContaining({ jobId: 'open-slow', kind: 'dataset:open', done: 1, total: 3, phase: 'episodes' })]);
      await until(() => seenBySecond.some((p) => p.done === 1 && p.total === 3));
      expect(await second.call('job:cancel', { jobId: 'open-slow' })).toEqual({ cancelled: true });
      const err = await opening;
      expect(err).toBeInstanceOf(CallError);
      expect(err).toMatchObject({ code: 'cancelled', call: 'dataset:open' });
      expect(await second.call('job:list', {})).toEqual([]);
      off();
    } finally {
      secondTransport.close();
    }
  });

  it('cancelling one of two concurrent jobs stops only that one', async () => {
    const client = createClient(real.transport);
    // Two opens, each held at its own gate.
    gates.length = 0;
    const a = client.call('dataset:open', { path: join(base, 'data'), jobId: 'job-a' }).catch((e: unknown) => e);
    await until(() => gates.length === 1);
    const b = client.call('dataset:open', { path: join(base, 'data'), jobId: 'job-b' });
    await until(() => gates.length === 2);
    expect((await client.call('job:list', {})).map((j) => j.jobId).sort()).toEqual(['job-a', 'job-b']);
    expect(await client.call('job:cancel', { jobId: 'job-a' })).toEqual({ cancelled: true });
    expect(await a).toMatchObject({ code: 'cancelled' });
    expect((await client.call('job:list', {})).map((j) => j.jobId)).toEqual(['job-b']);
    gates[1]!();
    expect((await b).tasks).toHaveLength(3);
  });
});

async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!cond()) throw new Error('condition not reached in 2 s');
}
