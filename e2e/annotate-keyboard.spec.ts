import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AnnotatePage } from './pages/annotate-page';
import { makeDataset, type TempDataset } from './testing/dataset-fixture';
import { SHOTS as shots, openWebSession, webSkipReason as why, type WebSession } from './testing/harness';

describe.skipIf(why !== '')(`web mode in Chromium: annotating with the keyboard alone ${why}`, () => {
  let ds: TempDataset;
  let web: WebSession;
  let app: AnnotatePage;

  beforeAll(async () => {
    ds = makeDataset();
    web = await openWebSession(join(ds.root, '..', 'state'));
    app = new AnnotatePage(web.page);
  });
  afterAll(async () => {
    await web?.close();
    ds?.cleanup();
  });

  const key = (k: string) => app.page.keyboard.press(k);
  const ess = (step: number) => readFileSync(join(ds.root, 'general', 'trace_18', `${step}.ess`), 'utf8').trim();

  it('three items on two steps, through the task search, a tree search, "#14 f" and a multi-selection, without a mouse event', async () => {
    await app.page.goto(`${web.server.url}#/annotate?root=${encodeURIComponent(ds.root)}`);
    await app.taskList(2).waitFor();
    await app.waitReady('annotate');
    // Any pointer event from here on fails the test.
    await app.page.evaluate(() => {
      const w = window as unknown as { pointerEvents: string[] };
      w.pointerEvents = [];
      for (const t of ['mousedown', 'mouseup', 'mousemove', 'pointerdown', 'wheel']) window.addEventListener(t, (e) => { if (e.isTrusted) w.pointerEvents.push(t); }, true);
    });
    // The toolbar names the keys of this view: here e and a add items, so the overlays are E and A.
    expect(await app.overlayToggle('ess').getAttribute('data-key')).toBe('E');
    expect(await app.overlayToggle('action').getAttribute('data-key')).toBe('A');
    expect(await app.overlayToggle('boxes').getAttribute('data-key')).toBe('b');

    // Task search: "/" focuses it, Enter opens the first hit.
    await key('/');
    await app.page.keyboard.type('pronunciation');
    await key('Enter');
    await app.selectedTask('18').waitFor();
    await app.canvas(0).waitFor();
    await app.waitItems([]);

    // Tree search (Ctrl+F): Enter selects the first hit, e adds exact for it.
    await key('Control+f');
    await app.page.locator('#tree-search:focus').waitFor();
    await app.page.keyboard.type('6 hours ago');
    await key('Enter');
    expect(await app.inspected()).toBe(16);
    await key('e');
    await app.waitItems(['exact<16>'], 'saved');
    // "#14 f": the number, then the primitive's key.
    await key('1');
    await key('4');
    await app.page.locator('.entry-badge[data-entry="14"]').waitFor();
    await key('f');
    await app.waitItems(['exact<16>', 'fuzzy<14>'], 'saved');
    expect(await app.inspected()).toBe(14);
    // The numbered list's search (Ctrl+K): Enter selects the first hit.
    await key('Control+k');
    await app.page.locator('.component-search:focus').waitFor();
    await app.page.keyboard.type('shelf_header');
    await key('Enter');
    expect(await app.inspected()).toBe(8);
    await key('x');
    await app.waitItems(['exact<16>', 'fuzzy<14>', 'exclude<8>'], 'saved');
    expect(ess(0)).toBe('exact<16>|fuzzy<14>|exclude<8>');

    // The last step; F6 to the screen, arrows in reading order, Shift+arrow adds to the selection, e adds both.
    await key('Escape');
    await key('End');
    await app.canvas(4).waitFor();
    await app.waitItems([]);
    for (let i = 0; i < 6 && !(await app.page.evaluate(() => document.activeElement?.getAttribute('data-focus-region') === 'screen')); i++) await key('F6');
    await key('ArrowRight');
    const first = await app.inspected();
    expect(first).not.toBeNull();
    await key('Shift+ArrowRight');
    await app.page.locator('.multi-badge[data-multi="2"]').waitFor();
    const second = await app.inspected();
    expect(second).not.toBe(first);
    await key('e');
    await app.waitItems([`exact<${first}>`, `exact<${second}>`], 'saved');
    expect(ess(4)).toBe(`exact<${first}>|exact<${second}>`);

    // The ? overlay lists the keys of the screen, the tree and the list too.
    await key('?');
    const rows = await app.keymapRows();
    for (const k of ['Shift+ArrowRight Shift+ArrowDown', 'Ctrl+F', 'z', 'v', 'Ctrl+K', 'F6', '0 1 2 3 4 5 6 7 8 9', 'Ctrl+Shift+C']) expect(rows.some((r) => r.startsWith(`${k}:`)), k).toBe(true);
    await app.screenshot(join(shots, 'annotate-keyboard-keys.png'));
    await key('Escape');

    // The task search again: Esc clears it, Enter hands the keys to the list. The other task (901) has
    // no annotation, so n opens it; once it has one, n says that every task is annotated.
    await key('/');
    await key('Escape');
    await key('Enter');
    await app.taskList(2).waitFor();
    await key('n');
    await app.selectedTask('901').waitFor();
    await app.canvas(0).waitFor();
    await app.waitItems([]);
    await key('a');
    await app.waitItems(['activity<0>'], 'saved');
    await key('n');
    await app.page.locator('.notice[data-notice]').waitFor();
    expect(await app.page.locator('.notice').textContent()).toMatch(/Every task is annotated/);
    await app.screenshot(join(shots, 'annotate-keyboard.png'));
    expect(await app.page.evaluate(() => (window as unknown as { pointerEvents: string[] }).pointerEvents)).toEqual([]);
  }, 180_000);
});
