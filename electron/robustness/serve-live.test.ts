/**
 * One real `touchstone serve --root …` takes a WebSocket frame fuzzer, junk
 * HTTP, deep-input calls, concurrent opens and the root-escape table, and
 * still answers correct requests afterwards (issue 13, defects 1-4, 6, 8).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { WebSocket } from 'ws';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildEscapeWorld, type EscapeWorld } from './escape-world';
import { runEscapeTable, type Transport } from './escape-table';
import { pathCalls, runPathFieldTable } from './path-field-table';
import { startServe, type LiveServe } from './live-serve';
import { BAD_FRAMES, frame, sendAfterHandshake, sendRaw } from './ws-frames';
import { treeText, nestedJsonVh } from './trees';
import { tally } from './tally';

const cases = tally('live serve');
let w: EscapeWorld;
let state: string;
let s: LiveServe;
/** A WebSocket client that connects before the malformed frames and the fuzzer, and reads events throughout. */
let witness: { messages: string[]; ws: WebSocket };

/** Opens /events as a browser does; collects every message's text. */
async function eventClient(): Promise<{ messages: string[]; ws: WebSocket }> {
  const ws = new WebSocket(`ws://127.0.0.1:${s.port}/events?token=${s.token}`);
  const messages: string[] = [];
  ws.on('message', (m: Buffer) => messages.push(m.toString()));
  await new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); });
  return { messages, ws };
}

/** The server still runs and answers a correct call. */
async function healthy(label: string): Promise<void> {
  expect(s.child.exitCode, `${label}: serve exited; stderr: ${s.stderr().slice(-2000)}`).toBeNull();
  const r = await s.post('app:info', {});
  expect(r.status, label).toBe(200);
  expect(JSON.parse(r.text)).toMatchObject({ ok: true, value: { mode: 'web' } });
}

beforeAll(async () => {
  w = buildEscapeWorld();
  state = mkdtempSync(join(tmpdir(), 'touchstone-live-state-'));
  // Deep input: a 100,000-level DroidBot list, a 100,000-deep XML and JSON nested 100,000 deep, beside a good episode.
  const deep = join(w.root, 'deep', 'general', 'deep');
  mkdirSync(deep, { recursive: true });
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000100000001008060000001ff3ff61', 'hex');
  for (let i = 0; i < 4; i++) writeFileSync(join(deep, `${i}.png`), png);
  writeFileSync(join(deep, '0.vh'), treeText('vh', { depth: 100_000, width: 0, flat: 0 }));
  writeFileSync(join(deep, '1.xml'), treeText('xml', { depth: 100_000, width: 0, flat: 0 }));
  writeFileSync(join(deep, '2.vh'), nestedJsonVh(100_000));
  writeFileSync(join(deep, '3.xml'), `<?xml version="1.0"?><hierarchy rotation="0">${'<node class="a">'.repeat(100_000)}`);
  writeFileSync(join(deep, 'instruction.txt'), 'deep\nDeep screens');
  const good = join(w.root, 'deep', 'general', 'good');
  mkdirSync(good, { recursive: true });
  writeFileSync(join(good, '0.png'), png);
  writeFileSync(join(good, '0.xml'), '<?xml version="1.0"?><hierarchy rotation="0"><node index="0" text="OK" class="android.widget.Button" clickable="true" bounds="[0,0][16,16]" /></hierarchy>');
  writeFileSync(join(good, 'instruction.txt'), 'good\nA good screen');
  for (let i = 0; i < 12; i++) mkdirSync(join(w.root, 'many', `d${i}`), { recursive: true });
  // Started from a folder outside its root, with the root given relative to it (issue 28, finding 1).
  s = await startServe({ cwd: w.cwd, stateDir: state, roots: ['../root'] });
  witness = await eventClient();
}, 60_000);

afterAll(async () => {
  cases.print();
  witness?.ws.terminate();
  const code = await s?.stop();
  rmSync(w.base, { recursive: true, force: true });
  rmSync(state, { recursive: true, force: true });
  expect(code).toBe(0);
});

