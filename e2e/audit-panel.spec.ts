import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatasetPage } from './pages/dataset-page';
import { makeDataset, type TempDataset } from './testing/dataset-fixture';
import { SHOTS as shots, openDatasetByPath, openWebSession, webSkipReason as why, type WebSession } from './testing/harness';

describe.skipIf(why !== '')(`web mode in Chromium: the annotation audit in the dataset check view ${why}`, () => {
  let ds: TempDataset;
  let web: WebSession;
  let app: DatasetPage;

  beforeAll(async () => {
    ds = makeDataset();
    // trace_18's step 2 weakened on purpose: an exclude that its first screen (another app) already satisfies.
    writeFileSync(join(ds.root, 'general', 'trace_18', '2.ess'), 'exclude<1>\n');
    web = await openWebSession(join(ds.outside, 'state'));
    app = await openDatasetByPath(web, ds.root, 2);
  });
  afterAll(async () => {
    await web?.close();
    ds?.cleanup();
  });

  it('"Audit annotations" runs dataset:audit as a job and names the weak task, the probes it passes, the item and a stronger one', async () => {
    await app.checkButton.click();
    await app.checkPanel('ready').waitFor();
    const panel = app.page.locator('.audit-panel');
    await panel.getByRole('button', { name: 'Audit annotations' }).click();
    const ready = app.page.locator('.audit-panel[data-audit-state="ready"]');
    await ready.waitFor({ timeout: 120_000 });
    expect(await ready.getAttribute('data-audit-weak')).toBe('1');
    const task = ready.locator('li[data-audit-task="18"]');
    expect(await task.locator('[data-audit-pass]').evaluateAll((els) => els.map((e) => e.getAttribute('data-audit-pass')))).toEqual(['noop', 'random', 'random', 'random', 'shortcut', 'cut']);
    expect(await task.locator('[data-audit-pass="noop"]').textContent()).toMatch(/passes no-op through step 2 exclude<1>; add exact<\d+> to step 2/);
    await app.screenshot(join(shots, 'dataset-audit.png'));
    await task.locator('button').first().click();
    await app.selectedTask('18').waitFor();
  }, 180_000);
});
