import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { startFakeLlm, type FakeLlm } from '../electron/core/agents/testing/fake-llm-server';
import { HAVE_ADB } from '../electron/virtual-device/testing';
import { EvaluatePage } from './pages/evaluate-page';
import { RunFormPage } from './pages/run-form-page';
import { SHOTS, webSkipReason } from './testing/harness';
import { openRunSession, type RunSession } from './testing/run-session';

const why = webSkipReason || (HAVE_ADB ? '' : 'skipped: adb is not installed');
const KEY = `sk-e2e-${randomBytes(16).toString('hex')}`;

describe.skipIf(why !== '')(`the conversation on screen: each LLM step's prompt, image and reply in the step log and the replay ${why}`, () => {
  let session: RunSession;
  let web: RunSession['web'];
  let llm: FakeLlm;
  let page: RunFormPage;
  /** Everything the core sent the page: call answers and event frames. */
  const received: string[] = [];
  const savedKey = process.env.TOUCHSTONE_LLM_API_KEY;

  beforeAll(async () => {
    delete process.env.TOUCHSTONE_LLM_API_KEY;
    session = await openRunSession({
      name: 'conversation', tasks: ['demo15'],
      prepare: async () => {
        llm = await startFakeLlm({ plan: ['Counter', 'Decrease'], key: KEY });
        return () => llm.close();
      },
      onPage: (w) => {
        w.page.on('response', (r) => { if (new URL(r.url()).pathname.startsWith('/api/')) void r.text().then((t) => received.push(t), () => undefined); });
        w.page.on('websocket', (ws) => ws.on('framereceived', (f) => received.push(String(f.payload))));
      },
    });
    ({ web } = session);
    page = new RunFormPage(web.page);
    await page.waitReady('run');
  }, 240_000);
  afterAll(async () => {
    await session?.close();
    if (savedKey === undefined) delete process.env.TOUCHSTONE_LLM_API_KEY; else process.env.TOUCHSTONE_LLM_API_KEY = savedKey;
  });

  it('a vision run: a step log row opens its prompt, the screen sent and the reply; search finds it; the replay shows the same; no key in any answer', async () => {
    await page.startVirtualDevice(1);
    await page.pickTasks(['demo15']);
    await page.chooseAgent('llm');
    await page.setting('base_url').fill(llm.url);
    await page.setting('model').fill('fake-vision');
    await page.setting('mode').selectOption('vision');
    await page.storeKey('local', KEY);
    await page.setting('api_key').selectOption('local');
    await page.startRun();
    await page.run('done').waitFor({ timeout: 120_000 });
    // The canary (on by default) replayed demo15's recording first and quarantined nothing.
    expect(await web.page.locator('section[aria-label="Canary"]').getAttribute('data-quarantined')).toBe('0');

    const log = web.page.locator('.step-log');
    await log.locator('li[data-episode="demo15"][data-step="1"]').click();
    const conv = web.page.locator('section[aria-label="Step conversation"][data-step="1"]');
    await conv.waitFor();
    expect(await conv.locator('details[data-role="user"] pre[data-part="prompt"]').textContent()).toMatch(/Task: Decrease the counter to -1\.[\s\S]*Screen elements:\n\[\d+\] /);
    expect(await conv.locator('pre[data-part="prompt"]').last().textContent()).toContain('<set-of-marks PNG,');
    await conv.locator('.step-conversation-image img').evaluate((img: HTMLImageElement) => img.decode());
    expect(await conv.locator('.step-conversation-image img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
    expect(await conv.locator('pre[data-part="reply"]').textContent()).toMatch(/^tap\(\{"element":\d+\}\)$/);
    expect(await conv.locator('.muted').first().textContent()).toMatch(/fake-vision · vision · \d+ tokens in, 12 out · \d+ ms · 1 request/);
    await page.screenshot(join(SHOTS, 'run-step-conversation.png'));
    // Search: the words of a reply find its step; nonsense finds none.
    await web.page.getByLabel('Search steps').fill('"element"');
    expect(Number(await log.getAttribute('data-steps'))).toBe(2);
    await web.page.getByLabel('Search steps').fill('no such words anywhere');
    expect(await log.getAttribute('data-steps')).toBe('0');
    await web.page.getByLabel('Search steps').fill('');

    await web.page.locator('[data-action="open-evaluation"]').click();
    const ev = new EvaluatePage(web.page);
    await ev.waitOverview(1);
    await ev.cell('demo15', 'llm').click();
    await ev.press('Enter');
    await ev.replay.waitFor();
    await ev.press('ArrowRight');
    const rc = web.page.locator('.replay-conversation[data-step="1"]');
    await rc.waitFor();
    expect(await rc.locator('details[data-role="user"] pre').textContent()).toContain('Task: Decrease the counter to -1.');
    expect(await rc.locator('pre[data-part="reply"]').textContent()).toMatch(/^tap\(\{"element":\d+\}\)$/);
    expect(await rc.locator('.step-conversation-image img').count()).toBe(1);
    await ev.screenshot(join(SHOTS, 'replay-step-conversation.png'));

    expect(received.length).toBeGreaterThan(10);
    expect(received.filter((t) => t.includes(KEY))).toEqual([]);
  }, 300_000);
});
