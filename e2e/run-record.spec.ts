import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { HAVE_ADB } from '../electron/virtual-device/testing';
import { AnnotatePage } from './pages/annotate-page';
import { RunPage } from './pages/run-page';
import { SHOTS, webSkipReason } from './testing/harness';
import { openRunSession, type RunSession } from './testing/run-session';

const why = webSkipReason || (HAVE_ADB ? '' : 'skipped: adb is not installed');

/** Every path under `dir` with size and mtime: equal before and after means nothing was written. */
const snapshot = (dir: string): string[] => {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const st = statSync(p);
      out.push(`${relative(dir, p)} ${st.isDirectory() ? 'dir' : `${st.size} ${st.mtimeMs}`}`);
      if (st.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out;
};

describe.skipIf(why !== '')(`run view: a named recording with undo, saved into a chosen folder or discarded; the run's output folder ${why}`, () => {
  let session: RunSession;
  let web: RunSession['web'];
  let dataset: string;
  let page: RunPage;

  beforeAll(async () => {
    session = await openRunSession({ name: 'runrecord', tasks: ['demo01'] });
    ({ web, dataset } = session);
    page = new RunPage(web.page);
    await page.waitReady('run');
    await page.startVirtualDevice(1);
    await page.mirror.waitFor();
  }, 240_000);
  afterAll(async () => { await session?.close(); });

  it('runs into the output folder chosen in the run form and shows it', async () => {
    await page.pickTasks(['demo01']);
    await web.page.getByLabel('Output folder').fill('runs/chosen');
    expect(await web.page.locator('[data-run-out]').textContent()).toBe(`${dataset}/runs/chosen`);
    await page.startRun();
    await page.run('done').waitFor({ timeout: 120_000 });
    expect(await web.page.locator('[data-run-out-live]').textContent()).toBe('→ runs/chosen');
    expect(readdirSync(join(dataset, 'runs'))).toEqual(['chosen']);
    expect(existsSync(join(dataset, 'runs/chosen/replay/r1/demo01/episode.json'))).toBe(true);
  }, 180_000);

  it('names a recording, undoes one action, saves it into the chosen folder and opens it in the annotation view', async () => {
    await page.recordTab();
    const start = web.page.locator('[data-action="record-start"]');
    await page.nameRecording({ episode: 'net1', app: '', folder: 'mine', description: 'Open the network settings' });
    expect(await start.isDisabled()).toBe(true); // unnamed app: cannot start
    await page.nameRecording({ episode: 'net1', app: 'com.android.settings', folder: 'mine', description: 'Open the network settings' });
    expect(await web.page.locator('.record-name .mono').textContent()).toBe('mine/trace_net1');
    await start.click();
    await page.recording(0).waitFor({ timeout: 30_000 });
    await page.showBoxes(true);
    await web.page.locator('[data-action="key-home"]').click();
    await page.recording(1).waitFor({ timeout: 30_000 });
    await (await page.mirrorBox('Settings', 1)).click();
    await page.recording(2).waitFor({ timeout: 30_000 });
    // A wrong turn: open Apps, then undo it; the device goes back to the Settings list.
    await (await page.mirrorBox('Apps', 2)).click();
    await page.recording(3).waitFor({ timeout: 30_000 });
    expect(existsSync(join(dataset, 'mine/trace_net1/3.png'))).toBe(true);
    await web.page.locator('[data-action="record-undo"]').click();
    await page.recording(2).waitFor({ timeout: 30_000 });
    expect(await web.page.locator('[data-record-notice]').textContent()).toMatch(/^Undid tap .* \(pressed Back\); the device is on screen 2 again\.$/);
    expect(await web.page.locator('.record-actions li').count()).toBe(2);
    expect(readdirSync(join(dataset, 'mine/trace_net1')).filter((f) => f.startsWith('3.'))).toEqual([]);
    await (await page.mirrorBox('Network & internet', 4)).click(); // rev 4: home, two taps, the undo
    await page.recording(3).waitFor({ timeout: 30_000 });
    await page.screenshot(join(SHOTS, 'run-record-undo.png'));
    await web.page.locator('[data-action="record-save"]').click();
    await web.page.locator('.record-panel[data-record-state="saved"]').waitFor();
    expect(await web.page.locator('.record-panel [role="status"] .mono').textContent()).toBe('mine/trace_net1');
    const dir = join(dataset, 'mine/trace_net1');
    expect(readFileSync(join(dir, 'eventStructs.txt'), 'utf8').trim().split('\n')).toHaveLength(3);
    expect(readFileSync(join(dir, 'instruction.txt'), 'utf8')).toBe('net1\r\nOpen the network settings');
    const row = readFileSync(join(dataset, 'llamatouch_task_metadata.tsv'), 'utf8').split('\n').find((l) => l.startsWith('net1\t'));
    expect(row?.split('\t')).toEqual(['net1', 'mine', 'mine/trace_net1', 'Open the network settings', '4', 'com.android.settings']);
    await web.page.locator('[data-action="open-recorded"]').click();
    const ds = new AnnotatePage(web.page);
    await ds.waitReady('annotate');
    await ds.filmstrip(4).waitFor({ timeout: 60_000 });
    expect(await ds.waitForScreen(0)).toBeGreaterThan(3);
    await page.screenshot(join(SHOTS, 'run-record-undo-open.png'));
  }, 300_000);

  it('discards a recording: the dataset folder on disk is exactly as before', async () => {
    await web.page.locator('[data-view-tab="run"]').click();
    await page.waitReady('run');
    await page.recordTab();
    const before = snapshot(dataset);
    await page.nameRecording({ episode: 'gone1', app: 'com.android.settings', folder: 'scratch', description: 'Something to throw away' });
    // The device still shows Settings from the recording above; starting from HOME records the launcher as screen 0.
    await web.page.getByLabel('Start from').selectOption('home');
    await web.page.locator('[data-action="record-start"]').click();
    await page.recording(0).waitFor({ timeout: 30_000 });
    expect(readFileSync(join(dataset, 'scratch/trace_gone1/0.activity'), 'utf8')).toContain('nexuslauncher');
    await web.page.locator('[data-action="key-home"]').click();
    await page.recording(1).waitFor({ timeout: 30_000 });
    expect(existsSync(join(dataset, 'scratch/trace_gone1/1.png'))).toBe(true);
    await web.page.locator('[data-action="record-discard"]').click();
    await web.page.locator('.record-panel[data-record-state="idle"] [data-record-notice]').waitFor();
    expect(await web.page.locator('[data-record-notice]').textContent()).toBe('Recording discarded: nothing of it was kept.');
    expect(snapshot(dataset)).toEqual(before);
  }, 180_000);
});
