import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NumberedComponent } from '../shared/model';
import { boxesOf, componentAt } from '../shared/geometry/component-at';
import type { DatasetPage } from './pages/dataset-page';
import { makeBigDataset, makeProblemDataset, type TempDataset } from './testing/dataset-fixture';
import { SHOTS as shots, openDatasetByPath, openWebSession, webSkipReason as why, type WebSession } from './testing/harness';

describe.skipIf(why !== '')(`web mode in Chromium: downscaled screenshots, broken episodes, cancelling a big open ${why}`, () => {
  let ds: TempDataset;
  let big: TempDataset;
  let web: WebSession;
  let app: DatasetPage;

  beforeAll(async () => {
    ds = await makeProblemDataset();
    big = makeBigDataset(3000);
    web = await openWebSession(join(ds.outside, 'state'));
    app = await openDatasetByPath(web, ds.root, 2);
  });
  afterAll(async () => {
    await web?.close();
    ds?.cleanup();
    big?.cleanup();
  });

  it('a half-size screenshot is stretched to device pixels: a click on a component picks that component', async () => {
    await app.taskRow('18').click();
    await app.canvas(0).waitFor();
    const comps = JSON.parse(readFileSync(join(ds.root, 'small/trace_18/0.json'), 'utf8')) as NumberedComponent[];
    const boxes = boxesOf(comps);
    // A component big enough to aim at, that is itself what a click at its centre selects.
    const target = boxes.find((b) => {
      const c = { x: (b.bounds.x1 + b.bounds.x2) / 2, y: (b.bounds.y1 + b.bounds.y2) / 2 };
      return b.bounds.x2 - b.bounds.x1 >= 150 && b.bounds.y2 - b.bounds.y1 >= 80 && componentAt(boxes, c) === b.id;
    });
    if (!target) throw new Error('no component to aim at in small/trace_18/0.json');
    // The 1080x2400 screen (the 540x1200 image has the same aspect) sits centred in the canvas with 12 px padding.
    await app.clickDevicePoint(0, { width: 1080, height: 2400 }, { x: (target.bounds.x1 + target.bounds.x2) / 2, y: (target.bounds.y1 + target.bounds.y2) / 2 });
    await app.fields(target.id).waitFor();
    expect(await app.fields(target.id).locator('dd').nth(4).textContent()).toBe(comps[target.id].bounds);
  });

  it('lists the episode with a damaged .ess with its located error, keeps its annotation, and shows the line', async () => {
    const row = app.taskRow('1018');
    expect(await row.getAttribute('data-status')).toBe('error');
    expect(await row.locator('.task-error').textContent()).toMatch(/^broken\/trace_18\/2\.ess:1 \(step 2\): Malformed essential state/);
    expect(await row.locator('.badge-ok').textContent()).toBe('1 ess');
    await app.selectTask('1018', 5);
    expect(await app.episodeProblems.first().textContent()).toContain('2.ess:1 (step 2)');
    await app.frame(2).click();
    await app.canvas(2).waitFor();
    expect(await app.page.locator('.ess-line.broken .mono').first().textContent()).toBe('activity<0>|exact<1|click<3>');
    expect(await app.essLine.locator('.ess-error').textContent()).toMatch(/Malformed essential state: column \d+/);
    await app.screenshot(join(shots, 'dataset-problems.png'));
  });

  it('"Check dataset" lists every problem with file:line (step) and hint; clicking one goes to that task and step', async () => {
    await app.taskRow('18').click();
    await app.selectedTask('18').waitFor();
    await app.checkButton.click();
    const panel = app.checkPanel('ready');
    await panel.waitFor();
    const row = panel.locator('li[data-problem-file="broken/trace_18/2.ess"][data-severity="error"]').first();
    expect(await row.locator('.check-where').textContent()).toBe('broken/trace_18/2.ess:1 (step 2)');
    expect(await row.locator('.check-msg').textContent()).toMatch(/Malformed essential state.* — ./);
    expect(Number(await panel.getAttribute('data-problem-count'))).toBe(await panel.locator('.check-list li[data-severity]').count());
    expect(await panel.locator('.check-counts').textContent()).toMatch(/2 episodes.*10 steps/);

    await row.locator('button').click();
    await app.selectedTask('1018').waitFor();
    await app.canvas(2).waitFor();
    await panel.locator('li.here[data-problem-file="broken/trace_18/2.ess"]').first().waitFor();
    await app.screenshot(join(shots, 'dataset-check-1600.png'));
    await app.page.setViewportSize({ width: 1280, height: 800 });
    await app.checkPanel('ready').waitFor();
    await app.screenshot(join(shots, 'dataset-check-1280.png'));
    await app.page.setViewportSize({ width: 1600, height: 1000 });
    // Keyboard navigation still works with the panel open.
    await app.press('ArrowLeft');
    await app.canvas(1).waitFor();
    await app.checkPanel().getByRole('button', { name: 'Close the check' }).click();
    expect(await app.checkPanel().count()).toBe(0);
  });

  it('shows the progress of opening a big folder and cancels it, back to the open screen without an error', async () => {
    await app.switchDataset();
    await app.startOpen(big.root);
    // Read the bar and press Cancel in the same frame, so the scan cannot finish in between.
    const seen = await app.page.evaluate(() => new Promise<string>((resolve) => {
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
    await app.waitReady('open');
    expect(await app.errorBoxes.count()).toBe(0);
  });
});
