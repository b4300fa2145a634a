import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HAVE_ADB } from '../../../virtual-device/testing';
import type { AppService } from '../../../kernel/types';
import type { EpisodeRecord } from '../../runner/episode-record';
import { startRunFixture, type RunFixture } from '../../runner/testing/run-fixture';
import { openRunService, type RunService } from '../../runner/testing/run-service';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

interface Attach { url: string; token: string }
interface Element { n: number; text: string; desc: string }

/** A minimal agent API client (fetch), one per run. */
function client(base: Attach) {
  const call = async (method: string, path: string, body?: unknown, token = base.token, url = base.url): Promise<{ status: number; json: Record<string, unknown> }> => {
    const res = await fetch(`${url}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
  let session = '';
  return {
    call,
    get session() { return session; },
    async open(): Promise<string> {
      const r = await call('POST', '/v1/sessions', { wait_ms: 30_000 });
      expect(r.status, JSON.stringify(r.json)).toBe(201);
      session = String(r.json.session);
      return String(r.json.instruction);
    },
    async tap(label: string): Promise<void> {
      const h = await call('GET', `/v1/sessions/${session}/hierarchy`);
      const el = (h.json.elements as Element[]).find((e) => e.text === label || e.desc === label);
      expect(el, `no "${label}" on screen`).toBeDefined();
      expect((await call('POST', `/v1/sessions/${session}/action`, { action: 'tap', element: el!.n })).status).toBe(200);
    },
    async finish(): Promise<Record<string, unknown>> {
      expect((await call('POST', `/v1/sessions/${session}/complete`)).status).toBe(200);
      return (await call('GET', `/v1/sessions/${session}/result`)).json;
    },
  };
}

const attachOf = (lines: string[] | undefined, prefix: string): Attach | undefined => {
  const url = lines?.find((l) => l.startsWith(`${prefix}_URL=`))?.slice(`${prefix}_URL=`.length);
  const token = lines?.find((l) => l.startsWith(`${prefix}_TOKEN=`))?.slice(`${prefix}_TOKEN=`.length);
  return url && token ? { url, token } : undefined;
};

const mcpText = (x: unknown): string => (x as { content: { type: string; text?: string }[] }).content.filter((c) => c.type === 'text').map((c) => c.text).join('\n');

describe.skipIf(!HAVE_ADB)('two run-view runs with the http agent at once, on virtual devices through the real adb (adb not installed → skipped)', () => {
  let fx: RunFixture;
  let service: AppService;
  let app: RunService | undefined;
  let datasetId: string;

  beforeAll(async () => {
    fx = await startRunFixture(2, { only: ['demo14', 'demo15'] });
    app = await openRunService(fx);
    ({ service, datasetId } = app);
  }, 120_000);
  afterAll(async () => { await (app ? app.close() : fx?.stop()); });

  const attached = async (jobId: string, prefix = 'TOUCHSTONE'): Promise<Attach> => {
    for (const end = Date.now() + 30_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
      const a = attachOf((await service.calls['run:live']({ jobId }))?.attach, prefix);
      if (a) return a;
    }
    throw new Error(`run ${jobId} never showed how to attach`);
  };

  it('each run has its own URL and token, each client drives its own run, a token of one run is refused by the other, and ending one run leaves the other up', async () => {
    const [da, db] = fx.devices.map((d) => d.serial);
    const runA = service.calls['run:start']({ datasetId, tasks: ['demo14'], agents: ['http'], devices: [da!], jobId: 'http-a' });
    const runB = service.calls['run:start']({ datasetId, tasks: ['demo15'], agents: ['http'], devices: [db!], jobId: 'http-b' });
    const [atA, atB] = await Promise.all([attached('http-a'), attached('http-b')]);
    expect(atA.url).not.toBe(atB.url);
    expect(atA.token).not.toBe(atB.token);

    // Run A's token is refused by run B's server, for starting an episode and for anything else.
    for (const [method, path] of [['POST', '/v1/sessions'], ['GET', '/v1/tasks']] as const) {
      const r = await fetch(`${atB.url}${path}`, { method, headers: { authorization: `Bearer ${atA.token}` } });
      expect(r.status).toBe(401);
    }

    const a = client(atA);
    const b = client(atB);
    // Each client gets its own run's episode (demo14 is A's only task, demo15 B's).
    expect(await Promise.all([a.open(), b.open()])).toEqual(['Increase the counter to 3.', 'Decrease the counter to -1.']);
    await Promise.all([a.tap('Counter'), b.tap('Counter')]);
    // B's session is not reachable with A's token at B's server, nor through A's server with A's token.
    expect((await b.call('POST', `/v1/sessions/${b.session}/action`, { action: 'back' }, atA.token)).status).toBe(401);
    const cross = await a.call('POST', `/v1/sessions/${b.session}/action`, { action: 'back' });
    expect([cross.status, cross.json.error]).toEqual([404, expect.stringMatching(/No session/)]);

    // Run A ends (its server closes) while B's episode is still open; B carries on behind its own server.
    for (const label of ['Increase', 'Increase', 'Increase']) await a.tap(label);
    expect(await a.finish()).toMatchObject({ outcome: 'finished', evaluation: { completed: true } });
    const ra = await runA;
    await expect(fetch(`${atA.url}/openapi.json`)).rejects.toThrow();
    await b.tap('Decrease');
    expect(await b.finish()).toMatchObject({ outcome: 'finished', evaluation: { completed: true } });
    const rb = await runB;

    expect(ra.episodes.map((e) => [e.episode, e.agent, e.device, e.outcome, e.completed, e.steps])).toEqual([['demo14', 'http', da, 'finished', true, 5]]);
    expect(rb.episodes.map((e) => [e.episode, e.agent, e.device, e.outcome, e.completed, e.steps])).toEqual([['demo15', 'http', db, 'finished', true, 3]]);
    // B's trace has only B's steps: the refused back presses were never performed.
    const recB = JSON.parse(readFileSync(join(fx.dataset, rb.episodes[0]!.trace, 'episode.json'), 'utf8')) as EpisodeRecord;
    expect(recB.steps.map((s) => s.description)).toEqual([expect.stringMatching(/^tap /), expect.stringMatching(/^tap /), 'complete']);
  }, 180_000);

  it('two mcp runs at once: each MCP client starts its own run\'s episode, the other run\'s token is refused', async () => {
    const [da, db] = fx.devices.map((d) => d.serial);
    const runA = service.calls['run:start']({ datasetId, tasks: ['demo14'], agents: ['mcp'], devices: [da!], jobId: 'mcp-a' });
    const runB = service.calls['run:start']({ datasetId, tasks: ['demo15'], agents: ['mcp'], devices: [db!], jobId: 'mcp-b' });
    const [atA, atB] = await Promise.all([attached('mcp-a', 'TOUCHSTONE_MCP'), attached('mcp-b', 'TOUCHSTONE_MCP')]);
    expect(atA.url).not.toBe(atB.url);
    const wrong = await fetch(atB.url, { method: 'POST', headers: { authorization: `Bearer ${atA.token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: '{}' });
    expect(wrong.status).toBe(401);
    const connect = async (at: Attach): Promise<Client> => {
      const c = new Client({ name: 'concurrent-runs-test', version: '1.0.0' });
      await c.connect(new StreamableHTTPClientTransport(new URL(at.url), { requestInit: { headers: { authorization: `Bearer ${at.token}` } } }));
      return c;
    };
    const [ca, cb] = await Promise.all([connect(atA), connect(atB)]);
    const starts = await Promise.all([ca, cb].map((c) => c.callTool({ name: 'start_episode', arguments: {} })));
    expect(starts.map(mcpText)).toEqual([expect.stringMatching(/Increase the counter to 3\./), expect.stringMatching(/Decrease the counter to -1\./)]);
    // A gives up at once (not completed); B's episode is still open afterwards and finishes on its own server.
    expect(JSON.parse(mcpText(await ca.callTool({ name: 'finish', arguments: {} })))).toMatchObject({ evaluation: { completed: false } });
    expect((await runA).episodes.map((e) => [e.episode, e.outcome, e.completed])).toEqual([['demo14', 'finished', false]]);
    expect(mcpText(await cb.callTool({ name: 'observe', arguments: { image: false } }))).toMatch(/"Counter"/);
    expect(JSON.parse(mcpText(await cb.callTool({ name: 'finish', arguments: {} })))).toMatchObject({ evaluation: { completed: false } });
    expect((await runB).episodes.map((e) => [e.episode, e.outcome, e.completed])).toEqual([['demo15', 'finished', false]]);
    await Promise.all([ca.close(), cb.close()]);
  }, 180_000);
});
