import { describe, it, expect, afterAll, beforeAll } from 'vitest';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runEvaluation, type RunReport } from '../evaluation/run-evaluation';
import { tempDir, TRACE_18 } from '../evaluation/testing/temp-dataset';
import { startFakeLlm, type FakeLlm } from './testing/fake-llm-server';
import { claimJudge, HUMAN, judgeDataset, screenJudge } from './testing/judge-fixtures';
import { defaultPromptFile } from './judge-prompt';
import type { JudgeOptions } from './run-judge';
import type { MethodName } from '../../../shared/evaluation/metrics';

const KEY = 'sk-test-DO-NOT-LEAK-4f1c2e';
const tmp = tempDir('touchstone-judge-');
let llm: FakeLlm;
beforeAll(async () => { llm = await startFakeLlm({ 'screen-judge': screenJudge, 'claim-judge': claimJudge }); });
afterAll(async () => { await llm.close(); rmSync(tmp, { recursive: true, force: true }); });

/** Every file under a folder, read as text. */
const allText = (dir: string): string => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => readFileSync(path.join(d.parentPath, d.name), 'utf8')).join('\n');
const verdicts = (r: RunReport, m: 'judge' | 'hybrid' | 'essential'): Record<string, boolean | undefined> => Object.fromEntries(r.outcomes.map((o) => [o.episode, o[m]?.completed]));

