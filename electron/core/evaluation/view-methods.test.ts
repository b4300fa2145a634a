import { describe, it, expect, afterAll, beforeAll } from 'vitest';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createAppService } from '../../app';
import type { AppService } from '../../kernel/types';
import { tempDir, TRACE_18 } from './testing/temp-dataset';
import { startFakeLlm, type FakeLlm } from '../judge/testing/fake-llm-server';
import { claimJudge, judgeDataset, screenJudge } from '../judge/testing/judge-fixtures';

const ENV = ['TOUCHSTONE_LLM_BASE_URL', 'TOUCHSTONE_LLM_MODEL', 'TOUCHSTONE_LLM_API_KEY'] as const;
const tmp = tempDir('touchstone-viewmethods-');
let llm: FakeLlm;
const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
beforeAll(async () => { llm = await startFakeLlm({ 'screen-judge': screenJudge, 'claim-judge': claimJudge }); for (const k of ENV) delete process.env[k]; });
afterAll(async () => {
  await llm.close();
  for (const k of ENV) if (saved[k] === undefined) delete process.env[k]; else process.env[k] = saved[k];
  rmSync(tmp, { recursive: true, force: true });
});

describe.skipIf(!existsSync(TRACE_18))('eval:methods: judge, hybrid and CheckPoints columns of an open evaluation (../shared/fixtures absent → skipped)', () => {
  let service: AppService;
  let evalId: string;
  beforeAll(async () => {
    const { root, traces } = judgeDataset(tmp);
    // CheckPoints: the Duolingo package for every run, and the practice lesson's key phrase for one.
    writeFileSync(path.join(root, 'checkpoints.json'), JSON.stringify([
      { ID: 'full', Query: 'Practice pronunciation in French.', 'APP List': ['Duolingo'], CheckPoints: { Package: ['com.duolingo'], 'Key phrase': [], API: [] } },
      { ID: 'short', Query: 'Practice pronunciation in French.', 'APP List': ['Duolingo'], CheckPoints: { Package: ['com.duolingo'], 'Key phrase': ['no such phrase'], API: [] } },
    ]));
    service = createAppService({ mode: 'web', stateDir: path.join(tmp, 'state'), fileUrl: (id, rel) => `/files/${id}/${rel}` });
    evalId = (await service.calls['eval:open']({ dataset: root, agents: [{ name: 'agent', path: traces }] })).evalId;
  }, 120_000);

  it('without an endpoint the judge and hybrid columns say why they are empty; CheckPoints score from the traces', async () => {
    const r = await service.calls['eval:methods']({ evalId, methods: ['judge', 'hybrid', 'checkpoints'] });
    expect(r.unavailable.judge).toMatch(/^No judge: the judge needs an OpenAI-compatible endpoint: set TOUCHSTONE_LLM_BASE_URL/);
    expect(r.unavailable.hybrid).toBe(r.unavailable.judge);
    expect(r.cells.every((c) => c.judge === undefined && c.hybrid === undefined)).toBe(true);
    const cp = Object.fromEntries(r.cells.map((c) => [c.episode, c.checkpoints]));
    expect(cp.full).toMatchObject({ completed: true, level1: 1, level2: 1, score: '1/1' });
    expect(cp.short).toMatchObject({ completed: false, level1: 1, level2: 0.5, score: '1/2' });
    expect(cp.short!.reason).toMatch(/Key phrase "no such phrase" fails/);
    expect(cp.claimed).toMatchObject({ completed: undefined });
    expect(cp.claimed!.reason).toMatch(/No CheckPoints for episode claimed/);
    await expect(service.calls['eval:methods']({ evalId, methods: ['oracle' as 'judge'] })).rejects.toMatchObject({ code: 'invalid-argument', message: expect.stringMatching(/methods\[0\] must be one of "judge", "hybrid", "checkpoints", got "oracle"/) });
  });

  it('with TOUCHSTONE_LLM_* set: two judges, their disagreements and the hybrid\'s queued for a human; a second call is answered from the cache', async () => {
    process.env.TOUCHSTONE_LLM_BASE_URL = llm.url;
    process.env.TOUCHSTONE_LLM_MODEL = 'screen-judge,claim-judge';
    const before = llm.requests.length;
    const r = await service.calls['eval:methods']({ evalId, methods: ['judge', 'hybrid'] });
    expect(r.unavailable).toEqual({});
    expect(llm.requests.length - before).toBe(8);
    const v = Object.fromEntries(r.cells.map((c) => [c.episode, [c.judge?.completed, c.judge?.needsHuman, c.hybrid?.completed, c.hybrid?.needsHuman]]));
    // screen-judge: practice screen reached (full, noclaim); claim-judge: the agent claimed completion (full, claimed).
    expect(v).toEqual({ full: [true, false, true, false], short: [false, false, false, false], claimed: [undefined, true, undefined, true], noclaim: [undefined, true, undefined, true] });
    expect(r.queue.map((q) => [q.episode, q.method])).toEqual([['claimed', 'judge'], ['claimed', 'hybrid'], ['noclaim', 'judge'], ['noclaim', 'hybrid']]);
    expect(r.queue[0]!.verdicts).toEqual({ 'screen-judge': false, 'claim-judge': true });
    expect(r.cells.find((c) => c.episode === 'full')!.judge!.reason).toMatch(/^2 judges agree: The screen shows the practice exercise/);
    expect([r.judge!.models, r.judge!.requests, r.judge!.cached]).toEqual([['screen-judge', 'claim-judge'], 8, 0]);
    const again = await service.calls['eval:methods']({ evalId, methods: ['judge', 'hybrid'] });
    expect(llm.requests.length - before).toBe(8);
    expect([again.judge!.requests, again.judge!.cached]).toEqual([0, 8]);
    expect(again.cells).toEqual(r.cells);
  });
});
