import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createAppService } from '../electron/core/app/app-service';
import { makeEvalViewFixture, type EvalViewFixture } from '../electron/core/evaluation/testing/eval-view-fixture';
import { startServer, type RunningServer } from '../electron/server';
import type { Browser } from 'playwright-core';
import { EvaluatePage } from './pages/evaluate-page';
import { ensureRendererBuilt, launchChromium, RENDERER_DIR, SHOTS, webSkipReason as why } from './testing/harness';

// A screen-level fuzzy state (`fuzzy<-1>` on trace_18's step 2) that the `cut` agent never reaches:
// the replay says how similar the closest screen was and which lines differ, with the shipped sentence model.
describe.skipIf(why !== '')(`web mode in Chromium: a screen comparison explained line by line ${why}`, () => {
  let fx: EvalViewFixture;
  let server: RunningServer;
  let browser: Browser;
  let ev: EvaluatePage;

  beforeAll(async () => {
    fx = makeEvalViewFixture(1, 2, { ess: 'fuzzy<-1>' });
    await ensureRendererBuilt();
    const evaluation = { dataset: fx.dataset, agents: Object.entries(fx.agents).map(([name, path]) => ({ name, path })) };
    server = await startServer({ rendererDir: RENDERER_DIR, createService: (fileUrl) => createAppService({ mode: 'web', version: 'e2e', stateDir: join(fx.base, 'state'), fileUrl, evaluation }) });
    browser = await launchChromium();
    ev = new EvaluatePage(await browser.newPage({ viewport: { width: 1600, height: 1000 }, deviceScaleFactor: 1 }));
    await ev.page.goto(server.url);
    await ev.waitOverview(1);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    fx?.cleanup();
  });

  it('the failed fuzzy<-1> item gives the score and lists the lines only one screen has', async () => {
    expect(await ev.verdict('e0', 'complete', 'essential')).toBe('pass');
    expect(await ev.verdict('e0', 'cut', 'essential')).toBe('fail');
    await ev.cell('e0', 'cut').click();
    await ev.press('Enter');
    await ev.replay.waitFor();
    const item = ev.page.locator('.evidence li[data-item="fuzzy<-1>"]');
    await item.waitFor();
    expect(await item.getAttribute('data-status')).toBe('fail');
    const text = (await item.textContent()) ?? '';
    expect(text).toMatch(/Screen text similarity is 0\.\d+ \(similar when >= 0\.9\); \d+ of \d+ ground-truth lines are not on the execution screen \(e\.g\. "/);
    const removed = await item.locator('ul.line-diff li.removed').allTextContents();
    const added = await item.locator('ul.line-diff li.added').allTextContents();
    expect(removed.length).toBeGreaterThan(0);
    expect(added.length).toBeGreaterThan(0);
    expect(removed.every((l) => l.startsWith('- <'))).toBe(true);
    // The first listed ground-truth line is one the sentence quotes.
    expect(text).toContain(removed[0]!.slice(2, 40));
    await ev.screenshot(join(SHOTS, 'evaluate-screen-diff.png'));
  });
});
