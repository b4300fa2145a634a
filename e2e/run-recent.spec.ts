import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { HAVE_ADB } from '../electron/virtual-device/testing';
import { EvaluatePage } from './pages/evaluate-page';
import { RunPage } from './pages/run-page';
import { SHOTS, webSkipReason } from './testing/harness';
import { openRunSession, type RunSession } from './testing/run-session';

const why = webSkipReason || (HAVE_ADB ? '' : 'skipped: adb is not installed');

describe.skipIf(why !== '')(`run view: recent runs, one click to evaluate a run or compare two ${why}`, () => {
  let session: RunSession;
  let web: RunSession['web'];
  let page: RunPage;

  beforeAll(async () => {
    session = await openRunSession({ name: 'runrecent', tasks: ['demo01', 'demo15'] });
    ({ web } = session);
    page = new RunPage(web.page);
    await page.waitReady('run');
    await page.startVirtualDevice(1);
  }, 240_000);
  afterAll(async () => { await session?.close(); });

  const rows = (): Promise<string[]> => web.page.locator('.recent-runs tr[data-run-folder]').evaluateAll((r) => r.map((x) => `${x.getAttribute('data-run-folder')} ${x.getAttribute('data-episodes')} ${x.getAttribute('data-completed-count')}`));

  it('lists each finished run (the default folder and a chosen one outside runs/), newest first, as soon as it ends', async () => {
    await web.page.locator('.recent-runs[data-runs="0"]').waitFor();
    await page.pickTasks(['demo01', 'demo15']);
    await web.page.getByLabel('Canary', { exact: true }).uncheck();
    await page.startRun();
    await page.run('done').waitFor({ timeout: 120_000 });
    await web.page.locator('.recent-runs[data-runs="1"]').waitFor();
    const first = (await rows())[0]!;
    expect(first).toMatch(/^runs\/\S+ 2 2$/);

    // A second run: the noop agent, into a folder the form names.
    await web.page.getByLabel('Agent', { exact: true }).selectOption('noop');
    await web.page.getByLabel('Output folder').fill('mine/noop-run');
    await page.startRun();
    await page.run('done').waitFor({ timeout: 120_000 });
    await web.page.locator('.recent-runs[data-runs="2"]').waitFor();
    expect(await rows()).toEqual(['mine/noop-run 2 0', first]);
    expect(await web.page.locator('.recent-runs tr[data-run-folder="mine/noop-run"] td').nth(2).textContent()).toBe('noop');
    await web.page.locator('.recent-runs').scrollIntoViewIfNeeded();
    await page.screenshot(join(SHOTS, 'run-recent-runs.png'));
  }, 300_000);

  it('Evaluate opens the evaluation on that run\'s traces', async () => {
    const older = (await rows())[1]!.split(' ')[0]!;
    await web.page.locator(`.recent-runs tr[data-run-folder="${older}"] [data-action="evaluate-run"]`).click();
    const ev = new EvaluatePage(web.page);
    await ev.waitOverview(2, 60_000);
    expect(await ev.verdict('demo01', 'replay', 'essential')).toBe('pass');
    expect(await ev.verdict('demo15', 'replay', 'essential')).toBe('pass');
    expect(await ev.cell('demo01', 'noop').count()).toBe(0);
  }, 120_000);

  it('Compare opens both ticked runs side by side, each column named after its run', async () => {
    await web.page.locator('[data-view-tab="run"]').click();
    await page.waitReady('run');
    const compare = web.page.locator('[data-action="compare-runs"]');
    await web.page.locator('.recent-runs[data-runs="2"]').waitFor();
    expect(await compare.isDisabled()).toBe(true);
    const [a, b] = (await rows()).map((r) => r.split(' ')[0]!);
    await web.page.getByLabel(`Compare ${a}`).check();
    expect(await compare.isDisabled()).toBe(true);
    await web.page.getByLabel(`Compare ${b}`).check();
    await compare.click();
    const ev = new EvaluatePage(web.page);
    await ev.waitOverview(2, 60_000);
    // The replay run was evaluated alone above: its cached cells come back under this name too.
    const replay = `replay [${b!.split('/').pop()}]`;
    expect(await ev.verdict('demo01', replay, 'essential')).toBe('pass');
    expect(await ev.verdict('demo01', 'noop [noop-run]', 'essential')).toBe('fail');
    await page.screenshot(join(SHOTS, 'run-recent-compare.png'));
  }, 120_000);
});
