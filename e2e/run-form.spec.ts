import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { startFakeLlm, type FakeLlm } from '../electron/core/agents/testing/fake-llm-server';
import { HAVE_ADB } from '../electron/virtual-device/testing';
import { RunFormPage } from './pages/run-form-page';
import { SHOTS, webSkipReason } from './testing/harness';
import { openRunSession, type RunSession } from './testing/run-session';

const why = webSkipReason || (HAVE_ADB ? '' : 'skipped: adb is not installed');
const KEY = `sk-e2e-${randomBytes(16).toString('hex')}`;

describe.skipIf(why !== '')(`run form: the LLM agent with its settings and a stored key, tokens and cost live ${why}`, () => {
  let session: RunSession;
  let web: RunSession['web'];
  let llm: FakeLlm;
  let dataset: string;
  let page: RunFormPage;
  /** Everything the core sent the page: call answers and event frames. */
  const received: string[] = [];
  const savedKey = process.env.TOUCHSTONE_LLM_API_KEY;

  beforeAll(async () => {
    delete process.env.TOUCHSTONE_LLM_API_KEY;
    session = await openRunSession({
      name: 'runform', tasks: ['demo14'],
      prepare: async () => {
        // Each answer takes 400 ms, as a real model's would: the run lasts ~2 s, so the page sees it running with tokens
        // (with instant answers and fast steps the run could end before the page looked, and the wait below timed out).
        llm = await startFakeLlm({ plan: ['Counter', 'Increase', 'Increase', 'Increase'], key: KEY, delayMs: 400 });
        return () => llm.close();
      },
      onPage: (w) => {
        w.page.on('response', (r) => { if (new URL(r.url()).pathname.startsWith('/api/')) void r.text().then((t) => received.push(t), () => undefined); });
        w.page.on('websocket', (ws) => ws.on('framereceived', (f) => received.push(String(f.payload))));
      },
    });
    ({ web, dataset } = session);
    page = new RunFormPage(web.page);
    await page.waitReady('run');
  }, 240_000);
  afterAll(async () => {
    await session?.close();
    if (savedKey === undefined) delete process.env.TOUCHSTONE_LLM_API_KEY; else process.env.TOUCHSTONE_LLM_API_KEY = savedKey;
  });

  it('checks the LLM settings, runs the agent with a stored key on a virtual device and shows tokens and cost; the key never comes back', async () => {
    await page.startVirtualDevice(1);
    await page.pickTasks(['demo14']);
    await page.chooseAgent('llm');
    expect(await page.problems()).toEqual(['Endpoint: required (e.g. http://127.0.0.1:8080/v1).', 'Model: required (e.g. qwen2.5-vl-7b-instruct).']);
    expect(await page.startButton.isDisabled()).toBe(true);
    await page.setting('base_url').fill('127.0.0.1:8080');
    await page.setting('model').fill('fake-model');
    await page.setting('temperature').fill('3');
    expect(await page.problems()).toEqual(['Endpoint: "127.0.0.1:8080" is not an http(s) URL (e.g. http://127.0.0.1:8080/v1).', 'Temperature: must be a number from 0 to 2; got "3".']);
    expect(await page.startButton.isDisabled()).toBe(true);
    await page.screenshot(join(SHOTS, 'run-form-problems.png'));
    await page.setting('base_url').fill(llm.url);
    await page.setting('temperature').fill('0.2');
    await page.setting('max_tokens').fill('256');
    await page.setting('price_in').fill('2');
    await page.setting('price_out').fill('8');
    await page.storeKey('local', KEY);
    expect(await web.page.locator('.api-key-list li[data-key-name="local"]').textContent()).toContain(`••••${KEY.slice(-4)}`);
    expect(await page.setting('api_key').inputValue()).toBe('');
    await page.setting('api_key').selectOption('local');
    await web.page.getByLabel('Reset method').selectOption('home');
    expect(await page.problems()).toEqual([]);
    await page.saveConfig('llm local');
    await page.screenshot(join(SHOTS, 'run-form-llm.png'));

    await page.startRun();
    const [serial] = await page.serials();
    await page.tileWithStep(serial!).waitFor({ timeout: 60_000 });
    // Tokens arrive with the steps, before the run ends.
    await web.page.locator('.live-run[data-run-status="running"] .run-usage:not([data-tokens-in="0"])').waitFor({ timeout: 60_000 });
    await page.screenshot(join(SHOTS, 'run-llm-live.png'));
    await page.run('done').waitFor({ timeout: 120_000 });
    expect(await page.episodeRows().evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-episode')} ${r.getAttribute('data-outcome')} ${r.getAttribute('data-completed')}`))).toEqual(['demo14 finished true']);
    const u = page.usage();
    const [tin, tout, reqs, cost] = await Promise.all(['data-tokens-in', 'data-tokens-out', 'data-requests', 'data-cost'].map((a) => u.getAttribute(a).then(Number)));
    // The endpoint's own count: 5 requests (4 taps, complete), 12 tokens out each; the cost at $2 / $8 per million.
    expect([reqs, tout]).toEqual([5, 60]);
    const promptTokens = (b: Record<string, unknown>): number => Math.ceil(String((b.messages as { role: string; content: string }[]).findLast((m) => m.role === 'user')!.content).length / 4);
    expect(tin).toBe(llm.requests.reduce((a, r) => a + promptTokens(r.body), 0));
    expect(cost).toBeCloseTo((2 * tin + 8 * 60) / 1e6, 6);
    expect(await u.locator('tr[data-usage-episode="demo14"][data-done="true"]').getAttribute('data-tokens-in')).toBe(String(tin));
    await page.screenshot(join(SHOTS, 'run-llm-done.png'));
    // The form's settings reached the endpoint, with the stored key; the episode record names the model and redacts the key.
    expect(llm.requests.map((r) => [r.status, r.auth === `Bearer ${KEY}`, r.body.model, r.body.temperature, r.body.max_tokens])).toEqual(Array(5).fill([200, true, 'fake-model', 0.2, 256]));
    const trace = await page.episodeRows().first().getAttribute('data-trace');
    const rec = JSON.parse(readFileSync(join(dataset, trace!, 'episode.json'), 'utf8')) as { config: { reset: string }; agent: { settings: Record<string, string> } };
    expect([rec.config.reset, rec.agent.settings.api_key, rec.agent.settings.model]).toEqual(['home', '[redacted]', 'fake-model']);
    // Nothing the core sent the page carried the key; the saved configuration holds its name only.
    expect(received.length).toBeGreaterThan(10);
    expect(received.filter((t) => t.includes(KEY))).toEqual([]);
    const stored = await web.page.evaluate(() => localStorage.getItem('touchstone.run.configs') ?? '');
    expect(stored).toContain('"api_key":"local"');
    expect(stored).not.toContain(KEY);
  }, 300_000);

  it('a saved configuration brings back the agent, its settings, the key by name and the reset after a reload', async () => {
    await web.page.reload();
    await page.waitReady('run');
    // The re-attached run still shows its tokens and cost.
    await web.page.locator('.live-run[data-run-status="done"] .run-usage[data-tokens-out="60"] tr[data-usage-episode="demo14"]').waitFor();
    await page.loadConfig('llm local');
    expect(await web.page.getByLabel('Agent', { exact: true }).inputValue()).toBe('llm');
    expect(await Promise.all(['base_url', 'model', 'temperature', 'max_tokens', 'price_in', 'api_key'].map((k) => page.setting(k).inputValue()))).toEqual([llm.url, 'fake-model', '0.2', '256', '2', 'local']);
    expect(await web.page.getByLabel('Reset method').inputValue()).toBe('home');
  });
});
