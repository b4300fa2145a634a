import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { HUMAN_LABELS_FILE } from '../shared/formats/human-labels';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatasetPage } from './pages/dataset-page';
import { freePort } from '../electron/virtual-device/testing';
import { openWebSession, webSkipReason as why, type WebSession } from './testing/harness';

describe.skipIf(why !== '')(`start screen: "Open the demo dataset" makes it on first use, then opens it ${why}`, () => {
  let web: WebSession;
  let tmp: string;
  const saved = { dir: process.env.TOUCHSTONE_DEMO_DIR, port: process.env.ANDROID_ADB_SERVER_PORT };

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'touchstone-demo-e2e-'));
    process.env.TOUCHSTONE_DEMO_DIR = join(tmp, 'demo-dataset');
    // No adb server listens there: the phone is driven in process (the same capture commands), whatever runs on 5037.
    process.env.ANDROID_ADB_SERVER_PORT = String(await freePort());
    web = await openWebSession(join(tmp, 'state'));
  });
  afterAll(async () => {
    await web?.close();
    process.env.TOUCHSTONE_DEMO_DIR = saved.dir;
    if (saved.port === undefined) delete process.env.ANDROID_ADB_SERVER_PORT; else process.env.ANDROID_ADB_SERVER_PORT = saved.port;
    rmSync(tmp, { recursive: true, force: true });
  });

  it('shows progress while making it, then opens its tasks', async () => {
    const app = new DatasetPage(web.page);
    await web.page.goto(web.server.url);
    await app.waitReady('open');
    await web.page.getByRole('button', { name: 'Open the demo dataset' }).click();
    await web.page.locator('[data-demo-state="making"]').waitFor();
    await app.taskList(24).waitFor({ timeout: 240_000 });
    expect(readdirSync(join(tmp, 'demo-dataset', 'traces')).sort()).toEqual(['demo-alternative', 'noop', 'random', 'replay']);
    expect(readFileSync(join(tmp, 'demo-dataset', 'traces', 'replay', HUMAN_LABELS_FILE), 'utf8')).toMatch(/^episode,agent,repeat,human\n[^,\n]+,replay,1,1\n/);
  }, 300_000);
});
