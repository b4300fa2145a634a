import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { AnnotatePage } from './pages/annotate-page';
import { makeDataset, type TempDataset } from './testing/dataset-fixture';
import { SHOTS as shots, openWebSession, webSkipReason as why, type WebSession } from './testing/harness';

const SCREEN = { width: 1080, height: 2400 };

/** The OCR layer, the app picker, the queue filters and the resizable panels of the annotation view, on a copy of trace_18. */
describe.skipIf(why !== '')(`web mode in Chromium: annotation tools ${why}`, () => {
  let ds: TempDataset;
  let web: WebSession;
  let app: AnnotatePage;
  let state: string;
  const ess = (step: number) => join(ds.root, 'general/trace_18', `${step}.ess`);

  beforeAll(async () => {
    ds = makeDataset();
    state = join(ds.outside, 'state');
    web = await openWebSession(state);
    app = new AnnotatePage(web.page);
    await app.openDataset(web.server.url, ds.root, 2);
    await app.showStep('18', 5, 4);
  });
  afterAll(async () => {
    await web?.close();
    ds?.cleanup();
  });

  it('the selected component\'s number sits outside its box, off the start of its text', async () => {
    const comps = JSON.parse(readFileSync(join(ds.root, 'general/trace_18/4.json'), 'utf8')) as { id: number; text: string; bounds: string }[];
    const c = comps.find((x) => x.text === 'Select the correct image')!;
    const [x1, y1, x2, y2] = c.bounds.match(/\d+/g)!.map(Number);
    await app.clickDevicePoint(4, SCREEN, { x: (x1 + x2) / 2, y: (y1 + y2) / 2 });
    await app.page.locator(`.fields[data-component-id="${c.id}"]`).waitFor();
    await app.screenshot(join(shots, 'annotate-selected-1600.png'));
    await app.page.keyboard.press('Escape');
  });

  it('o shows the OCR layer (read by PP-OCR, cached on disk); clicking a text box adds ocr<text>, saved to i.ess', async () => {
    await app.press('o');
    const toggle = app.page.locator('.ocr-toggle[data-ocr-state="ready"]');
    await toggle.waitFor({ timeout: 60_000 });
    const n = Number(await toggle.getAttribute('data-ocr-lines'));
    expect(n).toBeGreaterThan(3);
    // What the core read is in its cache beside the state: one JSON file per screenshot, named by its hash.
    const files = readdirSync(join(state, 'ocr-cache'));
    expect(files).toHaveLength(1);
    const cached = JSON.parse(readFileSync(join(state, 'ocr-cache', files[0]), 'utf8')) as { lines: { text: string; box: { x1: number; y1: number; x2: number; y2: number } }[] };
    expect(cached.lines).toHaveLength(n);
    const check = cached.lines.find((l) => l.text === 'CHECK')!;
    expect(check).toBeDefined();
    await app.page.getByRole('region', { name: 'Screen text (OCR)' }).getByRole('button', { name: 'CHECK', exact: true }).waitFor();
    await app.screenshot(join(shots, 'annotate-ocr-1600.png'));

    // The box is in the screenshot's pixels, which are the device's here (1080x2400).
    await app.clickDevicePoint(4, SCREEN, { x: (check.box.x1 + check.box.x2) / 2, y: (check.box.y1 + check.box.y2) / 2 });
    await app.waitItems(['ocr<CHECK>'], 'saved');
    expect(readFileSync(ess(4), 'utf8')).toBe('ocr<CHECK>\n');
    expect(await app.page.locator('.stack-list').count()).toBe(0); // the click went to the text box, not to the components there

    // Off again: clicks select components again, and the layer's list is gone.
    await app.press('o');
    await app.page.locator('.ocr-toggle[data-ocr-state="off"]').waitFor();
    expect(await app.page.getByRole('region', { name: 'Screen text (OCR)' }).count()).toBe(0);
    await app.clickDevicePoint(4, SCREEN, { x: (check.box.x1 + check.box.x2) / 2, y: (check.box.y1 + check.box.y2) / 2 });
    await app.page.locator('.fields[data-component-id]').waitFor();
    await app.page.keyboard.press('Escape');
  });

  it('install checks: i focuses the app picker (a combobox), typing narrows it, arrows and Enter pick, a button adds the check', async () => {
    await app.press('i');
    const input = app.page.getByRole('combobox', { name: 'App for an install check' });
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    await input.pressSequentially('duoling');
    const list = app.page.getByRole('listbox', { name: 'Apps' });
    await list.waitFor();
    const options = await list.getByRole('option').allTextContents();
    expect(options.length).toBeGreaterThan(0);
    expect(options.every((o) => /duoling/i.test(o))).toBe(true);
    expect(await input.getAttribute('aria-activedescendant')).toBe('app-option-0');
    await input.press('ArrowDown');
    await input.press('ArrowUp');
    await input.press('Enter');
    expect(await list.count()).toBe(0);
    const chosen = await input.inputValue();
    expect(chosen.toLowerCase()).toContain('duolingo');
    await app.page.locator('[data-add="install"]').click();
    await app.waitItems(['ocr<CHECK>', `check_install<${chosen}>`], 'saved');
    expect(readFileSync(ess(4), 'utf8')).toBe(`ocr<CHECK>|check_install<${chosen}>\n`);
    await app.screenshot(join(shots, 'annotate-apps-1600.png'));
  });

  it('the queue filters by app, category and step count', async () => {
    const exact = { exact: true };
    await app.page.getByRole('combobox', { name: 'Category', ...exact }).selectOption('generated');
    await app.taskList(1).waitFor();
    await app.page.getByRole('combobox', { name: 'Category', ...exact }).selectOption('');
    await app.page.getByRole('spinbutton', { name: 'At least this many steps' }).fill('3');
    await app.taskList(1).waitFor(); // trace_18 (5 steps), not trace_901 (2)
    await app.taskRow('18').waitFor();
    await app.page.getByRole('spinbutton', { name: 'At least this many steps' }).fill('');
    await app.page.getByRole('combobox', { name: 'App', ...exact }).selectOption('Duolingo');
    await app.taskList(2).waitFor();
    await app.page.getByRole('combobox', { name: 'App', ...exact }).selectOption('');
  });

  it('panels resize by keyboard and by dragging, are remembered over a reload, and fit 1280x720', async () => {
    const taskPanel = app.page.locator('.task-panel');
    const side = app.page.locator('.annotate-side');
    const w0 = (await taskPanel.boundingBox())!.width;
    const handle = app.page.getByRole('separator', { name: 'Resize the task list' });
    await handle.focus();
    for (let i = 0; i < 3; i++) await handle.press('ArrowRight');
    expect((await taskPanel.boundingBox())!.width).toBe(w0 + 48);
    await app.canvas(4).waitFor(); // the keys resized, they did not change the step

    const sideHandle = (await app.page.getByRole('separator', { name: 'Resize the editor column' }).boundingBox())!;
    const s0 = (await side.boundingBox())!.width;
    await app.page.mouse.move(sideHandle.x + 0.5, sideHandle.y + 200);
    await app.page.mouse.down();
    await app.page.mouse.move(sideHandle.x - 60, sideHandle.y + 200, { steps: 4 });
    await app.page.mouse.up();
    const s1 = (await side.boundingBox())!.width;
    expect(Math.abs(s1 - (s0 + 60))).toBeLessThanOrEqual(2);

    await app.page.reload();
    await app.waitReady('annotate');
    await app.canvas(4).waitFor();
    expect((await taskPanel.boundingBox())!.width).toBe(w0 + 48);
    expect((await side.boundingBox())!.width).toBe(s1);

    await app.page.setViewportSize({ width: 1280, height: 720 });
    await app.canvas(4).waitFor();
    const canvas = (await app.canvas(4).boundingBox())!;
    const editor = (await side.boundingBox())!;
    expect(editor.x + editor.width).toBeLessThanOrEqual(1280);
    expect(canvas.width).toBeGreaterThanOrEqual(300);
    expect(canvas.height).toBeGreaterThan(300);
    // Nothing in the queue's filters or the editor's controls is cut off.
    for (const sel of ['.queue-filters', '.ess-add', '.app-picker']) {
      const clipped = await app.page.locator(sel).evaluate((el) => [...el.querySelectorAll('select, input, button')].filter((c) => {
        const r = c.getBoundingClientRect();
        const p = el.closest('.task-panel, .annotate-side')!.getBoundingClientRect();
        return r.width > 0 && (r.left < p.left - 0.5 || r.right > p.right + 0.5);
      }).length);
      expect(clipped, sel).toBe(0);
    }
    await app.press('o');
    await app.page.locator('.ocr-toggle[data-ocr-state="ready"]').waitFor();
    // With the OCR list open too, every item chip keeps its height (the editor scrolls instead).
    const chips = await app.editor.locator('.ess-chip').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
    expect(chips.length).toBe(2);
    for (const h of chips) expect(h).toBeGreaterThan(15);
    await app.screenshot(join(shots, 'annotate-tools-1280.png'));
    await app.press('o');
    await app.page.setViewportSize({ width: 1600, height: 1000 });
  });
});