describe.skipIf(!existsSync(TRACE_18))('LLM judge on trace_18 runs, against a local OpenAI-compatible server (../shared/fixtures absent → skipped)', () => {
  const { root, traces } = judgeDataset(tmp);
  let n = 0;
  const opts = (over: Partial<JudgeOptions> = {}): JudgeOptions => ({
    endpoint: { baseURL: llm.url, apiKey: KEY, maxRetries: 3 }, models: ['screen-judge'], input: 'text', frames: 'auto',
    promptFile: defaultPromptFile(), cacheDir: path.join(tmp, `cache-${n++}`), prices: { '*': { input: 1, output: 2 } }, ...over,
  });
  const run = (methods: MethodName[], judge: JudgeOptions, humanLabels?: Map<string, boolean>): Promise<RunReport> =>
    runEvaluation({ datasetRoot: root, tracesRoot: traces, methods, mode: 'fixed', jobs: 1, embedder: 'none', judge, humanLabels });

  it('one model (text): verdicts and reasons from the final hierarchy, tokens and cost counted, the key sent but written nowhere', async () => {
    const before = llm.requests.length;
    const o = opts();
    const r = await run(['judge'], o);
    expect(verdicts(r, 'judge')).toEqual({ full: true, short: false, claimed: false, noclaim: true });
    expect(r.outcomes.find((x) => x.episode === 'full')!.judge!.reason).toBe('The screen shows the practice exercise ("Select the correct image").');
    const sent = llm.requests.slice(before);
    expect(sent).toHaveLength(4);
    expect(sent.every((q) => q.authorization === `Bearer ${KEY}` && q.model === 'screen-judge')).toBe(true);
    // The prompt carries the instruction, the final screen's elements and the actions.
    expect(sent[0]!.text).toContain('Task: Practice pronunciation in French in Duolingo.');
    expect(sent[0]!.text).toMatch(/### Screen of step \d \(activity com\.duolingo\//);
    expect(sent[0]!.text).toContain('declare the task complete');
    const u = r.judge!.usage;
    const tokens = { prompt: sent.reduce((a, q) => a + Math.ceil(q.text.length / 4), 0) };
    expect([u.requests, u.cached, u.failed, u.tokens.prompt]).toEqual([4, 0, 0, tokens.prompt]);
    expect(u.costUsd).toBeCloseTo((u.tokens.prompt * 1 + u.tokens.completion * 2) / 1e6, 12);
    expect(r.groups[0]!.methods.judge!.tcr).toBeCloseTo(2 / 4);
    expect(JSON.stringify(r)).not.toContain(KEY);
    expect(allText(o.cacheDir)).not.toContain(KEY);
    expect(allText(o.cacheDir)).toContain('"model": "screen-judge"');
  });

  it('the cache: a second run sends no request and gives the same verdicts; an edited prompt is asked again', async () => {
    const o = opts();
    const first = await run(['judge'], o);
    const before = llm.requests.length;
    const second = await run(['judge'], o);
    expect(llm.requests.length).toBe(before);
    expect(verdicts(second, 'judge')).toEqual(verdicts(first, 'judge'));
    expect([second.judge!.usage.requests, second.judge!.usage.cached, second.judge!.usage.costUsd]).toEqual([0, 4, 0]);
    expect(second.judge!.usage.savedUsd).toBeCloseTo(first.judge!.usage.costUsd!, 12);
    expect(second.outcomes.every((x) => x.judge!.evidence.answers[0]!.cached)).toBe(true);
    const edited = path.join(tmp, 'edited-prompt.md');
    writeFileSync(edited, readFileSync(defaultPromptFile(), 'utf8').replace('You are a strict evaluator', 'You are a careful evaluator'));
    const third = await run(['judge'], { ...o, promptFile: edited });
    expect(third.judge!.usage.requests).toBe(4);
  });

  it('a damaged cache file is asked again and rewritten; the others are reused', async () => {
    const o = opts();
    await run(['judge'], o);
    const files = readdirSync(o.cacheDir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => path.join(d.parentPath, d.name));
    writeFileSync(files[0]!, '{"model": "screen-judge", "promptHash": ');
    const before = llm.requests.length;
    const r = await run(['judge'], o);
    expect([llm.requests.length - before, r.judge!.usage.requests, r.judge!.usage.cached]).toEqual([1, 1, 3]);
    expect(JSON.parse(readFileSync(files[0]!, 'utf8'))).toMatchObject({ model: 'screen-judge' });
    expect(verdicts(r, 'judge')).toEqual({ full: true, short: false, claimed: false, noclaim: true });
  });

  it('a prompt that leaves out the hierarchy gets the wrong verdict (the server answers from what it is sent), and a warning', async () => {
    const blind = path.join(tmp, 'blind-prompt.md');
    writeFileSync(blind, readFileSync(defaultPromptFile(), 'utf8').replaceAll('{{screens}}', ''));
    const r = await run(['judge'], opts({ promptFile: blind }));
    expect(verdicts(r, 'judge')).toEqual({ full: false, short: false, claimed: false, noclaim: false });
    expect(r.outcomes[0]!.judge!.reason).toBe('No screen was shown.');
    expect(r.warnings.join('\n')).toMatch(/blind-prompt\.md: the prompt has no \{\{screens\}\}/);
  });

  it('two models: where they agree the verdict stands, where they disagree the episode waits for a human', async () => {
    const r = await run(['judge'], opts({ models: ['screen-judge', 'claim-judge'] }), HUMAN);
    expect(verdicts(r, 'judge')).toEqual({ full: true, short: false, claimed: undefined, noclaim: undefined });
    expect(r.judge!.queue.map((q) => [q.episode, q.method, q.verdicts, q.human])).toEqual([
      ['claimed', 'judge', { 'screen-judge': false, 'claim-judge': true }, false],
      ['noclaim', 'judge', { 'screen-judge': true, 'claim-judge': false }, true],
    ]);
    expect(r.outcomes.find((x) => x.episode === 'claimed')!.judge!.reason).toMatch(/^Needs a human: the judges disagree on claimed: screen-judge: not completed .*; claim-judge: completed \(The agent declared the task complete\.\)\.$/);
    // Metrics count decided episodes only; each model's agreement with the humans is reported.
    expect(r.groups[0]!.methods.judge!.n).toBe(2);
    expect(r.judge!.agreement).toEqual([
      { judge: 'screen-judge', labelled: 4, agree: 4, accuracy: 1, undecided: 0 },
      { judge: 'claim-judge', labelled: 4, agree: 2, accuracy: 0.5, undecided: 0 },
      { judge: 'judge', labelled: 2, agree: 2, accuracy: 1, undecided: 2 },
    ]);
  });

  it('hybrid: essential states and the judge together; their disagreements are queued', async () => {
    const r = await run(['essential', 'judge', 'hybrid'], opts(), HUMAN);
    expect(verdicts(r, 'essential')).toEqual({ full: true, short: false, claimed: false, noclaim: false });
    expect(verdicts(r, 'hybrid')).toEqual({ full: true, short: false, claimed: false, noclaim: undefined });
    expect(r.judge!.queue.map((q) => [q.episode, q.method, q.verdicts])).toEqual([['noclaim', 'hybrid', { essential: false, judge: true }]]);
    expect(r.outcomes.find((x) => x.episode === 'noclaim')!.hybrid!.reason).toMatch(/^Needs a human: essential states say not completed \(.*never declared.*\); the judge says completed/);
    // Side by side against the humans: essential 3/4, judge 4/4, hybrid 3/3 decided.
    expect(r.groups[0]!.methods.essential!.accuracy).toBeCloseTo(3 / 4);
    expect(r.groups[0]!.methods.judge!.accuracy).toBe(1);
    expect([r.groups[0]!.methods.hybrid!.n, r.groups[0]!.methods.hybrid!.accuracy]).toEqual([3, 1]);
  });

  it('hybrid alone runs the essential states it needs', async () => {
    const r = await run(['hybrid'], opts());
    expect(verdicts(r, 'hybrid')).toEqual({ full: true, short: false, claimed: false, noclaim: undefined });
    expect(r.methods).toEqual(['hybrid']);
  });

  it('vision: the screenshots are sent as images and decide the verdict', async () => {
    const before = llm.requests.length;
    const r = await run(['judge'], opts({ input: 'vision' }));
    expect(verdicts(r, 'judge')).toEqual({ full: true, short: false, claimed: false, noclaim: true });
    const sent = llm.requests.slice(before);
    expect(sent.every((q) => q.images.length === 1 && q.images[0]!.subarray(1, 4).toString() === 'PNG')).toBe(true);
    expect(sent[0]!.text).not.toContain('### Screen of step');
  });

  it('retries on 429 and 5xx, then answers', async () => {
    const before = llm.requests.length;
    llm.failures.push(429, 500, 503);
    const r = await run(['judge'], opts({ concurrency: 1 }));
    expect(verdicts(r, 'judge')).toEqual({ full: true, short: false, claimed: false, noclaim: true });
    const sent = llm.requests.slice(before);
    expect(sent).toHaveLength(4 + 3);
    expect(sent.slice(0, 4).map((q) => q.retryCount)).toEqual(['0', '1', '2', '3']);
    expect(r.judge!.usage.requests).toBe(4);
  });

  it('Ctrl-C while judging keeps the evaluated episodes, leaves the judge out and says so', async () => {
    const ac = new AbortController();
    const r = await runEvaluation({
      datasetRoot: root, tracesRoot: traces, methods: ['essential', 'judge'], mode: 'fixed', jobs: 1, embedder: 'none', signal: ac.signal,
      judge: opts({ concurrency: 1, onProgress: (done) => { if (done === 1) ac.abort(new Error('Evaluation cancelled (Ctrl-C).')); } }),
    });
    expect(r.cancelled).toBe(true);
    expect(r.judge).toBeUndefined();
    expect(verdicts(r, 'essential')).toEqual({ full: true, short: false, claimed: false, noclaim: false });
    expect(r.outcomes.every((x) => x.judge === undefined)).toBe(true);
    expect(r.warnings).toContain('Cancelled while judging: the judge and hybrid columns are left out.');
  });

  it('a failing endpoint leaves the episodes for a human with a reason naming model and status, never the key', async () => {
    const r = await run(['judge'], opts({ models: ['no-such-model'] }));
    expect(verdicts(r, 'judge')).toEqual({ full: undefined, short: undefined, claimed: undefined, noclaim: undefined });
    expect(r.judge!.queue).toHaveLength(4);
    expect(r.judge!.usage.failed).toBe(4);
    expect(r.outcomes[0]!.judge!.reason).toMatch(/^Needs a human: no-such-model gave no verdict \(Judge model no-such-model at http:\/\/127\.0\.0\.1:\d+\/v1 failed \(HTTP 404\): .*Check the model name/);
    expect(JSON.stringify(r)).not.toContain(KEY);
  });
});
