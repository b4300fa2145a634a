import { describe, it, expect, afterAll, beforeAll } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { createAppService } from '../../app';
import type { AppService } from '../../kernel/types';
import { SecretStore } from '../secrets/secret-store';
import { tempDir, TRACE_18 } from '../evaluation/testing/temp-dataset';
import { startFakeLlm, type FakeLlm } from './testing/fake-llm-server';
import { claimJudge, judgeDataset, screenJudge } from './testing/judge-fixtures';

const ENV = ['TOUCHSTONE_LLM_BASE_URL', 'TOUCHSTONE_LLM_MODEL', 'TOUCHSTONE_LLM_API_KEY'] as const;
const KEY = `sk-judge-${randomBytes(16).toString('hex')}`;
const tmp = tempDir('touchstone-judge-endpoint-');
const state = path.join(tmp, 'state');
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
/** Two servers with the same model names: the app's endpoint and the environment's. */
let appLlm: FakeLlm;
let envLlm: FakeLlm;
const answerers = { 'screen-judge': screenJudge, 'claim-judge': claimJudge };
beforeAll(async () => {
  appLlm = await startFakeLlm(answerers);
  envLlm = await startFakeLlm(answerers);
  process.env.TOUCHSTONE_LLM_BASE_URL = envLlm.url;
  process.env.TOUCHSTONE_LLM_MODEL = 'screen-judge,claim-judge';
  delete process.env.TOUCHSTONE_LLM_API_KEY;
});
afterAll(async () => {
  await appLlm.close();
  await envLlm.close();
  for (const k of ENV) if (saved[k] === undefined) delete process.env[k]; else process.env[k] = saved[k];
  rmSync(tmp, { recursive: true, force: true });
});

/** Every file under a folder, as text. */
const allText = (dir: string): string => (existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)).filter((f) => statSync(f).isFile()).map((f) => readFileSync(f, 'utf8')).join('\n') : '');

