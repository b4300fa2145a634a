import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HAVE_ADB, startVirtualDevice, type StartedDevice } from '../electron/virtual-device/testing';
import { RunPage } from './pages/run-page';
import { SHOTS, webSkipReason } from './testing/harness';
import { openRunSession, type RunSession } from './testing/run-session';

const why = webSkipReason || (HAVE_ADB ? '' : 'skipped: adb is not installed');

describe.skipIf(why !== '')(`run view: the canary quarantines a task on a drifted device and the batch runs the rest ${why}`, () => {
  let session: RunSession;
  let web: RunSession['web'];
  let dataset: string;
  let page: RunPage;
  let tablet: StartedDevice | undefined;

  beforeAll(async () => {
    session = await openRunSession({ name: 'runcanary', tasks: ['demo10', 'demo11', 'demo14'] });
    ({ web, dataset } = session);
    page = new RunPage(web.page);
    await page.waitReady('run');
    await page.startVirtualDevice(1);
  }, 240_000);
  afterAll(async () => { await tablet?.stop(); await session?.close(); });

  it('Counter uninstalled through adb: the canary panel names demo14 and step 1 with both screens, demo10 and demo11 run and complete', async () => {
    const [serial] = await page.serials();
    // The drift, as a setup command would cause it: an app removed from the device through the real adb.
    const u = await session.adb.adb(['-s', serial!, 'shell', 'pm uninstall com.touchstone.clock']);
    expect(u.stdout).toContain('Success');
    await page.pickTasks(['demo10', 'demo11', 'demo14']);
    // On by default in the run view.
    expect(await web.page.getByLabel('Canary', { exact: true }).isChecked()).toBe(true);
    await page.startRun();
    await page.run('done').waitFor({ timeout: 180_000 });

    const panel = web.page.locator('section[aria-label="Canary"]');
    expect(await panel.getAttribute('data-quarantined')).toBe('1');
    expect(await panel.getAttribute('data-checked')).toBe('3');
    expect(await panel.locator('p').first().textContent()).toMatch(/^Canary: 2 of 3 task\(s\) replayed their recording on 1 device kind\(s\); 1 quarantined\. Report: runs\/.*\/canary\/report\.html$/);
    const bad = panel.locator('.canary-quarantined');
    expect(await bad.count()).toBe(1);
    expect(await bad.getAttribute('data-episode')).toBe('demo14');
    expect(await bad.getAttribute('data-step')).toBe('1');
    expect(await bad.locator('p').textContent()).toMatch(/^Quarantined demo14 on .* · diverged at step 1: Its own recording no longer completes.*CounterActivity/);
    // Both screens of the diverging step load (real PNGs served from the dataset and the canary's trace).
    for (const alt of ['recording, step 1', 'canary replay, step 1']) {
      const img = bad.getByAltText(alt);
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(100);
    }
    // The panel names the canary's HTML report (a file in the run folder), which says the same.
    const report = (await panel.locator('[data-canary-report]').textContent())!;
    const html = readFileSync(join(dataset, report), 'utf8');
    expect(html).toContain('<b>Diverged at step 1.</b>');
    expect(html).toContain('demo14');

    // The batch ran the other two, not the quarantined one.
    expect(await page.episodeRows().evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-episode')} ${r.getAttribute('data-completed')}`).sort())).toEqual(['demo10 true', 'demo11 true']);
    const out = (await web.page.locator('[data-run-out-live]').textContent())!.replace(/^→ /, '');
    expect(existsSync(join(dataset, out, 'replay/r1/demo14'))).toBe(false);
    expect(existsSync(join(dataset, out, 'canary/canary.json'))).toBe(true);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot(join(SHOTS, 'run-canary-quarantine.png'));
  }, 300_000);

  it('a pool of two device kinds: the panel shows the canary per kind, demo14 quarantined on the drifted kind only, and the batch uses both devices', async () => {
    const [phone] = await page.serials();
    // A second kind: another model, with Counter still installed.
    tablet = await startVirtualDevice({ world: 'demo', adb: session.adb, model: 'Touchstone_Tablet' });
    await page.devices(2).waitFor({ timeout: 30_000 });
    await page.startRun(); // the same three tasks, now on every device of the form
    await page.run('done').waitFor({ timeout: 180_000 });
    const panel = web.page.locator('section[aria-label="Canary"]');
    const kinds = await panel.locator('.canary-kinds li').evaluateAll((li) => li.map((x) => `${x.getAttribute('data-kind')} ${x.getAttribute('data-passed')}/${x.getAttribute('data-checked')}`).sort());
    expect(kinds).toHaveLength(2);
    expect(kinds.find((k) => k.startsWith('Touchstone_Tablet'))).toMatch(/ 3\/3$/);
    expect(kinds.find((k) => !k.startsWith('Touchstone_Tablet'))).toMatch(/ 2\/3$/);
    const bad = panel.locator('.canary-quarantined');
    expect(await bad.count()).toBe(1);
    expect(await bad.locator('p').textContent()).toMatch(/^Quarantined demo14 on (?!Touchstone_Tablet).* · diverged at step 1:/);
    expect(await page.episodeRows().evaluateAll((rows) => rows.map((r) => r.getAttribute('data-episode')).sort())).toEqual(['demo10', 'demo11']);
    expect(new Set(await page.episodeRows().evaluateAll((rows) => rows.map((r) => r.querySelector('td.ep-device')!.textContent)))).toEqual(new Set([phone, tablet.serial]));
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot(join(SHOTS, 'run-canary-two-kinds.png'));
  }, 300_000);
});
