import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HAVE_ADB, startVirtualDevice } from '../electron/virtual-device/testing';
import { AnnotatePage } from './pages/annotate-page';
import { EvaluatePage } from './pages/evaluate-page';
import { RunPage } from './pages/run-page';
import { SHOTS, webSkipReason } from './testing/harness';
import { openRunSession, type RunSession } from './testing/run-session';

const why = webSkipReason || (HAVE_ADB ? '' : 'skipped: adb is not installed');

describe.skipIf(why !== '')(`run view: virtual devices, live runs, cancel, recording a demonstration ${why}`, () => {
  let session: RunSession;
  let web: RunSession['web'];
  let dataset: string;
  let page: RunPage;

  beforeAll(async () => {
    session = await openRunSession({ name: 'runview', tasks: ['demo01', 'demo15', 'demo16'] });
    ({ web, dataset } = session);
    page = new RunPage(web.page);
    await page.waitReady('run');
  }, 240_000);
  afterAll(async () => { await session?.close(); });

  it('starts two virtual devices, runs the replay agent on both with live steps, and the evaluation shows them completed', async () => {
    await page.startVirtualDevice(1);
    await page.startVirtualDevice(2);
    await page.mirror.waitFor();
    await page.showBoxes(true);
    await web.page.locator('.mirror[data-boxes-rev="0"]').waitFor();
    await page.screenshot(join(SHOTS, 'run-device-panel.png'));
    const [a, b] = await page.serials();
    await page.pickTasks(['demo01', 'demo15']);
    await page.startRun();
    await page.tileWithStep(a!).waitFor({ timeout: 60_000 });
    await page.tileWithStep(b!).waitFor({ timeout: 60_000 });
    // Each tile draws a real screen (the launcher at step 0), never a uniformly black frame.
    for (const d of [a!, b!]) {
      const px = await page.tilePixels(d);
      expect(px.width).toBeGreaterThan(100);
      expect(px.bright / px.samples).toBeGreaterThan(0.3);
      expect(px.distinct).toBeGreaterThan(8);
    }
    await page.screenshot(join(SHOTS, 'run-live.png'));
    await page.run('done').waitFor({ timeout: 120_000 });
    expect(await page.episodeRows().evaluateAll((rows) => rows.map((r) => `${r.getAttribute('data-episode')} ${r.getAttribute('data-completed')}`).sort())).toEqual(['demo01 true', 'demo15 true']);
    // Both devices ran an episode (one each: a device takes the next task when it is free).
    expect(new Set(await page.episodeRows().evaluateAll((rows) => rows.map((r) => r.querySelector('td.ep-device')!.textContent)))).toEqual(new Set([a, b]));
    await web.page.locator('[data-action="open-evaluation"]').click();
    const ev = new EvaluatePage(web.page);
    // The overview lists the tasks with a trace: the two that ran.
    await ev.waitOverview(2);
    expect(await ev.verdict('demo01', 'replay', 'essential')).toBe('pass');
    expect(await ev.verdict('demo15', 'replay', 'essential')).toBe('pass');
    await web.page.locator('[data-view-tab="evaluate"]').click();
    await web.page.locator('[data-view-tab="run"]').click();
    await page.waitReady('run');
  }, 300_000);

  it('re-attaches to a run after a reload, then cancels it midway: the recorded steps are kept and the episodes marked incomplete', async () => {
    // The run goes to a third, slow phone only (every adb service answers 150 ms late): its episodes last seconds,
    // so the cancel below lands mid-episode, with steps recorded and more to come, however fast steps are.
    const slow = await startVirtualDevice({ world: 'demo', adb: session.adb, faults: { latencyMs: 150 } });
    try {
      await web.page.locator(`.device-row[data-serial="${slow.serial}"][data-state="device"]`).waitFor({ timeout: 30_000 });
      for (const other of (await page.serials()).filter((x) => x !== slow.serial)) {
        await web.page.locator('.run-devices label').filter({ has: web.page.getByText(other, { exact: true }) }).locator('input').uncheck();
      }
      await page.pickTasks(['demo16']);
      await web.page.locator('.run-task-list label[data-episode="demo01"] input').uncheck();
      await web.page.locator('.run-task-list label[data-episode="demo15"] input').uncheck();
      await page.setRepeats(12);
      await page.startRun();
      await page.run('running').waitFor();
      const a = slow.serial;
      await page.tileWithStep(a).waitFor({ timeout: 60_000 });
      // A reload re-attaches to the running job: the live run comes back and new steps keep arriving.
      await web.page.reload();
      await page.waitReady('run');
      await page.run('running').waitFor();
      const seen = Number(await web.page.locator(`.run-tile[data-device="${a}"]`).getAttribute('data-step'));
      await web.page.locator(`.run-tile[data-device="${a}"]:not([data-step="${seen}"])`).waitFor({ timeout: 60_000 });
      // Cancel while an episode on the slow device has a recorded step and more to come.
      await web.page.locator(`.run-tile[data-device="${a}"][data-running="true"]:not([data-step="-1"])`).waitFor({ timeout: 60_000 });
      await web.page.locator('[data-action="cancel-run"]').click();
      await page.run('cancelled').waitFor({ timeout: 60_000 });
      // Episode events and the call's end travel on different channels: wait for the rows.
      const cancelled = page.episodeRows('cancelled');
      // The episode cancelled on the device that had its first step: its row, with the steps it kept.
      const onA = cancelled.filter({ has: web.page.locator('td.ep-device', { hasText: a }) });
      // (Generous: on a machine running three suites the row took over 30 s.)
      await onA.waitFor({ timeout: 120_000 });
      expect(Number(await onA.getAttribute('data-steps'))).toBeGreaterThan(0);
      expect(await cancelled.first().textContent()).toContain('cancelled (steps kept, incomplete)');
      const rows = await cancelled.evaluateAll((trs) => trs.map((r) => ({ trace: r.getAttribute('data-trace')!, steps: Number(r.getAttribute('data-steps')) })));
      // The episode that was running on the device showing steps kept them.
      expect(Math.max(...rows.map((r) => r.steps))).toBeGreaterThan(0);
      // On disk: each cancelled trace keeps its steps (screenshots), and its record says cancelled.
      for (const r of rows) {
        const rec = JSON.parse(readFileSync(join(dataset, r.trace, 'episode.json'), 'utf8')) as { outcome: string; steps: unknown[] };
        expect([rec.outcome, rec.steps.length]).toEqual(['cancelled', r.steps]);
        if (r.steps > 0) expect(existsSync(join(dataset, r.trace, 'captured_data', 'screenshot', '0.png'))).toBe(true);
      }
    } finally {
      await slow.stop();
    }
  }, 300_000);

  it('records a three-step demonstration by clicking the mirror, saves it, and opens it in the annotation view', async () => {
    await page.recordTab();
    await page.nameRecording({ episode: 'net1', app: 'com.android.settings', description: 'Open the network settings' });
    await web.page.locator('[data-action="record-start"]').click();
    await page.recording(0).waitFor({ timeout: 30_000 });
    await page.showBoxes(true);
    // Home (the device is wherever the last run left it), then two taps on the mirrored screen.
    await web.page.locator('[data-action="key-home"]').click();
    await page.recording(1).waitFor({ timeout: 30_000 });
    await (await page.mirrorBox('Settings', 1)).click();
    await page.recording(2).waitFor({ timeout: 30_000 });
    await (await page.mirrorBox('Network & internet', 2)).click();
    await page.recording(3).waitFor({ timeout: 30_000 });
    expect(await web.page.locator('.record-actions li').count()).toBe(3);
    await page.screenshot(join(SHOTS, 'run-record.png'));
    await web.page.locator('[data-action="record-save"]').click();
    await web.page.locator('.record-panel[data-record-state="saved"]').waitFor();
    const events = readFileSync(join(dataset, (await web.page.locator('.record-panel [role="status"] .mono').textContent())!, 'eventStructs.txt'), 'utf8').trim().split('\n');
    expect(events).toHaveLength(3);
    await web.page.locator('[data-action="open-recorded"]').click();
    const ds = new AnnotatePage(web.page);
    await ds.waitReady('annotate');
    await ds.filmstrip(4).waitFor({ timeout: 60_000 });
    expect(await ds.waitForScreen(0)).toBeGreaterThan(3);
    await page.screenshot(join(SHOTS, 'run-recorded-open.png'));
  }, 300_000);
});