describe.skipIf(!existsSync(TRACE_18))('judge endpoint set in the app: eval:judgeEndpoint(Set) and the judge column (../shared/fixtures absent → skipped)', () => {
  let service: AppService;
  let evalId: string;
  const seen: string[] = [];
  const call = async <T>(p: Promise<T>): Promise<T> => { const v = await p; seen.push(JSON.stringify(v)); return v; };
  beforeAll(async () => {
    const { root, traces } = judgeDataset(tmp);
    service = createAppService({ mode: 'web', stateDir: state, fileUrl: (id, rel) => `/files/${id}/${rel}` });
    service.subscribe((event, payload) => { seen.push(`${event} ${JSON.stringify(payload)}`); });
    evalId = (await service.calls['eval:open']({ dataset: root, agents: [{ name: 'agent', path: traces }] })).evalId;
  }, 120_000);

  it('with nothing set in the app the environment is in effect, and each part says so', async () => {
    const v = await call(service.calls['eval:judgeEndpoint']({}));
    expect(v).toMatchObject({ baseURL: envLlm.url, models: ['screen-judge', 'claim-judge'], key: null, app: null, source: { baseURL: 'environment', models: 'environment', key: 'none' } });
    expect(v.file).toBe(path.join(state, 'judge-endpoint.json'));
    const r = await call(service.calls['eval:methods']({ evalId, methods: ['judge'] }));
    expect([envLlm.requests.length, appLlm.requests.length, r.judge!.requests]).toEqual([8, 0, 8]);
  });

  it('refuses a bad endpoint naming the field and what to do, and saves nothing', async () => {
    const set = (e: Parameters<AppService['calls']['eval:judgeEndpointSet']>[0]) => service.calls['eval:judgeEndpointSet'](e);
    await expect(set({ baseURL: 'ftp://127.0.0.1/v1', models: 'm' })).rejects.toThrow(/^Base URL must start with http:\/\/ or https:\/\/; got ftp:\/\/\. Enter/);
    await expect(set({ baseURL: 'localhost:8000', models: 'm' })).rejects.toThrow(/^Base URL must start with http/);
    await expect(set({ baseURL: 'not a url', models: 'm' })).rejects.toThrow(/^Base URL: "not a url" is not a URL; enter one like http/);
    await expect(set({ baseURL: '  ', models: 'm' })).rejects.toThrow(/^Base URL: enter the endpoint/);
    await expect(set({ baseURL: appLlm.url, models: ' , ' })).rejects.toThrow(/^Model: enter a model name \(two, comma-separated, for cross-validation\)/);
    await expect(set({ baseURL: appLlm.url, models: 'a,b,c' })).rejects.toThrow(/^Model: give one model, or two different ones/);
    await expect(set({ baseURL: appLlm.url, models: 'a', keyName: '../x', key: KEY })).rejects.toThrow(/^API key name: A key name is 1-64 letters/);
    await expect(set({ baseURL: appLlm.url, models: 'a', keyName: 'nosuch' })).rejects.toThrow(/^API key: no key named "nosuch" is stored; paste the key/);
    expect(existsSync(path.join(state, 'judge-endpoint.json'))).toBe(false);
    expect((await service.calls['run:secrets']({})).secrets).toEqual([]);
  });

  it('the app-set endpoint, models and key are used (Bearer key at the server), answered without the key; another endpoint is asked afresh, the first stays cached', async () => {
    await service.calls['run:secretSet']({ name: 'other', value: 'sk-other-key-for-the-run-form-0000' });
    const v = await call(service.calls['eval:judgeEndpointSet']({ baseURL: ` ${appLlm.url} `, models: ['screen-judge', 'claim-judge'], key: KEY }));
    expect(v).toMatchObject({ baseURL: appLlm.url, models: ['screen-judge', 'claim-judge'], key: { name: 'judge', set: true, last4: KEY.slice(-4) }, source: { baseURL: 'app', models: 'app', key: 'app' } });
    expect(v.environment).toEqual({ baseURL: envLlm.url, models: ['screen-judge', 'claim-judge'], keySet: false });
    // One key store: the run form's key is kept and the judge's is listed there too (by name).
    expect((await call(service.calls['run:secrets']({}))).secrets.map((x) => x.name)).toEqual(['judge', 'other']);
    expect((await new SecretStore(state).list()).secrets.map((x) => x.name)).toEqual(['judge', 'other']);

    const r = await call(service.calls['eval:methods']({ evalId, methods: ['judge', 'hybrid'] }));
    expect(r.unavailable).toEqual({});
    expect(appLlm.requests.length).toBe(8);
    expect(envLlm.requests.length).toBe(8);
    expect(appLlm.requests.every((q) => q.authorization === `Bearer ${KEY}`)).toBe(true);
    expect([r.judge!.requests, r.judge!.cached]).toEqual([8, 0]);
    expect(Object.fromEntries(r.cells.map((c) => [c.episode, c.judge?.completed ?? 'human']))).toEqual({ full: true, short: false, claimed: 'human', noclaim: 'human' });

    // The same models at the environment's endpoint were asked before: those answers stay theirs.
    const again = await call(service.calls['eval:methods']({ evalId, methods: ['judge'] }));
    expect([again.judge!.requests, again.judge!.cached, appLlm.requests.length]).toEqual([0, 8, 8]);

    // One model now (the key name picks the stored key): only that model's answers at this endpoint count.
    await call(service.calls['eval:judgeEndpointSet']({ baseURL: appLlm.url, models: 'screen-judge', keyName: 'judge' }));
    const one = await call(service.calls['eval:methods']({ evalId, methods: ['judge'] }));
    expect([one.judge!.models, one.judge!.requests, one.judge!.cached]).toEqual([['screen-judge'], 0, 4]);
  });

  it('reset: the environment is in effect again (its cached answers reused), the stored key stays in the key store', async () => {
    const v = await call(service.calls['eval:judgeEndpointSet']({ reset: true }));
    expect(v).toMatchObject({ app: null, baseURL: envLlm.url, source: { baseURL: 'environment', models: 'environment', key: 'none' } });
    const r = await call(service.calls['eval:methods']({ evalId, methods: ['judge'] }));
    expect([r.judge!.requests, r.judge!.cached, envLlm.requests.length]).toEqual([0, 8, 8]);
    expect(envLlm.requests.every((q) => q.authorization === 'Bearer no-key')).toBe(true);
    expect((await service.calls['run:secrets']({})).secrets.map((x) => x.name)).toEqual(['judge', 'other']);
  });

  it('a stored key deleted in the run form: the judge column says which key and what to do', async () => {
    await service.calls['eval:judgeEndpointSet']({ baseURL: appLlm.url, models: 'screen-judge', keyName: 'judge' });
    await service.calls['run:secretDelete']({ name: 'judge' });
    const v = await call(service.calls['eval:judgeEndpoint']({}));
    expect([v.key, v.source.key]).toEqual([null, 'app']);
    const r = await call(service.calls['eval:methods']({ evalId, methods: ['judge'] }));
    expect(r.unavailable.judge).toMatch(/^No judge: the judge's API key "judge" is no longer stored: paste it again under Judge endpoint/);
  });

  it('the key is in no call result, no event, the settings file or the judge cache', () => {
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.some((t) => t.startsWith('job:'))).toBe(true);
    expect(seen.filter((t) => t.includes(KEY))).toEqual([]);
    expect(readFileSync(path.join(state, 'judge-endpoint.json'), 'utf8')).not.toContain(KEY);
    expect(allText(path.join(state, 'judge-cache'))).not.toContain(KEY);
    expect(allText(path.join(state, 'judge-cache'))).toContain('"endpoint"');
  });
});

describe('judge endpoint settings file', () => {
  it('a broken or foreign file is named with what to do; a save replaces it atomically (no temp file left)', async () => {
    const dir = path.join(tmp, 'broken-state');
    const service = createAppService({ mode: 'web', stateDir: dir, fileUrl: (id, rel) => `/files/${id}/${rel}`, secrets: 'memory' });
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'judge-endpoint.json');
    writeFileSync(file, '{"baseURL": ');
    await expect(service.calls['eval:judgeEndpoint']({})).rejects.toThrow(`${file} is not valid JSON`);
    writeFileSync(file, '{"baseURL": "http://x"}');
    await expect(service.calls['eval:judgeEndpoint']({})).rejects.toThrow(`${file} is not a Touchstone judge endpoint file (format touchstone-judge-endpoint/1); delete it or save the judge endpoint again.`);
    const v = await service.calls['eval:judgeEndpointSet']({ baseURL: 'https://api.example.com/v1', models: 'm1' });
    expect([v.source.baseURL, v.source.key, v.app]).toEqual(['app', process.env.TOUCHSTONE_LLM_API_KEY ? 'environment' : 'none', { baseURL: 'https://api.example.com/v1', models: ['m1'], keyName: null }]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ format: 'touchstone-judge-endpoint/1', baseURL: 'https://api.example.com/v1', models: ['m1'], keyName: null });
    expect(readdirSync(dir)).toEqual(['judge-endpoint.json']);
  });
});
