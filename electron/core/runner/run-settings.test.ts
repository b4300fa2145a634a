import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { EventName } from '../../../shared/contract';
import type { RunStepEvent } from '../../../shared/contract/run';
import { HAVE_ADB } from '../../virtual-device/testing';
import { startFakeLlm, type FakeLlm } from '../agents/testing/fake-llm-server';
import { createAppService } from '../../app';
import type { AppService } from '../../kernel/types';
import type { EpisodeRecord } from './episode-record';
import { startRunFixture, type RunFixture } from './testing/run-fixture';

const KEY = `sk-test-${randomBytes(16).toString('hex')}`;

/** Files under `dir` whose bytes contain `needle`. */
function filesContaining(dir: string, needle: string): string[] {
  return readdirSync(dir, { recursive: true }).map(String).filter((f) => statSync(join(dir, f)).isFile() && readFileSync(join(dir, f)).includes(needle));
}

describe.skipIf(!HAVE_ADB)('run:start passes the form\'s agent settings, stored keys by name and the reset method (virtual device, real adb)', () => {
  let fx: RunFixture;
  let llm: FakeLlm;
  let service: AppService;
  let datasetId: string;
  const seen: { event: EventName; payload: unknown }[] = [];
  const answers: unknown[] = [];
  const call = async <T>(p: Promise<T>): Promise<T> => { const v = await p; answers.push(v); return v; };

  beforeAll(async () => {
    delete process.env.TOUCHSTONE_LLM_API_KEY;
    fx = await startRunFixture(1, { only: ['demo14'] });
    llm = await startFakeLlm({ plan: ['Counter', 'Increase', 'Increase', 'Increase'], key: KEY });
    process.env.ANDROID_ADB_SERVER_PORT = String(fx.adb.port);
    service = createAppService({ mode: 'web', stateDir: join(fx.tmp, 'state'), fileUrl: (id, rel) => `/files/${id}/${rel}` });
    service.subscribe((event, payload) => seen.push({ event, payload }));
    datasetId = (await service.calls['dataset:open']({ path: fx.dataset })).id;
  }, 120_000);
  afterAll(async () => { delete process.env.ANDROID_ADB_SERVER_PORT; await llm?.close(); await fx?.stop(); });

  const llmRun = (over: Record<string, unknown> = {}) => ({
    datasetId, tasks: ['demo14'], agents: ['llm'], devices: 'all' as const, maxSteps: 10,
    agentSettings: { 'llm.base_url': llm.url, 'llm.model': 'fake-model', 'llm.temperature': '0.2', 'llm.max_tokens': '256', 'llm.price_in': '2', 'llm.price_out': '8', 'llm.backoff_ms': '10' },
    secretSettings: { 'llm.api_key': 'local' }, reset: { method: 'home' as const }, ...over,
  });

  it('the LLM agent gets endpoint, model, numbers and the stored key; tokens and cost arrive live; the key is in no answer, event or file', async () => {
    const info = await call(service.calls['run:secretSet']({ name: 'local', value: KEY }));
    expect(info).toEqual({ name: 'local', set: true, last4: KEY.slice(-4) });
    await call(service.calls['run:secrets']({}));
    const r = await call(service.calls['run:start']({ ...llmRun(), jobId: 'llm-1' }));
    expect(r.episodes.map((e) => [e.episode, e.outcome, e.completed])).toEqual([['demo14', 'finished', true]]);
    // The endpoint saw the key from the store, the model and the numbers from the form.
    expect(llm.requests.length).toBe(5);
    expect(llm.requests.every((q) => q.auth === `Bearer ${KEY}` && q.body.model === 'fake-model' && q.body.temperature === 0.2 && q.body.max_tokens === 256)).toBe(true);
    // Tokens and cost per step (episode so far) and for the run, as the agent counted them, priced as `run --agent-opt price_in/price_out`.
    const steps = seen.filter((e) => e.event === 'run:step').map((e) => e.payload as RunStepEvent);
    expect(steps).toHaveLength(5);
    const ins = steps.map((s) => s.usage!.tokensIn);
    expect(ins.every((n, k) => k === 0 || n > ins[k - 1]!)).toBe(true);
    const last = steps.at(-1)!;
    expect(last.usage).toEqual(last.runUsage);
    expect(last.usage).toMatchObject({ requests: 5, tokensOut: 60 });
    expect(last.usage!.costUsd).toBeCloseTo((2 * last.usage!.tokensIn + 8 * 60) / 1e6, 6);
    const ep = r.episodes[0]!;
    expect(ep.usage).toEqual(last.usage);
    expect((await call(service.calls['run:live']({ jobId: 'llm-1' })))?.usage).toEqual(last.usage);
    const rec = JSON.parse(readFileSync(join(fx.dataset, ep.trace, 'episode.json'), 'utf8')) as EpisodeRecord;
    expect(rec.config.reset).toBe('home');
    expect(rec.agent.settings).toMatchObject({ api_key: '[redacted]', model: 'fake-model', base_url: llm.url });
    expect(filesContaining(fx.dataset, KEY)).toEqual([]);
    expect(filesContaining(join(fx.tmp, 'state'), KEY)).toEqual(['secrets.json']);
    await call(service.calls['run:secretDelete']({ name: 'local' }));
    expect(JSON.stringify([answers, seen])).not.toContain(KEY);
  }, 180_000);

  it('refuses, before any device is touched: keys sent in the clear, unknown key names, bad settings, bad resets, unknown agents', async () => {
    const n = llm.requests.length;
    const refusal = (over: Record<string, unknown>) => service.calls['run:start'](llmRun(over) as never).then(() => 'ran', (e: { code: string; message: string }) => `${e.code}: ${e.message}`);
    expect(await refusal({ agentSettings: { 'llm.api_key': KEY } })).toMatch(/^bad-request: .*llm.api_key is a secret; store it under API keys/);
    expect(await refusal({ secretSettings: { 'llm.api_key': 'missing' } })).toMatch(/^bad-request: No API key named "missing" is stored \(for llm.api_key\); add it under API keys/);
    await service.calls['run:secretSet']({ name: 'local', value: KEY });
    expect(await refusal({ agentSettings: { 'llm.base_url': 'not a url', 'llm.model': 'm' } })).toMatch(/^bad-request: Agent settings: llm agent: --agent-opt base_url "not a url" is not an http\(s\) URL/);
    expect(await refusal({ agentSettings: { 'llm.base_url': llm.url, 'llm.model': 'm', 'llm.mode': 'audio' } })).toMatch(/--agent-opt mode must be one of text, vision, coordinates; got "audio"/);
    expect(await refusal({ agentSettings: { 'llm.base_url': llm.url, 'llm.model': 'm', 'llm.temperature': '7' } })).toMatch(/temperature must be a number from 0 to 2; got "7"/);
    expect(await refusal({ reset: { method: 'reinstall' } })).toMatch(/^invalid-argument: Invalid arguments for run:start: reset.method must be one of "task", "clear-app", "home", "none", "snapshot", got "reinstall"/);
    expect(await refusal({ reset: { method: 'snapshot', snapshot: '' } })).toMatch(/snapshot's name/);
    expect(await refusal({ agents: ['gpt'] })).toMatch(/^bad-request: Unknown agent "gpt"; known agents: replay, noop, random, llm, http, mcp/);
    expect(llm.requests.length).toBe(n);
  });

  it('reset "none" leaves the device as it is; "snapshot" on a device without an emulator console ends the episode saying so', async () => {
    const none = await service.calls['run:start']({ datasetId, tasks: ['demo14'], agents: ['noop'], devices: 'all', reset: { method: 'none' } });
    const rec = JSON.parse(readFileSync(join(fx.dataset, none.episodes[0]!.trace, 'episode.json'), 'utf8')) as EpisodeRecord;
    expect(rec.config.reset).toBe('none');
    const snap = await service.calls['run:start']({ datasetId, tasks: ['demo14'], agents: ['noop'], devices: 'all', reset: { method: 'snapshot', snapshot: 'clean' } });
    expect(snap.episodes[0]).toMatchObject({ outcome: 'error', reason: expect.stringMatching(/Reset by snapshot "clean" needs an emulator console.*choose another reset method/) });
  }, 120_000);

  it('http agent: the port and attach wait reach the agent API the run serves; the live run tells how to attach', async () => {
    const run = service.calls['run:start']({ datasetId, tasks: ['demo14'], agents: ['http'], devices: 'all', agentSettings: { 'http.attach_timeout_ms': '1500' }, jobId: 'http-1' });
    let attach: string[] | undefined;
    let settled = false;
    run.then(() => { settled = true; }, () => { settled = true; });
    for (const end = Date.now() + 30_000; !attach && !settled && Date.now() < end; await new Promise((r) => setTimeout(r, 50))) attach = (await service.calls['run:live']({ jobId: 'http-1' }))?.attach;
    attach ??= (await service.calls['run:live']({ jobId: 'http-1' }))?.attach;
    if (!attach) await run; // shows why the run ended without an agent API
    expect(attach?.join('\n')).toMatch(/TOUCHSTONE_URL=http:\/\/127\.0\.0\.1:\d+[\s\S]*TOUCHSTONE_TOKEN=[\w-]{32}(?![\w-])/);
    const r = await run;
    expect(r.episodes[0]).toMatchObject({ outcome: 'interrupted', reason: expect.stringMatching(/1500 ms/) });
    expect(await service.calls['run:start']({ datasetId, tasks: ['demo14'], agents: ['http'], devices: 'all', agentSettings: { 'http.port': '99999' } }).catch((e: Error) => e.message)).toMatch(/http agent: --agent-opt port must be a whole number from 0 to 65535; got "99999"/);
  }, 120_000);
});
