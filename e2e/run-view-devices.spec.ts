import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { DeviceCapture } from '../electron/core/capture/capture';
import { adbShell } from '../electron/core/capture/device-shell';
import { DeviceServices } from '../electron/core/devices/device-services';
import { HAVE_ADB, startVirtualDevice, type StartedDevice } from '../electron/virtual-device/testing';
import { RunPage } from './pages/run-page';
import { SHOTS, webSkipReason } from './testing/harness';
import { openRunSession, type RunSession } from './testing/run-session';

const why = webSkipReason || (HAVE_ADB ? '' : 'skipped: adb is not installed');

describe.skipIf(why !== '')(`run view devices: emulator buttons, snapshots, replay devices, a vanished device ${why}`, () => {
  let session: RunSession;
  let web: RunSession['web'];
  let emu: StartedDevice;
  let page: RunPage;

  beforeAll(async () => {
    session = await openRunSession({ name: 'devpanel', tasks: ['demo01', 'demo14', 'demo15'], prepare: async ({ adb }) => {
      // An emulator-style virtual device (emulator-NNNN with its console, no console token).
      emu = await startVirtualDevice({ world: 'demo', adb, serialStyle: 'emulator', consoleAuthToken: '' });
      return () => emu.stop();
    } });
    ({ web } = session);
    page = new RunPage(web.page);
    await page.waitReady('run');
    await page.devices(1).waitFor({ timeout: 30_000 });
  }, 240_000);
  afterAll(async () => { await session?.close(); });

  it('shows the emulator buttons disabled with what to install where the SDK is missing, and saves and loads a snapshot of an emulator', async () => {
    const box = web.page.locator('.emulator-box:not([data-sdk="loading"])');
    await box.waitFor();
    if (await box.getAttribute('data-sdk') === 'missing') {
      expect(await web.page.locator('[data-action="start-emulator"]').isDisabled()).toBe(true);
      expect(await box.locator('.sdk-hint').textContent()).toMatch(/No Android emulator found: .*ANDROID_HOME.*developer\.android\.com\/studio#command-tools/);
    }
    await web.page.locator(`.device-row[data-serial="${emu.serial}"] .device-pick`).click();
    await page.mirror.waitFor();
    const capture = new DeviceCapture(adbShell(new DeviceServices().manager().client, emu.serial));
    await capture.shell.run('input keyevent 3');
    await web.page.getByLabel('Snapshot name').fill('launcher');
    await web.page.locator('[data-action="snapshot-save"]').click();
    await web.page.locator('.snapshots[data-snapshots="launcher"]').waitFor();
    await capture.shell.run('monkey -p com.touchstone.notes 1');
    expect(await capture.activity()).toContain('com.touchstone.notes');
    await web.page.locator('[data-action="snapshot-load"]').click();
    await web.page.getByRole('status').filter({ hasText: `Loaded snapshot launcher into ${emu.serial}.` }).waitFor();
    expect(await capture.activity()).toContain('nexuslauncher');
    await page.screenshot(join(SHOTS, 'run-device-panel-emulator.png'));
  }, 120_000);

  it('starts a virtual device replaying a chosen episode of the dataset, next to the demo one', async () => {
    await web.page.locator('[data-action="replay-episode"]').click();
    await web.page.getByLabel('Filter episodes').fill('demo15');
    await web.page.getByLabel('Episode to replay').selectOption({ index: 0 });
    await web.page.locator('[data-action="start-replay"]').click();
    await page.devices(2).waitFor({ timeout: 30_000 });
    const replay = (await page.serials()).find((s) => s !== emu.serial)!;
    expect(await web.page.locator('.device-row.selected').getAttribute('data-serial')).toBe(replay);
    await page.mirror.waitFor();
    // The replay world starts on the episode's first recorded screen: its activity is the recording's.
    expect(await new DeviceCapture(adbShell(new DeviceServices().manager().client, replay)).activity()).toMatch(/clock|launcher/i);
  }, 120_000);

  it('a device stopped during a run leaves the list within 2 s and its episode ends interrupted, naming the device', async () => {
    await page.startVirtualDevice(3);
    const victim = web.page.locator('.device-row.selected');
    const serial = (await victim.getAttribute('data-serial'))!;
    await page.pickTasks(['demo14']);
    await web.page.getByLabel('Agent').selectOption('random');
    await web.page.getByLabel('Step limit').fill('200');
    await page.setRepeats(20);
    await web.page.locator('.run-devices label').filter({ hasNotText: serial }).locator('input').evaluateAll((xs) => xs.forEach((x) => (x as HTMLInputElement).checked && (x as HTMLInputElement).click()));
    await page.startRun();
    await page.tileWithStep(serial).waitFor({ timeout: 60_000 });
    const t0 = Date.now();
    await web.page.locator(`.device-row[data-serial="${serial}"] [data-action="stop-device"]`).click();
    await web.page.locator(`.device-row[data-serial="${serial}"]`).waitFor({ state: 'detached', timeout: 10_000 });
    const gone = Date.now() - t0;
    const row = web.page.locator(`.run-episodes tr[data-outcome="interrupted"]`);
    await row.waitFor({ timeout: 10_000 });
    const ended = Date.now() - t0;
    console.log(`stopped device: gone from the list after ${gone} ms, episode interrupted after ${ended} ms`);
    expect(gone).toBeLessThan(2500);
    expect(ended).toBeLessThan(5000);
    expect(await row.textContent()).toContain(`Device ${serial}`);
    await page.screenshot(join(SHOTS, 'run-vanished.png'));
  }, 180_000);

  it('looks right at 1280x720: device panel, a live run and recording', async () => {
    await web.page.setViewportSize({ width: 1280, height: 720 });
    await page.screenshot(join(SHOTS, 'run-device-panel-1280.png'));
    await page.recordTab();
    await page.screenshot(join(SHOTS, 'run-record-1280.png'));
    // Nothing of the window scrolls sideways at this size.
    expect(await web.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await web.page.setViewportSize({ width: 1600, height: 1000 });
  }, 60_000);
});
