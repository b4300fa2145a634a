import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { CALL_NAMES } from '../shared/contract';
import { haveFixtures, makeDataset, type TempDataset } from './testing/dataset-fixture';
import { REPO } from './testing/harness';

/** The Electron binary, when `npm install` downloaded it (never in CI here: ELECTRON_SKIP_BINARY_DOWNLOAD=1). */
function electronBinary(): string | null {
  try {
    const p = createRequire(import.meta.url)('electron') as unknown;
    return typeof p === 'string' && existsSync(p) ? p : null;
  } catch {
    return null;
  }
}
const binary = electronBinary();
const why = !binary ? ' (skipped: no Electron binary installed; the same UI is tested in web mode)' : !haveFixtures ? ' (skipped: ../shared/fixtures is absent)' : '';

describe.skipIf(why !== '')(`desktop mode in Electron${why}`, () => {
  let app: ElectronApplication;
  let page: Page;
  let ds: TempDataset;

  beforeAll(async () => {
    ds = makeDataset();
    if (!existsSync(join(REPO, 'dist', 'main.cjs')) || !existsSync(join(REPO, 'dist', 'renderer', 'index.html'))) {
      const r = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: REPO, stdio: 'inherit' });
      if (r.status !== 0) throw new Error('npm run build failed; see the output above.');
    }
    app = await _electron.launch({ executablePath: binary!, args: [REPO, '--no-sandbox'], env: { ...process.env, XDG_CONFIG_HOME: join(ds.outside, 'config') } });
    page = await app.firstWindow();
  });
  afterAll(async () => {
    await app?.close();
    ds?.cleanup();
  });

  it('locks the window down and exposes exactly the contract calls', async () => {
    await page.locator('[data-app-state="ready"]').waitFor();
    const seen = await page.evaluate(() => ({
      calls: Object.keys(window.touchstone?.calls ?? {}).sort(),
      hasRequire: typeof (window as unknown as { require?: unknown }).require !== 'undefined',
      hasProcess: typeof (window as unknown as { process?: unknown }).process !== 'undefined',
    }));
    expect(seen).toEqual({ calls: [...CALL_NAMES].sort(), hasRequire: false, hasProcess: false });
    // New windows and navigation away from the app page are denied.
    expect(await page.evaluate(() => window.open('https://example.com') === null)).toBe(true);
    const before = page.url();
    await page.evaluate(() => { window.location.href = 'https://example.com/'; });
    await page.locator('[data-app-state="ready"]').waitFor();
    expect(page.url()).toBe(before);
    expect(app.windows()).toHaveLength(1);
  });

  it('opens a dataset through the bridge and draws its boxes from touchstone-file:// screenshots', async () => {
    await page.evaluate((root) => window.touchstone!.calls['dataset:open']({ path: root }), ds.root);
    await page.reload();
    await page.locator('[data-app-state="ready"] .recent-item').first().click();
    const canvas = page.locator('.screen-canvas[data-screen-state="ready"]');
    await canvas.waitFor();
    expect(Number(await canvas.getAttribute('data-box-count'))).toBeGreaterThan(0);
  });
});
