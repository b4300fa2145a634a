import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createDemoDataset } from '../electron/core/demo/create-demo';
import { tempDir } from '../electron/core/evaluation/testing/temp-dataset';
import { openDatasetByPath, openWebSession, SHOTS, webSkipReason as why, type WebSession } from './testing/harness';

// The Evaluate form on the demo dataset (`touchstone demo create`): its traces are offered with no path
// typed into the form, what the form holds survives leaving it (and a reload), the top bar names the dataset.
describe.skipIf(why !== '')(`web mode in Chromium: the Evaluate form offers the dataset's traces and keeps its content ${why}`, () => {
  const tmp = tempDir('touchstone-e2e-eval-form-');
  let root: string;
  let session: WebSession;

  beforeAll(async () => {
    const demo = await createDemoDataset({ out: join(tmp, 'demo'), transport: 'in-process' });
    root = demo.root;
    session = await openWebSession(join(tmp, 'state'));
    await openDatasetByPath(session, root, demo.tasks);
  }, 900_000);
  afterAll(async () => {
    await session?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it("offers the open dataset's traces/<agent> folders as one-click agent rows, nothing typed", async () => {
    const { page } = session;
    await page.click('button[data-view-tab="evaluate"]');
    expect(await page.inputValue('#eval-dataset')).toBe(root);
    await page.locator('[data-offered-agent="replay"]').waitFor();
    const offered = await page.locator('[data-offered-agent]').evaluateAll((bs) => bs.map((b) => [b.getAttribute('data-offered-agent'), b.getAttribute('data-path')]));
    for (const a of ['replay', 'noop', 'demo-alternative']) expect(offered).toContainEqual([a, join(root, 'traces', a)]);
    await page.click('[data-offered-agent="replay"]');
    await page.click('[data-offered-agent="noop"]');
    expect(await page.inputValue('[aria-label="Agent 1 traces folder"]')).toBe(join(root, 'traces', 'replay'));
    expect(await page.inputValue('[aria-label="Agent 2 name"]')).toBe('noop');
    // Taken rows are not offered twice.
    expect(await page.locator('[data-offered-agent="replay"]').isDisabled()).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'evaluate-form-offered.png') });
  });

  it('names the dataset being evaluated in the top bar while in the Evaluate view', async () => {
    const chip = session.page.locator('[data-evaluated-dataset]');
    expect(await chip.getAttribute('data-evaluated-dataset')).toBe(root);
    expect(await chip.textContent()).toContain(`Evaluating ${basename(root)}`);
  });

  it('keeps what was typed when the form is left and reopened, and across a reload', async () => {
    const { page } = session;
    await page.fill('#eval-human', join(root, 'my-labels.csv'));
    await page.fill('[aria-label="Agent 2 name"]', 'noop-renamed');
    await page.click('button[data-view-tab="evaluate"]'); // "Datasets": the form closes
    await page.locator('#eval-dataset').waitFor({ state: 'detached' });
    await page.click('button[data-view-tab="evaluate"]');
    const kept = async (): Promise<string[]> => Promise.all(['#eval-dataset', '[aria-label="Agent 1 traces folder"]', '[aria-label="Agent 2 name"]', '#eval-human'].map((s) => page.inputValue(s)));
    expect(await kept()).toEqual([root, join(root, 'traces', 'replay'), 'noop-renamed', join(root, 'my-labels.csv')]);
    await page.reload();
    // The address keeps the view: the reload may land on the form already.
    const tab = page.locator('button[data-view-tab="evaluate"]');
    await tab.waitFor();
    if ((await tab.textContent()) === 'Evaluate') await tab.click();
    expect(await kept()).toEqual([root, join(root, 'traces', 'replay'), 'noop-renamed', join(root, 'my-labels.csv')]);
    await page.locator('[data-offered-agent="demo-alternative"]').waitFor();
    await page.screenshot({ path: join(SHOTS, 'evaluate-form-kept.png') });
  });
});
