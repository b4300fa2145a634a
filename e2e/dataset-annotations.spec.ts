import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { makeDataset, type TempDataset } from './dataset-fixture';
import { SHOTS as shots, openDatasetByPath, openWebSession, webSkipReason as why, type WebSession } from './harness';

describe.skipIf(why !== '')(`web mode in Chromium: recorded actions and essential states on the screen ${why}`, () => {
  let ds: TempDataset;
  let web: WebSession;
  let page: Page;
  const canvas = (step: number) => page.locator(`[data-app-state="ready"] .stage[data-step="${step}"] .screen-canvas[data-screen-state="ready"]`);

  beforeAll(async () => {
    ds = makeDataset();
    web = await openWebSession(join(ds.outside, 'state'));
    page = web.page;
    await openDatasetByPath(web, ds.root, 2);
    await page.click('.task-row[data-episode="18"]');
    await page.locator('.filmstrip[data-step-count="5"]').waitFor();
  });
  afterAll(async () => {
    await web?.close();
    ds?.cleanup();
  });

  it('draws the recorded action: a chip for [Home], a tap scaled from 320x720 to 1080x2400 on the component 2.ess clicks', async () => {
    await canvas(0).waitFor();
    expect(await canvas(0).getAttribute('data-action-mark')).toBe('chip');
    expect(await page.locator('.canvas-legend [data-legend="action"]').textContent()).toContain('Home');
    await page.screenshot({ path: join(shots, 'annotations-home.png') });

    await page.click('.frame[data-step="2"]');
    const c = canvas(2);
    await c.waitFor();
    // eventStructs.txt line 3: "[Click] Screen Resolution (320, 720), Click Position (150, 260)".
    const line = readFileSync(join(ds.root, 'general/trace_18/eventStructs.txt'), 'utf8').split('\n')[2];
    const [rw, rh, x, y] = /\((\d+), (\d+)\).*\((\d+), (\d+)\)/.exec(line)!.slice(1).map(Number);
    expect(await c.getAttribute('data-action-mark')).toBe('tap');
    expect(await c.getAttribute('data-action-at')).toBe(`${Math.round((x * 1080) / rw)},${Math.round((y * 2400) / rh)}`);
    // The tap hits the very component the xpath-valued click<...> of 2.ess resolves to.
    const click = page.locator('.ess-items li[data-keyword="click"]');
    const clickIds = await click.getAttribute('data-component-ids');
    expect(clickIds).toMatch(/^\d+$/);
    expect(await c.getAttribute('data-tap-component')).toBe(clickIds);
    // Thumbnails: taps on steps 1-3, nothing on the [Home] step 0 and the last step.
    expect(await page.locator('.filmstrip [data-thumb-mark="tap"]').count()).toBe(3);
    expect(await page.locator('.frame[data-step="0"] [data-thumb-mark]').count()).toBe(0);

    // "a" hides the action everywhere, "a" again shows it.
    await page.locator('body').press('a');
    await page.locator('.stage[data-step="2"] .screen-canvas[data-action-mark="none"]').waitFor();
    expect(await page.locator('.filmstrip [data-thumb-mark]').count()).toBe(0);
    await page.locator('body').press('a');
    await page.locator('.stage[data-step="2"] .screen-canvas[data-action-mark="tap"]').waitFor();
  });

  it('highlights the essential-state components with a legend, lists the items, and selects an item\'s component', async () => {
    const c = canvas(2);
    await c.waitFor();
    expect(await c.getAttribute('data-ess-highlights')).toBe('2'); // exact<1> and the click's component
    expect(await page.locator('.canvas-legend li').evaluateAll((els) => els.map((e) => e.getAttribute('data-legend')))).toEqual(['exact', 'click', 'action']);
    const items = page.locator('.ess-items li');
    expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-keyword')))).toEqual(['activity', 'exact', 'click']);
    expect(await items.nth(1).textContent()).toMatch(/#1.*A component equal to #1/);
    expect(await items.nth(2).textContent()).toContain('The agent taps inside #');
    // The component list marks what the annotation points at.
    expect(await page.locator('.component-list li').nth(1).locator('.comp-ess').getAttribute('data-ess')).toBe('exact');

    // Items are reachable from the keyboard too: Enter on a focused item selects its component.
    await items.nth(1).focus();
    await page.keyboard.press('Enter');
    await page.locator('.fields[data-component-id="1"]').waitFor();
    const clickId = await items.nth(2).getAttribute('data-component-ids');
    await items.nth(2).click();
    await page.locator(`.fields[data-component-id="${clickId}"]`).waitFor();
    await page.screenshot({ path: join(shots, 'annotations-1600.png') });

    // "e" hides the highlights, "b" the numbered boxes; both come back.
    await page.locator('body').press('e');
    await page.locator('.screen-canvas[data-ess-highlights="0"]').waitFor();
    await page.locator('body').press('b');
    await page.locator('.screen-canvas[data-boxes-shown="false"]').waitFor();
    await page.click('[data-overlay="ess"]');
    await page.click('[data-overlay="boxes"]');
    await page.locator('.screen-canvas[data-ess-highlights="2"][data-boxes-shown="true"]').waitFor();

    // Keyboard still steps after clicking the toggles; steps without an .ess list no items.
    await page.locator('body').press('ArrowRight');
    await canvas(3).waitFor();
    expect(await page.locator('.ess-items').count()).toBe(0);
    expect(await canvas(3).getAttribute('data-ess-highlights')).toBe('0');
    await page.locator('body').press('ArrowLeft');
    await canvas(2).waitFor();
  });

  it('draws a recorded swipe as an arrow from its start to its end, on the screen and on the thumbnail', async () => {
    await page.click('.task-row[data-episode="901"]');
    await page.locator('[data-app-state="ready"] .filmstrip[data-step-count="2"]').waitFor();
    expect(await canvas(0).getAttribute('data-action-mark')).toBe('tap');
    await page.locator('body').press('ArrowRight');
    expect(await canvas(1).getAttribute('data-action-mark')).toBe('arrow');
    expect(await page.locator('.frame[data-step="1"] [data-thumb-mark="arrow"]').count()).toBe(1);
    expect(await page.locator('.canvas-legend [data-legend="action"]').textContent()).toContain('Swipe 540,1800 → 540,700');
    await page.screenshot({ path: join(shots, 'annotations-swipe.png') });
    await page.click('.task-row[data-episode="18"]');
    await page.locator('[data-app-state="ready"] .filmstrip[data-step-count="5"]').waitFor();
    await page.click('.frame[data-step="2"]');
  });

  it('fits at 1280x800', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const c = canvas(2);
    await c.waitFor();
    await page.locator('.ess-items li[data-keyword="exact"]').click();
    await page.locator('.fields[data-component-id="1"]').waitFor();
    // Nothing of the window scrolls out: the stage and the inspector fit the viewport.
    const stage = (await page.locator('.stage').boundingBox())!;
    const inspector = (await page.locator('.inspector').boundingBox())!;
    expect(stage.y + stage.height).toBeLessThanOrEqual(800);
    expect(inspector.x + inspector.width).toBeLessThanOrEqual(1280);
    expect((await c.boundingBox())!.height).toBeGreaterThan(300);
    await page.screenshot({ path: join(shots, 'annotations-1280.png') });
    await page.setViewportSize({ width: 1600, height: 1000 });
  });
});
