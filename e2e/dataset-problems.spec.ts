import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { NumberedComponent } from '../shared/model';
import { boxesOf, componentAt } from '../renderer/canvas/hit-test';
import { makeBigDataset, makeProblemDataset, type TempDataset } from './dataset-fixture';
import { SHOTS as shots, openDatasetByPath, openWebSession, webSkipReason as why, type WebSession } from './harness';

describe.skipIf(why !== '')(`web mode in Chromium: downscaled screenshots, broken episodes, cancelling a big open ${why}`, () => {
  let ds: TempDataset;
  let big: TempDataset;
  let web: WebSession;
  let page: Page;

  beforeAll(async () => {
    ds = await makeProblemDataset();
    big = makeBigDataset(3000);
    web = await openWebSession(join(ds.outside, 'state'));
    page = web.page;
    await openDatasetByPath(web, ds.root, 2);
  });
  afterAll(async () => {
    await web?.close();
    ds?.cleanup();
    big?.cleanup();
  });

  it('a half-size screenshot is stretched to device pixels: a click on a component picks that component', async () => {
    await page.click('.task-row[data-episode="18"]');
    const canvas = page.locator('.stage[data-step="0"] .screen-canvas[data-screen-state="ready"]');
    await canvas.waitFor();
    const comps = JSON.parse(readFileSync(join(ds.root, 'small/trace_18/0.json'), 'utf8')) as NumberedComponent[];
    const boxes = boxesOf(comps);
    // A component big enough to aim at, that is itself what a click at its centre selects.
    const target = boxes.find((b) => {
      const c = { x: (b.bounds.x1 + b.bounds.x2) / 2, y: (b.bounds.y1 + b.bounds.y2) / 2 };
      return b.bounds.x2 - b.bounds.x1 >= 150 && b.bounds.y2 - b.bounds.y1 >= 80 && componentAt(boxes, c) === b.id;
    });
    if (!target) throw new Error('no component to aim at in small/trace_18/0.json');
    // The 1080x2400 screen (the 540x1200 image has the same aspect) sits centred in the canvas with 12 px padding.
    const box = (await canvas.boundingBox())!;
    const scale = Math.min((box.width - 24) / 1080, (box.height - 24) / 2400);
    const left = box.x + (box.width - 1080 * scale) / 2;
    const top = box.y + (box.height - 2400 * scale) / 2;
    const cx = (target.bounds.x1 + target.bounds.x2) / 2;
    const cy = (target.bounds.y1 + target.bounds.y2) / 2;
    await page.mouse.click(left + cx * scale, top + cy * scale);
    await page.locator(`.fields[data-component-id="${target.id}"]`).waitFor();
    expect(await page.locator('.fields dd').nth(4).textContent()).toBe(comps[target.id].bounds);
  });

  it('lists the episode with a damaged .ess with its located error, keeps its annotation, and shows the line', async () => {
    const row = page.locator('.task-row[data-episode="1018"]');
    expect(await row.getAttribute('data-status')).toBe('error');
    expect(await row.locator('.task-error').textContent()).toMatch(/^broken\/trace_18\/2\.ess:1 \(step 2\): Malformed essential state/);
    expect(await row.locator('.badge-ok').textContent()).toBe('1 ess');
    await row.click();
    await page.locator('[data-app-state="ready"] .filmstrip[data-step-count="5"]').waitFor();
    expect(await page.locator('.problems[open] li[data-severity="error"]').first().textContent()).toContain('2.ess:1 (step 2)');
    await page.click('.frame[data-step="2"]');
    await page.locator('[data-app-state="ready"] .stage[data-step="2"] .screen-canvas[data-screen-state="ready"]').waitFor();
    expect(await page.locator('.ess-line.broken .mono').first().textContent()).toBe('activity<0>|exact<1|click<3>');
    expect(await page.locator('.ess-line .ess-error').textContent()).toMatch(/Malformed essential state: column \d+/);
    await page.screenshot({ path: join(shots, 'dataset-problems.png') });
  });

  it('"Check dataset" lists every problem with file:line (step) and hint; clicking one goes to that task and step', async () => {
    await page.click('.task-row[data-episode="18"]');
    await page.locator('[data-app-state="ready"] .task-row[data-episode="18"][aria-selected="true"]').waitFor();
    await page.click('[data-action="check-dataset"]');
    const panel = page.locator('.check-panel[data-check-state="ready"]');
    await panel.waitFor();
    const row = panel.locator('li[data-problem-file="broken/trace_18/2.ess"][data-severity="error"]').first();
    expect(await row.locator('.check-where').textContent()).toBe('broken/trace_18/2.ess:1 (step 2)');
    expect(await row.locator('.check-msg').textContent()).toMatch(/Malformed essential state.* — ./);
    expect(Number(await panel.getAttribute('data-problem-count'))).toBe(await panel.locator('.check-list li[data-severity]').count());
    expect(await panel.locator('.check-counts').textContent()).toMatch(/2 episodes.*10 steps/);

    await row.locator('button').click();
    await page.locator('[data-app-state="ready"] .task-row[data-episode="1018"][aria-selected="true"]').waitFor();
    await page.locator('[data-app-state="ready"] .stage[data-step="2"] .screen-canvas[data-screen-state="ready"]').waitFor();
    await panel.locator('li.here[data-problem-file="broken/trace_18/2.ess"]').first().waitFor();
    await page.screenshot({ path: join(shots, 'dataset-check-1600.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.locator('.check-panel[data-check-state="ready"]').waitFor();
    await page.screenshot({ path: join(shots, 'dataset-check-1280.png') });
    await page.setViewportSize({ width: 1600, height: 1000 });
    // Keyboard navigation still works with the panel open.
    await page.locator('body').press('ArrowLeft');
    await page.locator('[data-app-state="ready"] .stage[data-step="1"] .screen-canvas[data-screen-state="ready"]').waitFor();
    await page.click('.check-panel button[aria-label="Close the check"]');
    expect(await page.locator('.check-panel').count()).toBe(0);
  });

  it('shows the progress of opening a big folder and cancels it, back to the open screen without an error', async () => {
    await page.click('text=Switch dataset');
    await page.fill('#dataset-path', big.root);
    await page.click('button[type="submit"]');
    // Read the bar and press Cancel in the same frame, so the scan cannot finish in between.
    const seen = await page.evaluate(() => new Promise<string>((resolve) => {
      const tick = (): void => {
        const el = document.querySelector('.open-progress[data-open-progress]');
        const v = el?.getAttribute('data-open-progress');
        if (el && v && v !== '0/0') {
          el.querySelector('button')?.click();
          resolve(v);
        } else requestAnimationFrame(tick);
      };
      tick();
    }));
    const [done, total] = seen.split('/').map(Number);
    expect(total).toBe(3000);
    expect(done).toBeGreaterThan(0);
    expect(done).toBeLessThan(total);
    await page.locator('[data-app-state="ready"][data-view="open"]').waitFor();
    expect(await page.locator('.error-box').count()).toBe(0);
  });
});
