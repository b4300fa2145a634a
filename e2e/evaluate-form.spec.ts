import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, rmSync } from 'node:fs';
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
    // The address keeps the view: the reload lands on the form once the app has booted from it. The
    // view is read after boot (the tab's label read before it could say "Evaluate" while the route was
    // about to open the form, and a click then closed the form again; seen on a loaded machine).
    await page.locator('.app[data-app-state="ready"]').waitFor();
    if ((await page.locator('.app').getAttribute('data-view')) !== 'evaluate') await page.click('button[data-view-tab="evaluate"]');
    await page.locator('#eval-dataset').waitFor();
    expect(await kept()).toEqual([root, join(root, 'traces', 'replay'), 'noop-renamed', join(root, 'my-labels.csv')]);
    await page.locator('[data-offered-agent="demo-alternative"]').waitFor();
    await page.screenshot({ path: join(SHOTS, 'evaluate-form-kept.png') });
  });

  it("keeps the evaluations it opened in the core's recent list (the state folder, not the browser): a fresh browser is offered them", async () => {
    const { page } = session;
    await page.click('.eval-open button[type="submit"]');
    await page.locator('.evaluate[data-eval-state="ready"][data-eval-verified="true"]').waitFor({ timeout: 600_000 });
    await page.click('.ev-toolbar button:text-is("Close")');
    const entry = page.locator(`[data-testid="recent-evaluations"] [data-recent-dataset="${root}"]`);
    await entry.waitFor();
    expect(await entry.textContent()).toBe(`${basename(root)} · replay, noop-renamed`);
    // Written by the core, read back by every window; the browser keeps no list of its own.
    const kept = JSON.parse(readFileSync(join(tmp, 'state', 'recent-evaluations.json'), 'utf8')) as { spec: { dataset: string; agents: { name: string; path: string }[]; human?: string }; openedAt: string }[];
    expect(kept[0]!.spec).toEqual({ dataset: root, agents: [{ name: 'replay', path: join(root, 'traces', 'replay') }, { name: 'noop-renamed', path: join(root, 'traces', 'noop') }], human: join(root, 'my-labels.csv') });
    expect(await entry.getAttribute('data-opened-at')).toBe(kept[0]!.openedAt);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('recent')))).toEqual([]);
    const fresh = await session.browser.newPage({ viewport: { width: 1600, height: 1000 } });
    try {
      await fresh.goto(session.server.url);
      // After boot: a click before it was undone by the route boot applies (seen on a loaded machine).
      await fresh.locator('.app[data-app-state="ready"]').waitFor();
      await fresh.click('button[data-view-tab="evaluate"]');
      await fresh.click(`[data-testid="recent-evaluations"] [data-recent-dataset="${root}"]`);
      expect(await fresh.inputValue('#eval-dataset')).toBe(root);
      expect(await fresh.inputValue('[aria-label="Agent 2 name"]')).toBe('noop-renamed');
      expect(await fresh.inputValue('#eval-human')).toBe(join(root, 'my-labels.csv'));
      await fresh.screenshot({ path: join(SHOTS, 'evaluate-form-recent.png') });
    } finally {
      await fresh.close();
    }
  }, 700_000);
});