describe('touchstone serve under attack', () => {
  it.each(BAD_FRAMES)('survives a WebSocket frame: %s', async (_label, bytes) => {
    expect(await sendAfterHandshake(s.port, s.token, bytes)).toBe('closed');
    cases.add('bad frames');
    await healthy('after the frame');
  });

  it('survives generated frames and raw bytes after the handshake (fuzzer)', async () => {
    const spec = fc.record({
      fin: fc.boolean(), rsv: fc.integer({ min: 0, max: 7 }), opcode: fc.integer({ min: 0, max: 15 }), masked: fc.boolean(),
      payload: fc.uint8Array({ maxLength: 200 }),
      declaredLength: fc.option(fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }), { nil: undefined }),
    });
    const input = fc.oneof(spec.map((f) => frame(f)), fc.uint8Array({ minLength: 1, maxLength: 300 }).map((b) => Buffer.from(b)));
    const samples = fc.sample(input, { numRuns: 160, seed: 13 });
    for (let i = 0; i < samples.length; i += 16) {
      await Promise.all(samples.slice(i, i + 16).map((b) => sendAfterHandshake(s.port, s.token, b, 80)));
      cases.add('fuzzed frames', samples.slice(i, i + 16).length);
      await healthy(`after fuzz batch ${i / 16}`);
    }
  });

  it('after the malformed frames and the fuzzer, a client connected all along and a new one both receive events', async () => {
    const fresh = await eventClient();
    try {
      expect(witness.ws.readyState).toBe(WebSocket.OPEN);
      const r = await s.post('dataset:open', { path: 'many/d0', jobId: 'after-the-storm' });
      expect(r.status).toBe(200);
      for (const c of [witness, fresh]) await expect.poll(() => c.messages.some((m) => m.includes('"job:done"') && m.includes('after-the-storm')), { timeout: 5000 }).toBe(true);
      cases.add('events after bad frames', 2);
    } finally {
      fresh.ws.close();
    }
  });

  it('survives junk HTTP: bad percent-encoding (400), a 2 MiB body (413), a broken upgrade URL, garbage bytes', async () => {
    expect((await s.post('%ZZ', {})).status).toBe(400);
    expect((await s.post('app:info', { pad: 'x'.repeat(2 << 20) })).status).toBe(413);
    await sendRaw(s.port, `GET //a:99999/events HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: AAAAAAAAAAAAAAAAAAAAAA==\r\nSec-WebSocket-Version: 13\r\n\r\n`);
    await sendRaw(s.port, Buffer.from([0, 1, 2, 0xff, 0x0d, 0x0a, 0x0d, 0x0a]));
    await sendRaw(s.port, `POST /api/app:info HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nContent-Length: 10\r\n\r\n{`);
    cases.add('junk http', 5);
    await healthy('after junk HTTP');
  });

  it('answers deep-input calls with problems naming file and limit, in bounded memory, and keeps the good episode', async () => {
    const open = JSON.parse((await s.post('dataset:open', { path: 'deep' })).text) as { ok: boolean; value: { id: string; tasks: Array<{ path: string; errors: number }> } };
    expect(open.ok).toBe(true);
    const id = open.value.id;
    const load = JSON.parse((await s.post('episode:load', { datasetId: id, path: 'general/deep' })).text) as { ok: boolean; value: { problems: Array<{ file: string; message: string }> } };
    expect(load.ok).toBe(true);
    for (const step of [0, 1, 2, 3]) {
      const r = await s.post('episode:hierarchy', { datasetId: id, path: 'general/deep', step });
      expect(r.text.length, `step ${step} reply size`).toBeLessThan(4000);
      const h = JSON.parse(r.text) as { ok: boolean; value: { components: unknown[]; problems: Array<{ file: string; message: string }> } };
      expect(h.ok).toBe(true);
      expect(h.value.components).toEqual([]);
      expect(h.value.problems[0].file).toMatch(new RegExp(`general/deep/${step}\\.(vh|xml)$`));
      if (step < 3) expect(h.value.problems[0].message).toMatch(/limit is [\d,]+/);
      cases.add('deep input');
    }
    const check = JSON.parse((await s.post('dataset:check', { datasetId: id })).text) as { ok: boolean; value: { counts: { episodes: number; episodesWithErrors: number; steps: number } } };
    expect(check.value.counts).toMatchObject({ episodes: 2, episodesWithErrors: 1, steps: 5 });
    const good = JSON.parse((await s.post('episode:hierarchy', { datasetId: id, path: 'general/good', step: 0 })).text) as { value: { components: unknown[] } };
    expect(good.value.components.length).toBeGreaterThan(0);
    cases.add('deep input', 2);
    const peak = s.peakRss();
    console.log(`robustness live serve: peak RSS after deep input ${Math.round(peak / 2 ** 20)} MiB`);
    if (peak) expect(peak).toBeLessThan(1024 * 2 ** 20);
    await healthy('after deep input');
  });

  it('keeps every one of 12 concurrent opens in the recent list', async () => {
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => s.post('dataset:open', { path: join(w.root, 'many', `d${i}`) })));
    expect(replies.map((r) => r.status)).toEqual(Array(12).fill(200));
    const recent = JSON.parse((await s.post('dataset:recent', {})).text) as { value: Array<{ path: string }> };
    expect(new Set(recent.value.map((r) => r.path))).toEqual(new Set(Array.from({ length: 12 }, (_, i) => join(w.root, 'many', `d${i}`))));
    cases.add('concurrent opens', 12);
  });

  it('holds the root against the escape table over HTTP, then still answers correct requests', async () => {
    const http: Transport = {
      async call(name, args) {
        const r = await s.post(name, args);
        const body = JSON.parse(r.text) as { ok: boolean; value?: unknown; error?: { code: string } };
        return { ok: body.ok, code: body.error?.code, value: body.value, text: r.text };
      },
      file: (datasetId, rawRel) => s.get(`/files/${datasetId}/${rawRel}?token=${s.token}`),
    };
    await runEscapeTable(http, w, cases);
    await healthy('after the escape table');
    // Every call whose schema has a path field, each field attacked (generated from the contract's tags).
    const ids = {
      datasetId: (JSON.parse((await s.post('dataset:open', { path: 'ds' })).text) as { value: { id: string } }).value.id,
      evalId: (JSON.parse((await s.post('eval:open', { dataset: 'evalds', agents: [{ name: 'clean', path: 'clean-traces' }] })).text) as { value: { evalId: string } }).value.evalId,
    };
    const attacked = await runPathFieldTable(http, w, ids, cases);
    expect([...attacked].sort()).toEqual(pathCalls().map((c) => c.name).sort());
    expect(attacked.size).toBeGreaterThanOrEqual(15);
    await healthy('after the generated path-field table');
    // "." is the root the server was given, never the folder it was started from.
    const dot = JSON.parse((await s.post('eval:inspect', { path: '.' })).text) as { ok: boolean; value: { path: string } };
    expect(dot).toMatchObject({ ok: true, value: { path: w.root } });
    // A schema error is a 400 naming the field, not a 500 (issue 28, finding 8).
    const bad = await s.post('annotation:save', { datasetId: ids.datasetId, path: 'general/ok', step: 0, ess: 'activity<0>', base: 'x' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text)).toMatchObject({ ok: false, error: { code: 'invalid-argument', message: expect.stringMatching(/base must be an object, got "x"/) } });
    const ds = JSON.parse((await s.post('dataset:open', { path: 'ds' })).text) as { value: { id: string } };
    const ep = JSON.parse((await s.post('episode:load', { datasetId: ds.value.id, path: 'general/ok' })).text) as { ok: boolean; value: { id: string; steps: unknown[] } };
    expect(ep).toMatchObject({ ok: true, value: { id: 'ep-fine' } });
    expect(ep.value.steps).toHaveLength(1);
  });
});
