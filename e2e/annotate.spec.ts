import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NumberedComponent } from '../shared/model';
import { boxesOf, componentAt } from '../shared/geometry/component-at';
import { AnnotatePage } from './pages/annotate-page';
import { makeDataset, type TempDataset } from './testing/dataset-fixture';
import { SHOTS as shots, openWebSession, webSkipReason as why, type WebSession } from './testing/harness';

const SCREEN = { width: 1080, height: 2400 };

describe.skipIf(why !== '')(`web mode in Chromium: annotating essential states ${why}`, () => {
  let ds: TempDataset;
  let web: WebSession;
  let app: AnnotatePage;
  const ess = (step: number) => join(ds.root, 'general/trace_18', `${step}.ess`);
  const comps = (step: number) => JSON.parse(readFileSync(join(ds.root, 'general/trace_18', `${step}.json`), 'utf8')) as NumberedComponent[];

  beforeAll(async () => {
    ds = makeDataset();
    web = await openWebSession(join(ds.outside, 'state'));
    app = new AnnotatePage(web.page);
    await app.openDataset(web.server.url, ds.root, 2);
    await app.showStep('18', 5, 3);
  });
  afterAll(async () => {
    await web?.close();
    ds?.cleanup();
  });

  it('click a text node at its screen position -> the inspector shows its text; e adds exact<n>, saved to disk; Ctrl+Z takes it back everywhere', async () => {
    const boxes = boxesOf(comps(3));
    const text = comps(3).find((c) => c.text === 'Lesson 2 of 5')!;
    const b = boxes.find((x) => x.id === text.id)!;
    const centre = { x: (b.bounds.x1 + b.bounds.x2) / 2, y: (b.bounds.y1 + b.bounds.y2) / 2 };
    expect(componentAt(boxes, centre)).toBe(text.id);
    await app.clickDevicePoint(3, SCREEN, centre);
    await app.fields(text.id).waitFor();
    expect(await app.field('text').textContent()).toBe('Lesson 2 of 5');

    await app.press('e');
    await app.waitItems([`exact<${text.id}>`], 'saved');
    expect(readFileSync(ess(3), 'utf8')).toBe(`exact<${text.id}>\n`);
    expect(await app.frame(3).locator('.frame-ess').count()).toBe(1); // the filmstrip marks the step

    await app.page.keyboard.press('Control+z');
    await app.waitItems([], 'saved');
    expect(existsSync(ess(3))).toBe(false); // the step had no .ess: undoing the only item removes the file
    await app.page.keyboard.press('Control+Shift+z');
    await app.waitItems([`exact<${text.id}>`], 'saved');
    await app.addButton('a').click();
    await app.waitItems(['activity<0>', `exact<${text.id}>`], 'saved');
    expect(readFileSync(ess(3), 'utf8')).toBe(`activity<0>|exact<${text.id}>\n`);
    await app.screenshot(join(shots, 'annotate-1600.png'));
  });

  it('reloading shows the saved state, in the annotation view, at the same task and step', async () => {
    await app.page.reload();
    await app.waitReady('annotate');
    await app.selectedTask('18').waitFor();
    await app.canvas(3).waitFor();
    const id = comps(3).find((c) => c.text === 'Lesson 2 of 5')!.id;
    await app.waitItems(['activity<0>', `exact<${id}>`]);
    expect(app.route()).toMatchObject({ view: 'annotate', root: realpathSync(ds.root), task: 'general/trace_18', step: '3' });
  });

  it('cycles through components with equal bounds by clicking again at the same spot, listing the candidates', async () => {
    const equal = boxesOf(comps(3)).filter((x) => x.bounds.x1 === 883 && x.bounds.y1 === 63 && x.bounds.x2 === 1080 && x.bounds.y2 === 189).map((x) => x.id);
    expect(equal).toHaveLength(2);
    const p = { x: 981, y: 126 };
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      await app.clickDevicePoint(3, SCREEN, p);
      await app.page.locator('.stack-id[aria-pressed="true"]').waitFor();
      seen.push(Number((await app.page.locator('.stack-id[aria-pressed="true"]').textContent())!.slice(1)));
    }
    for (const id of equal) expect(seen).toContain(id);
    const listed = await app.stackList.locator('.stack-id').allTextContents();
    expect(listed.slice(0, 2).sort()).toEqual(equal.map((id) => `#${id}`).sort());
    await app.screenshot(join(shots, 'annotate-stack.png'));
  });

  it('a concurrent change to i.ess on disk is detected: both versions shown, nothing lost, the annotator decides', async () => {
    const id = comps(3).find((c) => c.text === 'Lesson 2 of 5')!.id;
    writeFileSync(ess(3), 'activity<0>|exact<9>\n'); // another annotator's save
    await app.components.nth(10).click();
    await app.press('f');
    await app.conflict.waitFor();
    expect(await app.conflictVersion('disk').textContent()).toBe('activity<0>|exact<9>');
    expect(await app.conflictVersion('mine').textContent()).toBe(`activity<0>|exact<${id}>|fuzzy<10>`);
    expect(readFileSync(ess(3), 'utf8')).toBe('activity<0>|exact<9>\n');
    await app.screenshot(join(shots, 'annotate-conflict.png'));
    await app.conflict.getByRole('button', { name: /Keep mine/ }).click();
    await app.waitItems(['activity<0>', `exact<${id}>`, 'fuzzy<10>'], 'saved');
    expect(readFileSync(ess(3), 'utf8')).toBe(`activity<0>|exact<${id}>|fuzzy<10>\n`);
  });

  it('live checks: an annotation that a trace doing nothing would pass is warned about, at once; a later-screen item clears it', async () => {
    // Leave only step 0's activity: that already holds on the first screen.
    for (const step of [2, 3]) {
      await app.frame(step).click();
      await app.canvas(step).waitFor();
      const n = (await app.items()).length;
      for (let i = 0; i < n; i++) await app.press('Backspace');
      await app.waitItems([], 'saved');
      expect(existsSync(ess(step))).toBe(false);
    }
    await app.press('Home');
    await app.canvas(0).waitFor();
    await app.press('a');
    await app.waitItems(['activity<0>'], 'saved');
    await app.page.locator('.live-check[data-live-state="ready"][data-warnings~="noop-passes"]').waitFor();
    expect(await app.page.locator('[data-verdict="no-op"]').getAttribute('data-passed')).toBe('true');
    expect(await app.page.locator('[data-warning="noop-passes"]').textContent()).toMatch(/did nothing would pass/);
    await app.screenshot(join(shots, 'annotate-warning.png'));

    // An item only the last screen shows: the no-op trace fails now, the own recording still passes.
    await app.press('End');
    await app.canvas(4).waitFor();
    const last = comps(4).find((c) => c.text === 'NEW WORD')!;
    await app.components.nth(last.id).click();
    await app.press('e');
    await app.waitItems([`exact<${last.id}>`], 'saved');
    await app.page.locator('.live-check[data-live-state="ready"]:not([data-warnings~="noop-passes"])').waitFor();
    expect(await app.page.locator('[data-verdict="no-op"]').getAttribute('data-passed')).toBe('false');
    expect(await app.page.locator('[data-verdict="own"]').getAttribute('data-passed')).toBe('true');
  });

  it('box toggles choose which boxes are numbered; the component list is searchable', async () => {
    await app.canvas(4).waitFor();
    const c4 = comps(4);
    const filter = app.page.getByRole('combobox', { name: 'Boxes shown' });
    await filter.selectOption('text');
    await app.canvasWith({ 'boxes-drawn': String(c4.filter((c) => c.text.trim() || c['content-desc'].trim()).length) }, 4).waitFor();
    await filter.selectOption('clickable');
    await app.canvasWith({ 'boxes-drawn': String(c4.filter((c) => c.clickable || c['long-clickable']).length) }, 4).waitFor();
    await filter.selectOption('none');
    await app.canvasWith({ 'boxes-drawn': '0' }, 4).waitFor();
    await filter.selectOption('all');
    await app.canvasWith({ 'boxes-drawn': String(c4.length) }, 4).waitFor();

    await app.page.getByRole('searchbox', { name: 'Search components' }).fill('the woman');
    await app.page.locator('.component-list[data-listed="1"]').waitFor();
    expect(await app.components.first().textContent()).toContain('the woman');
    await app.page.getByRole('searchbox', { name: 'Search components' }).fill('');
  });

  it('fits at 1280x720', async () => {
    await app.page.setViewportSize({ width: 1280, height: 720 });
    await app.canvas(4).waitFor();
    const side = (await app.editor.boundingBox())!;
    expect(side.x + side.width).toBeLessThanOrEqual(1280);
    expect((await app.canvas(4).boundingBox())!.height).toBeGreaterThan(300);
    await app.screenshot(join(shots, 'annotate-1280.png'));
    await app.page.setViewportSize({ width: 1600, height: 1000 });
  });

  it('suggests from the recording for a task without annotation; y accepts one (autosaved)', async () => {
    await app.selectTask('901', 2);
    await app.canvas(0).waitFor();
    const list = app.page.getByRole('region', { name: 'Suggestions' });
    await list.waitFor();
    const items = await list.locator('[data-suggestion]').evaluateAll((els) => els.map((e) => e.getAttribute('data-suggestion')));
    // The recorded tap (540,1200 of 1080x2400) lands on the component the suggestion clicks.
    const boxes = boxesOf(JSON.parse(readFileSync(join(ds.root, 'generated/trace_901/0.json'), 'utf8')) as NumberedComponent[]);
    expect(items).toEqual([`click<${componentAt(boxes, { x: 540, y: 1200 })}>`]);
    await app.screenshot(join(shots, 'annotate-suggestions.png'));
    await app.press('y');
    await app.waitItems([items[0]!], 'saved');
    expect(readFileSync(join(ds.root, 'generated/trace_901/0.ess'), 'utf8')).toBe(`${items[0]}\n`);
    expect(await list.count()).toBe(0); // nothing left to decide on this task
  });

  it('review mode: return a task with a comment, then mark it reviewed; only touchstone-review.json is written', async () => {
    await app.selectTask('18', 5);
    const review = app.page.getByRole('region', { name: 'Review' });
    await review.getByRole('button', { name: 'Return…' }).click();
    await review.getByRole('textbox', { name: 'What to fix' }).fill('Step 4: use the lesson title, not the image.');
    await review.getByRole('button', { name: 'Return', exact: true }).click();
    await app.page.locator('.review-bar[data-review="returned"]').waitFor();
    await app.taskRow('18').locator('[data-review="returned"]').waitFor();
    const file = () => JSON.parse(readFileSync(join(ds.root, 'touchstone-review.json'), 'utf8')) as { tasks: Record<string, { status: string; comment: string }> };
    expect(file().tasks['general/trace_18']).toMatchObject({ status: 'returned', comment: 'Step 4: use the lesson title, not the image.' });
    await app.screenshot(join(shots, 'annotate-review.png'));

    await review.getByRole('button', { name: 'Mark reviewed' }).click();
    await app.page.locator('.review-bar[data-review="reviewed"]').waitFor();
    expect(file().tasks['general/trace_18'].status).toBe('reviewed');
    await app.page.getByRole('combobox', { name: 'Status' }).selectOption('reviewed');
    await app.taskList(1).waitFor();
    await app.page.getByRole('combobox', { name: 'Status' }).selectOption('all');
  });
});
