import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../electron/core/evaluation/testing/temp-dataset';
import { startFakeLlm, type FakeLlm } from '../electron/core/judge/testing/fake-llm-server';
import { claimJudge, judgeDataset, screenJudge } from '../electron/core/judge/testing/judge-fixtures';
import type { EvaluatePage } from './pages/evaluate-page';
import { SHOTS, webSkipReason as why } from './testing/harness';
import { openEvalSession, type EvalSession } from './testing/eval-session';

const ENV = ['TOUCHSTONE_LLM_BASE_URL', 'TOUCHSTONE_LLM_MODEL', 'TOUCHSTONE_LLM_API_KEY'] as const;

// The judge, hybrid and CheckPoints columns of the evaluation view and its "needs a human" queue, in
// Chromium against the web server, with a local OpenAI-compatible server started here whose two
// judge models answer from what each request shows them.
describe.skipIf(why !== '')(`web mode in Chromium: judge, hybrid and CheckPoints columns, the needs-a-human queue ${why}`, () => {
  const tmp = tempDir('touchstone-e2e-methods-');
  const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
  let llm: FakeLlm;
  let session: EvalSession;
  let ev: EvaluatePage;
  let labels: string;
  const extraVerdict = (ep: string, m: string) => ev.cell(ep, 'agent').locator(`[data-method="${m}"]`);

  beforeAll(async () => {
    for (const k of ENV) delete process.env[k];
    llm = await startFakeLlm({ 'screen-judge': screenJudge, 'claim-judge': claimJudge });
    const { root, traces } = judgeDataset(tmp);
    writeFileSync(join(root, 'checkpoints.json'), JSON.stringify([
      { ID: 'full', Query: 'Practice pronunciation in French.', 'APP List': ['Duolingo'], CheckPoints: { Package: ['com.duolingo'], 'Key phrase': [], API: [] } },
      { ID: 'short', Query: 'Practice pronunciation in French.', 'APP List': ['Duolingo'], CheckPoints: { Package: ['com.duolingo'], 'Key phrase': ['no such phrase'], API: [] } },
    ]));
    labels = join(tmp, 'labels.csv');
    // As `serve --dataset D --traces agent=T --human labels.csv` with the judge and CheckPoints columns asked for.
    const evaluation = { dataset: root, agents: [{ name: 'agent', path: traces }], human: labels, methods: ['judge' as const, 'checkpoints' as const] };
    session = await openEvalSession({ evaluation, stateDir: join(tmp, 'state'), rows: 4 });
    ({ ev } = session);
  }, 180_000);
  afterAll(async () => {
    await session?.close();
    await llm?.close();
    for (const k of ENV) if (saved[k] === undefined) delete process.env[k]; else process.env[k] = saved[k];
    rmSync(tmp, { recursive: true, force: true });
  });

  it('opens with the asked-for columns: without an endpoint the judge column says why it is empty; CheckPoints show their scores', async () => {
    await ev.page.locator('.ev-extra-toggles[data-extra-state="ready"][data-extra-on="judge,checkpoints"]').waitFor();
    const note = ev.page.locator('[data-unavailable="judge"]');
    expect(await note.textContent()).toMatch(/judge column empty: No judge: the judge needs an OpenAI-compatible endpoint: set TOUCHSTONE_LLM_BASE_URL/);
    expect(await ev.page.locator('.ov-agent-head [data-head="judge"]').getAttribute('title')).toMatch(/TOUCHSTONE_LLM_BASE_URL/);
    expect(await extraVerdict('full', 'judge').getAttribute('data-verdict')).toBe('none');
    expect(await extraVerdict('full', 'judge').getAttribute('title')).toMatch(/^LLM judge \(A3\): No judge/);
    expect([await extraVerdict('full', 'checkpoints').textContent(), await extraVerdict('full', 'checkpoints').getAttribute('data-verdict')]).toEqual(['1/1', 'pass']);
    expect([await extraVerdict('short', 'checkpoints').textContent(), await extraVerdict('short', 'checkpoints').getAttribute('data-verdict')]).toEqual(['1/2', 'fail']);
    expect(await extraVerdict('claimed', 'checkpoints').getAttribute('title')).toMatch(/No CheckPoints for episode claimed/);
    await ev.screenshot(join(SHOTS, 'evaluate-methods-no-endpoint.png'));
  }, 60_000);

  it('with an endpoint the user turns the judge and hybrid on: verdicts, the queue as a filter and list, one key labels and moves on', async () => {
    process.env.TOUCHSTONE_LLM_BASE_URL = llm.url;
    process.env.TOUCHSTONE_LLM_MODEL = 'screen-judge,claim-judge';
    const before = llm.requests.length;
    await ev.page.locator('[data-extra-toggle="judge"]').uncheck();
    await ev.page.locator('.ev-extra-toggles[data-extra-state="ready"][data-extra-on="checkpoints"]').waitFor();
    await ev.page.locator('[data-extra-toggle="judge"]').check();
    await ev.page.locator('.ev-extra-toggles[data-extra-state="ready"][data-extra-on="judge,checkpoints"]').waitFor();
    await ev.page.locator('[data-extra-toggle="hybrid"]').check();
    await ev.page.locator('.ev-extra-toggles[data-extra-state="ready"][data-extra-on="judge,hybrid,checkpoints"]').waitFor();
    expect(await ev.page.locator('[data-unavailable]').count()).toBe(0);
    const verdicts = async (m: string) => Object.fromEntries(await Promise.all(['full', 'short', 'claimed', 'noclaim'].map(async (ep) => [ep, await extraVerdict(ep, m).getAttribute('data-verdict')])));
    expect(await verdicts('judge')).toEqual({ full: 'pass', short: 'fail', claimed: 'human', noclaim: 'human' });
    expect(await verdicts('hybrid')).toEqual({ full: 'pass', short: 'fail', claimed: 'human', noclaim: 'human' });
    // Two models, four episodes asked once; turning the hybrid on was answered from the judge's cache.
    expect(llm.requests.length - before).toBe(8);
    expect(await ev.page.locator('[data-judge-usage]').textContent()).toMatch(/judge screen-judge \+ claim-judge: 0 request\(s\), 8 cached, 0 failed/);

    await ev.page.locator('[data-filter="queue"]').check();
    await ev.page.locator('.ov-table[data-row-count="2"]').waitFor();
    const queue = ev.page.locator('.ev-queue');
    expect(await queue.getAttribute('data-queue-size')).toBe('4');
    expect(await queue.locator('[data-queue-item][data-method="judge"]').first().textContent()).toMatch(/claimed · agent · judge.*Needs a human: the judges disagree on claimed: screen-judge: not completed/);
    await queue.locator('[data-queue-item][data-episode="claimed"]').first().click();
    await ev.press('n');
    await ev.page.locator('.ev-queue[data-queue-labelled="2"]').waitFor();
    expect(readFileSync(labels, 'utf8')).toBe('episode,agent,repeat,human\nclaimed,agent,1,0\n');
    // The cursor moved on to the next unlabelled queued episode: one more key labels it.
    await ev.page.locator('.ov-agent.selected[data-agent="agent"]').locator('xpath=ancestor::div[@data-episode="noclaim"]').waitFor();
    await ev.press('y');
    await ev.page.locator('.ev-queue[data-queue-labelled="4"]').waitFor();
    expect(readFileSync(labels, 'utf8')).toBe('episode,agent,repeat,human\nclaimed,agent,1,0\nnoclaim,agent,1,1\n');
    const acc = ev.page.locator('[data-testid="extra-method-table"] tr[data-method="judge"] [data-metric="accuracy"]');
    expect(await acc.textContent()).toBe('–');
    await ev.screenshot(join(SHOTS, 'evaluate-methods-queue.png'));
  }, 90_000);

  it('the replay shows the judge\'s reason, the hybrid\'s and the CheckPoints\' in words', async () => {
    await ev.page.locator('[data-filter="queue"]').uncheck();
    await ev.cell('full', 'agent').click();
    await ev.press('Enter');
    await ev.replay.waitFor();
    expect(await ev.page.locator('[data-extra-reason="judge"]').textContent()).toMatch(/^LLM judge \(A3\): completed 2 judges agree: The screen shows the practice exercise \("Select the correct image"\)\./);
    expect(await ev.page.locator('[data-extra-reason="checkpoints"]').textContent()).toMatch(/CheckPoints \(Mobile-Bench\): completed \(1\/1, level 1 100\.0%, level 2 100\.0%\)/);
    await ev.press('Escape');
    await ev.cell('noclaim', 'agent').click();
    await ev.press('Enter');
    await ev.page.locator('.replay[data-replay-state="ready"][data-episode="noclaim"]').waitFor();
    expect(await ev.page.locator('[data-extra-reason="hybrid"]').textContent()).toMatch(/needs a human Needs a human: essential states say not completed .*the judge gave no verdict|needs a human Needs a human: /);
    await ev.screenshot(join(SHOTS, 'evaluate-methods-replay.png'));
    expect(existsSync(join(SHOTS, 'evaluate-methods-replay.png'))).toBe(true);
  }, 60_000);
});
