import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../electron/core/evaluation/testing/temp-dataset';
import { startFakeLlm, type FakeLlm } from '../electron/core/judge/testing/fake-llm-server';
import { claimJudge, judgeDataset, screenJudge } from '../electron/core/judge/testing/judge-fixtures';
import { EvaluatePage } from './pages/evaluate-page';
import { SHOTS, webSkipReason as why } from './testing/harness';
import { openEvalSession, type EvalSession } from './testing/eval-session';

const ENV = ['TOUCHSTONE_LLM_BASE_URL', 'TOUCHSTONE_LLM_MODEL', 'TOUCHSTONE_LLM_API_KEY'] as const;
const KEY = `sk-e2e-judge-${randomBytes(16).toString('hex')}`;

// The judge's endpoint set in the evaluation view's panel, in Chromium against the web server: the
// environment's endpoint is the default, the panel's replaces it (key stored in the core, never sent
// back), the judge column runs against it on request, "Use environment" goes back.
describe.skipIf(why !== '')(`web mode in Chromium: the judge endpoint panel of the evaluation view ${why}`, () => {
  const tmp = tempDir('touchstone-e2e-judge-endpoint-');
  const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));
  /** The panel's endpoint (two models, wants the key) and the environment's (one model). */
  let appLlm: FakeLlm;
  let envLlm: FakeLlm;
  let session: EvalSession;
  let ev: EvaluatePage;
  let other: EvaluatePage;
  /** Everything the core sent the page: call answers and event frames. */
  const received: string[] = [];
  const panel = () => ev.page.locator('form.ev-judge-panel');
  const effect = () => panel().locator('[data-judge-effect]');
  const verdicts = async (m: string) => Object.fromEntries(await Promise.all(['full', 'short', 'claimed', 'noclaim'].map(async (ep) => [ep, await ev.cell(ep, 'agent').locator(`[data-method="${m}"]`).getAttribute('data-verdict')])));

  beforeAll(async () => {
    appLlm = await startFakeLlm({ 'screen-judge': screenJudge, 'claim-judge': claimJudge });
    envLlm = await startFakeLlm({ 'screen-judge': screenJudge });
    process.env.TOUCHSTONE_LLM_BASE_URL = envLlm.url;
    process.env.TOUCHSTONE_LLM_MODEL = 'screen-judge';
    delete process.env.TOUCHSTONE_LLM_API_KEY;
    const { root, traces } = judgeDataset(tmp);
    const evaluation = { dataset: root, agents: [{ name: 'agent', path: traces }] };
    session = await openEvalSession({
      evaluation, stateDir: join(tmp, 'state'), rows: 4,
      beforeOpen: ({ page }) => {
        page.on('response', (r) => { if (new URL(r.url()).pathname.startsWith('/api/')) void r.text().then((t) => received.push(t), () => undefined); });
        page.on('websocket', (ws) => ws.on('framereceived', (f) => received.push(String(f.payload))));
      },
    });
    ({ ev } = session);
    // A second window on the same server: it follows what the first one saves.
    other = new EvaluatePage(await session.browser.newPage({ viewport: { width: 1600, height: 1000 }, deviceScaleFactor: 1 }));
    other.page.on('websocket', (ws) => ws.on('framereceived', (f) => received.push(String(f.payload))));
    await other.page.goto(session.server.url);
    await other.waitOverview(4);
    await other.page.locator('[data-action="judge-endpoint"]').click();
    await other.page.locator('form.ev-judge-panel [data-judge-effect="environment,environment,none"]').waitFor();
  }, 180_000);
  afterAll(async () => {
    await session?.close();
    await appLlm?.close();
    await envLlm?.close();
    for (const k of ENV) if (saved[k] === undefined) delete process.env[k]; else process.env[k] = saved[k];
    rmSync(tmp, { recursive: true, force: true });
  });

  it('shows the environment\'s endpoint as the one in effect, and refuses a bad URL or an empty model naming the field', async () => {
    await ev.page.locator('[data-action="judge-endpoint"][data-judge-source="environment"]').click();
    await ev.page.locator('[data-judge-effect="environment,environment,none"]').waitFor();
    expect(await effect().textContent()).toBe(`In effect: ${envLlm.url} (from TOUCHSTONE_LLM_BASE_URL) · screen-judge (from TOUCHSTONE_LLM_MODEL) · no key (local servers often need none)`);
    expect(await panel().getByLabel('Judge base URL').inputValue()).toBe(envLlm.url);
    expect(await panel().getByLabel('Judge model').inputValue()).toBe('screen-judge');
    await panel().getByLabel('Judge base URL').fill('ftp://127.0.0.1/v1');
    await panel().locator('[data-action="judge-save"]').click();
    expect(await panel().locator('[data-judge-error]').textContent()).toMatch(/^Base URL must start with http:\/\/ or https:\/\/; got ftp:\/\/\. Enter the server's address/);
    await panel().getByLabel('Judge base URL').fill(appLlm.url);
    await panel().getByLabel('Judge model').fill(' , ');
    await panel().locator('[data-action="judge-save"]').click();
    await panel().locator('[data-judge-error]', { hasText: /^Model: enter a model name/ }).waitFor();
    expect(existsSync(join(tmp, 'state', 'judge-endpoint.json'))).toBe(false);
    await ev.screenshot(join(SHOTS, 'evaluate-judge-endpoint-error.png'));
  }, 60_000);

  it('saves the panel\'s endpoint with its key, another window follows, runs the judge column against it on request and sees verdicts; the key never comes back', async () => {
    await panel().getByLabel('Judge model').fill('screen-judge, claim-judge');
    await panel().getByLabel('Judge API key').fill(KEY);
    await panel().locator('[data-action="judge-save"]').click();
    await ev.page.locator('[data-judge-effect="app,app,app"]').waitFor();
    expect(await effect().textContent()).toBe(`In effect: ${appLlm.url} (set in the app) · screen-judge + claim-judge (set in the app) · key judge ••••${KEY.slice(-4)} (stored in the app)`);
    expect(await panel().getByLabel('Judge API key').inputValue()).toBe('');
    expect(await ev.page.locator('[data-action="judge-endpoint"]').getAttribute('data-judge-source')).toBe('app');
    expect(await panel().locator('[data-judge-error]').count()).toBe(0);
    // The other window's button and panel follow, and say where the change came from.
    await other.page.locator('[data-action="judge-endpoint"][data-judge-source="app"]').waitFor();
    await other.page.locator('form.ev-judge-panel [data-judge-effect="app,app,app"]').waitFor();
    expect(await other.page.locator('form.ev-judge-panel [data-judge-note]').textContent()).toBe('Changed in another window.');

    await panel().locator('[data-action="judge-run"]').click();
    await ev.page.locator('.ev-extra-toggles[data-extra-state="ready"][data-extra-on="judge"]').waitFor();
    expect(await verdicts('judge')).toEqual({ full: 'pass', short: 'fail', claimed: 'human', noclaim: 'human' });
    expect(await ev.page.locator('[data-judge-usage]').textContent()).toMatch(/^judge screen-judge \+ claim-judge: 8 request\(s\), 0 cached, 0 failed/);
    expect([appLlm.requests.length, envLlm.requests.length]).toEqual([8, 0]);
    expect(appLlm.requests.every((r) => r.authorization === `Bearer ${KEY}`)).toBe(true);
    await ev.screenshot(join(SHOTS, 'evaluate-judge-endpoint.png'));

    expect(received.length).toBeGreaterThan(10);
    expect(received.some((t) => t.includes('"judge"') && t.includes(KEY.slice(-4)))).toBe(true);
    expect(received.filter((t) => t.includes(KEY))).toEqual([]);
    expect(await ev.page.content()).not.toContain(KEY);
    expect(await ev.page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))).not.toContain(KEY);
    expect(readFileSync(join(tmp, 'state', 'judge-endpoint.json'), 'utf8')).not.toContain(KEY);
  }, 90_000);

  it('"Use environment" forgets the app\'s endpoint: the judge column runs again against the environment\'s', async () => {
    await panel().locator('[data-action="judge-reset"]').click();
    await ev.page.locator('[data-judge-effect="environment,environment,none"]').waitFor();
    await ev.page.locator('[data-judge-usage]', { hasText: /^judge screen-judge: 4 request\(s\)/ }).waitFor();
    await other.page.locator('form.ev-judge-panel [data-judge-effect="environment,environment,none"]').waitFor();
    expect(await verdicts('judge')).toEqual({ full: 'pass', short: 'fail', claimed: 'fail', noclaim: 'pass' });
    expect([appLlm.requests.length, envLlm.requests.length]).toEqual([8, 4]);
    expect(envLlm.requests.every((r) => r.authorization === 'Bearer no-key')).toBe(true);
    expect(received.filter((t) => t.includes(KEY))).toEqual([]);
  }, 60_000);
});
