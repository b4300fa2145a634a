import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { makeDataset, type TempDataset } from './dataset-fixture';
import { SHOTS as shots, openWebSession, webSkipReason as why, type WebSession } from './harness';

describe.skipIf(why !== '')(`web mode in Chromium: open a dataset and see its boxes ${why}`, () => {
  let ds: TempDataset;
  let web: WebSession;
  let page: Page;

  beforeAll(async () => {
    ds = makeDataset();
    web = await openWebSession(join(ds.outside, 'state'));
    page = web.page;
  });
  afterAll(async () => {
    await web?.close();
    ds?.cleanup();
  });

  const boxCount = (rel: string, step: number): number =>
    (JSON.parse(readFileSync(join(ds.root, rel, `${step}.json`), 'utf8')) as unknown[]).length;

  async function waitForScreen(step: number): Promise<number> {
    await page.locator(`[data-app-state="ready"] .filmstrip [aria-current="step"][data-step="${step}"]`).waitFor();
    const canvas = page.locator(`.stage[data-step="${step}"] .screen-canvas[data-screen-state="ready"]`);
    await canvas.waitFor();
    return Number(await canvas.getAttribute('data-box-count'));
  }

  it('opens the dataset by path, lists both tasks, selects one and draws one box per i.json entry', async () => {
    await page.goto(web.server.url);
    await page.locator('[data-app-state="ready"][data-view="open"]').waitFor();
    expect(new URL(page.url()).searchParams.get('token')).toBeNull(); // token moved out of the address bar

    await page.fill('#dataset-path', ds.root);
    await page.click('button[type="submit"]');
    await page.locator('[data-view="dataset"] .task-list[data-task-count="2"]').waitFor();
    expect(await page.locator('.task-row').allTextContents()).toEqual([
      expect.stringContaining('Practice pronunciation in French'),
      expect.stringContaining('Open the Duolingo practice hub'),
    ]);

    await page.fill('#task-search', 'practice hub');
    await page.locator('.task-list[data-task-count="1"]').waitFor();
    await page.fill('#task-search', '');
    await page.click('.task-row[data-episode="18"]');
    await page.locator('.filmstrip[data-step-count="5"]').waitFor();
    expect(await waitForScreen(0)).toBe(boxCount('general/trace_18', 0));

    // Keyboard: → twice reaches the annotated step 2.
    await page.locator('body').press('ArrowRight');
    await page.locator('body').press('ArrowRight');
    expect(await waitForScreen(2)).toBe(boxCount('general/trace_18', 2));
    await expect(page.locator('.ess-line').textContent()).resolves.toContain('activity<0>|exact<1>');

    // Hovering a box shows that component's fields (box 1 of 2.json, the one the .ess points at).
    const comp = (JSON.parse(readFileSync(join(ds.root, 'general/trace_18/2.json'), 'utf8')) as Array<Record<string, string>>)[1];
    await page.locator('.component-list li').nth(1).click();
    const fields = await page.locator('.fields[data-component-id="1"]').textContent();
    for (const key of ['class', 'resource-id', 'bounds']) expect(fields).toContain(comp[key]);

    // Wheel zooms about the pointer (boxes stay on their components), double-click fits again.
    const box = (await page.locator('.screen-canvas').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.3);
    await page.mouse.wheel(0, -400);
    await page.locator('.screen-canvas.zoomed').waitFor();
    await page.screenshot({ path: join(shots, 'dataset-view-zoomed.png') });
    await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height * 0.3);
    await page.locator('.screen-canvas:not(.zoomed)').waitFor();
    await page.locator('.component-list li').nth(1).click();

    const file = join(shots, 'dataset-view.png');
    await page.screenshot({ path: file });
    // The README's screenshot: `TOUCHSTONE_SCREENSHOT_TO=docs/screenshot-dataset.png npm run test:e2e` refreshes it.
    if (process.env.TOUCHSTONE_SCREENSHOT_TO) copyFileSync(file, process.env.TOUCHSTONE_SCREENSHOT_TO);

    // The second task, built from the Evaluator's img_test_case screens.
    await page.locator('body').press('ArrowDown');
    await page.locator('.filmstrip[data-step-count="2"]').waitFor();
    expect(await waitForScreen(0)).toBe(boxCount('generated/trace_901', 0));
  });

  it('after a reload (token kept for the tab) the recent list reopens the dataset', async () => {
    await page.reload();
    await page.locator('[data-app-state="ready"][data-view="open"]').waitFor();
    await page.locator('.recent-item', { hasText: ds.root }).click();
    await page.locator('[data-view="dataset"] .task-list[data-task-count="2"]').waitFor();
    expect(await waitForScreen(0)).toBe(boxCount('general/trace_18', 0));
  });
});
