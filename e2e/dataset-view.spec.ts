import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatasetPage } from './pages/dataset-page';
import { makeDataset, type TempDataset } from './testing/dataset-fixture';
import { SHOTS as shots, openWebSession, webSkipReason as why, type WebSession } from './testing/harness';

describe.skipIf(why !== '')(`web mode in Chromium: open a dataset and see its boxes ${why}`, () => {
  let ds: TempDataset;
  let web: WebSession;
  let app: DatasetPage;

  beforeAll(async () => {
    ds = makeDataset();
    web = await openWebSession(join(ds.outside, 'state'));
    app = new DatasetPage(web.page);
  });
  afterAll(async () => {
    await web?.close();
    ds?.cleanup();
  });

  const boxCount = (rel: string, step: number): number =>
    (JSON.parse(readFileSync(join(ds.root, rel, `${step}.json`), 'utf8')) as unknown[]).length;

  it('opens the dataset by path, lists both tasks, selects one and draws one box per i.json entry', async () => {
    const page = app.page;
    await page.goto(web.server.url);
    await app.waitReady('open');
    expect(new URL(page.url()).searchParams.get('token')).toBeNull(); // token moved out of the address bar

    await app.openByPath(ds.root, 2);
    await app.waitReady('dataset');
    expect(await app.taskRows.allTextContents()).toEqual([
      expect.stringContaining('Practice pronunciation in French'),
      expect.stringContaining('Open the Duolingo practice hub'),
    ]);

    await app.search('practice hub');
    await app.taskList(1).waitFor();
    await app.search('');
    await app.selectTask('18', 5);
    expect(await app.waitForScreen(0)).toBe(boxCount('general/trace_18', 0));

    // Keyboard: → twice reaches the annotated step 2.
    await app.press('ArrowRight');
    await app.press('ArrowRight');
    expect(await app.waitForScreen(2)).toBe(boxCount('general/trace_18', 2));
    await expect(app.essLine.textContent()).resolves.toContain('activity<0>|exact<1>');

    // Hovering a box shows that component's fields (box 1 of 2.json, the one the .ess points at).
    const comp = (JSON.parse(readFileSync(join(ds.root, 'general/trace_18/2.json'), 'utf8')) as Array<Record<string, string>>)[1];
    await app.components.nth(1).click();
    const fields = await app.fields(1).textContent();
    for (const key of ['class', 'resource-id', 'bounds']) expect(fields).toContain(comp[key]);

    // Wheel zooms about the pointer (boxes stay on their components), double-click fits again.
    const box = (await app.anyCanvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.3);
    await page.mouse.wheel(0, -400);
    await page.locator('.screen-canvas.zoomed').waitFor();
    await app.screenshot(join(shots, 'dataset-view-zoomed.png'));
    await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height * 0.3);
    await page.locator('.screen-canvas:not(.zoomed)').waitFor();
    await app.components.nth(1).click();

    const file = join(shots, 'dataset-view.png');
    await app.screenshot(file);
    // The README's screenshot: `TOUCHSTONE_SCREENSHOT_TO=docs/screenshot-dataset.png npm run test:e2e` refreshes it.
    if (process.env.TOUCHSTONE_SCREENSHOT_TO) copyFileSync(file, process.env.TOUCHSTONE_SCREENSHOT_TO);

    // The second task, built from the Evaluator's img_test_case screens.
    await app.press('ArrowDown');
    await app.filmstrip(2).waitFor();
    expect(await app.waitForScreen(0)).toBe(boxCount('generated/trace_901', 0));
  });

  it('after a reload (token kept for the tab) the same task is back; the recent list reopens the dataset after switching', async () => {
    await app.page.reload();
    await app.waitReady('dataset');
    await app.selectedTask('901').waitFor();
    expect(await app.waitForScreen(0)).toBe(boxCount('generated/trace_901', 0));
    await app.switchDataset();
    await app.waitReady('open');
    await app.recentItem(ds.root).click();
    await app.taskList(2).waitFor();
    expect(await app.waitForScreen(0)).toBe(boxCount('general/trace_18', 0));
  });
});
