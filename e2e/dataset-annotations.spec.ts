import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatasetPage } from './pages/dataset-page';
import { makeDataset, type TempDataset } from './testing/dataset-fixture';
import { SHOTS as shots, openDatasetByPath, openWebSession, webSkipReason as why, type WebSession } from './testing/harness';

describe.skipIf(why !== '')(`web mode in Chromium: recorded actions and essential states on the screen ${why}`, () => {
  let ds: TempDataset;
  let web: WebSession;
  let app: DatasetPage;

  beforeAll(async () => {
    ds = makeDataset();
    web = await openWebSession(join(ds.outside, 'state'));
    app = await openDatasetByPath(web, ds.root, 2);
    await app.selectTask('18', 5);
  });
  afterAll(async () => {
    await web?.close();
    ds?.cleanup();
  });

  it('draws the recorded action: a chip for [Home], a tap scaled from 320x720 to 1080x2400 on the component 2.ess clicks', async () => {
    await app.canvas(0).waitFor();
    expect(await app.canvas(0).getAttribute('data-action-mark')).toBe('chip');
    expect(await app.legendItem('action').textContent()).toContain('Home');
    await app.screenshot(join(shots, 'annotations-home.png'));

    await app.frame(2).click();
    const c = app.canvas(2);
    await c.waitFor();
    // eventStructs.txt line 3: "[Click] Screen Resolution (320, 720), Click Position (150, 260)".
    const line = readFileSync(join(ds.root, 'general/trace_18/eventStructs.txt'), 'utf8').split('\n')[2];
    const [rw, rh, x, y] = /\((\d+), (\d+)\).*\((\d+), (\d+)\)/.exec(line)!.slice(1).map(Number);
    expect(await c.getAttribute('data-action-mark')).toBe('tap');
    expect(await c.getAttribute('data-action-at')).toBe(`${Math.round((x * 1080) / rw)},${Math.round((y * 2400) / rh)}`);
    // The tap hits the very component the xpath-valued click<...> of 2.ess resolves to.
    const clickIds = await app.essItem('click').getAttribute('data-component-ids');
    expect(clickIds).toMatch(/^\d+$/);
    expect(await c.getAttribute('data-tap-component')).toBe(clickIds);
    // Thumbnails: taps on steps 1-3, nothing on the [Home] step 0 and the last step.
    expect(await app.page.locator('.filmstrip [data-thumb-mark="tap"]').count()).toBe(3);
    expect(await app.frame(0).locator('[data-thumb-mark]').count()).toBe(0);

    // "a" hides the action everywhere, "a" again shows it.
    await app.press('a');
    await app.canvasWith({ 'action-mark': 'none' }, 2).waitFor();
    expect(await app.thumbMarks.count()).toBe(0);
    await app.press('a');
    await app.canvasWith({ 'action-mark': 'tap' }, 2).waitFor();
  });

  it('highlights the essential-state components with a legend, lists the items, and selects an item\'s component', async () => {
    const c = app.canvas(2);
    await c.waitFor();
    expect(await c.getAttribute('data-ess-highlights')).toBe('2'); // exact<1> and the click's component
    expect(await app.legend.locator('li').evaluateAll((els) => els.map((e) => e.getAttribute('data-legend')))).toEqual(['exact', 'click', 'action']);
    const items = app.essItems;
    expect(await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-keyword')))).toEqual(['activity', 'exact', 'click']);
    expect(await items.nth(1).textContent()).toMatch(/#1.*A component equal to #1/);
    expect(await items.nth(2).textContent()).toContain('The agent taps inside #');
    // The component list marks what the annotation points at.
    expect(await app.components.nth(1).locator('.comp-ess').getAttribute('data-ess')).toBe('exact');

    // Items are reachable from the keyboard too: Enter on a focused item selects its component.
    await items.nth(1).focus();
    await app.page.keyboard.press('Enter');
    await app.fields(1).waitFor();
    const clickId = (await items.nth(2).getAttribute('data-component-ids'))!;
    await items.nth(2).click();
    await app.fields(clickId).waitFor();
    await app.screenshot(join(shots, 'annotations-1600.png'));

    // "e" hides the highlights, "b" the numbered boxes; both come back.
    await app.press('e');
    await app.canvasWith({ 'ess-highlights': '0' }).waitFor();
    await app.press('b');
    await app.canvasWith({ 'boxes-shown': 'false' }).waitFor();
    await app.overlayToggle('ess').click();
    await app.overlayToggle('boxes').click();
    await app.canvasWith({ 'ess-highlights': '2', 'boxes-shown': 'true' }).waitFor();

    // Keyboard still steps after clicking the toggles; steps without an .ess list no items.
    await app.press('ArrowRight');
    await app.canvas(3).waitFor();
    expect(await app.page.locator('.ess-items').count()).toBe(0);
    expect(await app.canvas(3).getAttribute('data-ess-highlights')).toBe('0');
    await app.press('ArrowLeft');
    await app.canvas(2).waitFor();
  });

  it('draws a recorded swipe as an arrow from its start to its end, on the screen and on the thumbnail', async () => {
    await app.selectTask('901', 2);
    expect(await app.canvas(0).getAttribute('data-action-mark')).toBe('tap');
    await app.press('ArrowRight');
    expect(await app.canvas(1).getAttribute('data-action-mark')).toBe('arrow');
    expect(await app.frame(1).locator('[data-thumb-mark="arrow"]').count()).toBe(1);
    expect(await app.legendItem('action').textContent()).toContain('Swipe up 540,1800 -> 540,700');
    await app.screenshot(join(shots, 'annotations-swipe.png'));
    await app.selectTask('18', 5);
    await app.frame(2).click();
  });

  it('fits at 1280x800', async () => {
    await app.page.setViewportSize({ width: 1280, height: 800 });
    const c = app.canvas(2);
    await c.waitFor();
    await app.essItem('exact').click();
    await app.fields(1).waitFor();
    // Nothing of the window scrolls out: the stage and the inspector fit the viewport.
    const stage = (await app.stage.boundingBox())!;
    const inspector = (await app.inspector.boundingBox())!;
    expect(stage.y + stage.height).toBeLessThanOrEqual(800);
    expect(inspector.x + inspector.width).toBeLessThanOrEqual(1280);
    expect((await c.boundingBox())!.height).toBeGreaterThan(300);
    await app.screenshot(join(shots, 'annotations-1280.png'));
    await app.page.setViewportSize({ width: 1600, height: 1000 });
  });
});
