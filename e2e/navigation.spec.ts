import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { DatasetPage } from './pages/dataset-page';
import { makeDataset, type TempDataset } from './testing/dataset-fixture';
import { SHOTS as shots, openDatasetByPath, openWebSession, webSkipReason as why, type WebSession } from './testing/harness';

describe.skipIf(why !== '')(`web mode in Chromium: the URL names the view, dataset, task and step; keys per view ${why}`, () => {
  let ds: TempDataset;
  let web: WebSession;
  let app: DatasetPage;
  let root: string;

  beforeAll(async () => {
    ds = makeDataset();
    root = realpathSync(ds.root);
    web = await openWebSession(join(ds.outside, 'state'));
    app = await openDatasetByPath(web, ds.root, 2);
  });
  afterAll(async () => {
    await web?.close();
    ds?.cleanup();
  });

  async function at(task: string, episode: string, step: number): Promise<void> {
    await app.selectedTask(episode).waitFor();
    await app.currentFrame(step).waitFor();
    await app.canvas(step).waitFor();
    expect(app.route()).toEqual({ view: 'dataset', root, task, step: String(step) });
  }

  it('a reload returns to the same dataset, task and step', async () => {
    await app.selectTask('18', 5);
    await app.frame(2).click();
    await at('general/trace_18', '18', 2);
    await app.page.reload();
    await app.waitReady('dataset');
    await at('general/trace_18', '18', 2);
    // The reloaded page still answers calls (the token stayed with the tab) and shows the step's annotation.
    expect(await app.essItems.count()).toBe(3);
  });

  it('back and forward move between tasks (each task one entry, its last step kept) and back to the open screen', async () => {
    await app.selectTask('901', 2);
    await app.press('ArrowRight');
    await at('generated/trace_901', '901', 1);
    await app.page.goBack();
    await at('general/trace_18', '18', 2);
    await app.page.goForward();
    await at('generated/trace_901', '901', 1);

    await app.switchDataset();
    await app.waitReady('open');
    expect(app.route()).toEqual({ view: 'dataset', root: null, task: null, step: null });
    await app.page.goBack();
    await app.waitReady('dataset');
    await at('generated/trace_901', '901', 1);
  });

  it('an address typed by hand opens its dataset, task and step; a bad step is clamped', async () => {
    const url = new URL(app.page.url());
    url.hash = `#/dataset?root=${encodeURIComponent(root)}&task=general%2Ftrace_18&step=99`;
    await app.page.goto(url.toString());
    await app.waitReady('dataset');
    await at('general/trace_18', '18', 4);
  });

  it('"?" lists the keys of the view; while open no key reaches the view; Esc closes it', async () => {
    await app.press('?');
    await app.keymap.waitFor();
    const rows = await app.keymapRows();
    expect(rows).toEqual(expect.arrayContaining(['ArrowRight l: Next step', 'b: Show or hide the numbered boxes', '?: Show the keyboard shortcuts']));
    expect(await app.keymap.locator('[data-keymap-scope]').evaluateAll((els) => els.map((e) => e.getAttribute('data-keymap-scope')))).toEqual(['dataset', 'global']);
    await app.screenshot(join(shots, 'keymap-overlay.png'));
    await app.press('ArrowLeft'); // taken by the overlay
    await app.press('Escape');
    expect(await app.keymap.count()).toBe(0);
    await at('general/trace_18', '18', 4);
    await app.press('ArrowLeft');
    await at('general/trace_18', '18', 3);

    // The open screen has no view keys: only the global ones are listed.
    await app.switchDataset();
    await app.waitReady('open');
    await app.page.locator('body').click({ position: { x: 5, y: 200 } }); // out of the path field
    await app.press('?');
    await app.keymap.waitFor();
    expect(await app.keymapRows()).toEqual(['?: Show the keyboard shortcuts']);
    await app.keymap.getByRole('button', { name: /Close/ }).click();
    expect(await app.keymap.count()).toBe(0);
  });
});
