import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, linkSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDemoDataset } from '../electron/core/demo/create-demo';
import { AnnotatePage } from './pages/annotate-page';
import { FIXTURES, TRACE_18 } from './testing/dataset-fixture';
import { SHOTS as shots, openWebSession, webSkipReason as why, type WebSession } from './testing/harness';
import { probeLayout, shownOnTop } from './testing/layout-probe';

const UIA = join(FIXTURES, 'uiautomator');
/**
 * The densest real screens that come with their screenshots: WeCom's chat (720x1608, 65 components),
 * two car head-unit screens (1920x1080), the Evaluator's Google Maps dialog (1080x1918), as the four
 * steps of one episode; and the real trace_18 (Duolingo). Linked in place, never copied where the
 * file system allows.
 */
const DENSE_STEPS: Array<[string, string]> = [
  [join(UIA, '369219053+wework-auto-reply__current_screen.png'), join(UIA, '369219053+wework-auto-reply__current_ui.xml')],
  [join(UIA, 'MunkiJeon+IVI_OS_Auto_var00__sidemirror_popup.png'), join(UIA, 'MunkiJeon+IVI_OS_Auto_var00__sidemirror_popup.xml')],
  [join(UIA, 'MunkiJeon+IVI_OS_Auto_var00__ui_AD.png'), join(UIA, 'MunkiJeon+IVI_OS_Auto_var00__ui_AD.xml')],
  [join(FIXTURES, 'llamatouch/evaluator-tests/click_test_case/case1/10.png'), join(FIXTURES, 'llamatouch/evaluator-tests/click_test_case/case1/10.xml')],
];
const SIZES: Array<[number, number]> = [[1280, 720], [1600, 1000]];

function link(from: string, to: string): void {
  try { linkSync(from, to); } catch { cpSync(from, to); }
}

/** The fixture dataset: `dense/trace_1` (the four dense screens) and `general/trace_18`. */
function makeDenseDataset(root: string): void {
  const ep = join(root, 'dense', 'trace_1');
  mkdirSync(ep, { recursive: true });
  DENSE_STEPS.forEach(([png, xml], i) => { link(png, join(ep, `${i}.png`)); link(xml, join(ep, `${i}.xml`)); });
  writeFileSync(join(ep, 'instruction.txt'), '1\nReply in WeCom, then check the car screens.\n');
  const t18 = join(root, 'general', 'trace_18');
  mkdirSync(t18, { recursive: true });
  for (const f of ['0', '1', '2', '3', '4'].flatMap((i) => [`${i}.png`, `${i}.xml`, `${i}.json`, `${i}.vh`, `${i}.activity`]).concat(['2.ess', 'eventStructs.txt', 'instruction.txt'])) link(join(TRACE_18, f), join(t18, f));
  writeFileSync(join(root, 'llamatouch_task_metadata.tsv'), 'episode\tcategory\tpath\tdescription\tnsteps\tapp\n'
    + '1\tdense\tdense/trace_1\tReply in WeCom, then check the car screens.\t4\tWeCom\n18\tgeneral\tgeneral/trace_18\tPractice pronunciation in French in Duolingo.\t5\tDuolingo\n');
}

describe.skipIf(why !== '')(`web mode in Chromium: the annotation view's layout holds at 1280x720 and 1600x1000 ${why}`, () => {
  let base: string;
  let web: WebSession;
  let app: AnnotatePage;

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'touchstone-e2e-layout-'));
    makeDenseDataset(join(base, 'dense'));
    await createDemoDataset({ out: join(base, 'demo'), traces: false, transport: 'in-process' });
    web = await openWebSession(join(base, 'state'));
    app = new AnnotatePage(web.page);
  }, 240_000);
  afterAll(async () => {
    await web?.close();
    rmSync(base, { recursive: true, force: true });
  });

  /** At each size: nothing outside the viewport, no panels overlapping, the frame unscrolled after wheel zoom and hover. */
  async function checkLayout(tag: string, step: number): Promise<void> {
    for (const [w, h] of SIZES) {
      await app.page.setViewportSize({ width: w, height: h });
      const canvas = app.canvas(step);
      await canvas.waitFor();
      const before = await probeLayout(app.page);
      expect(before.outside, `${tag} ${w}x${h}: drawn outside the viewport`).toEqual([]);
      expect(before.overlaps, `${tag} ${w}x${h}: panels overlapping`).toEqual([]);
      // Wheel zoom over the screen, then hover its boxes and the list's rows.
      const box = (await canvas.boundingBox())!;
      await app.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      for (let i = 0; i < 4; i++) await app.page.mouse.wheel(0, -240);
      await app.page.mouse.move(box.x + box.width / 3, box.y + box.height / 3, { steps: 4 });
      await app.components.nth(3).hover();
      await app.components.nth(0).hover();
      const after = await probeLayout(app.page);
      expect(after.scrolled, `${tag} ${w}x${h}: the frame scrolled`).toEqual({ page: 0, app: 0 });
      expect(after.topbar?.top).toBe(0);
      expect(after.outside).toEqual([]);
      expect(Number(await canvas.getAttribute('data-zoom'))).toBeGreaterThan(0);
      // The component list and its search: on top, with at least five rows in view.
      expect(await shownOnTop(app.page, '.component-search'), `${tag} ${w}x${h}: component search hidden`).toBe(true);
      const rowsInView = await app.page.locator('.component-list').evaluate((ul) => {
        const r = ul.getBoundingClientRect();
        return [...ul.children].filter((li) => { const b = li.getBoundingClientRect(); return b.top >= r.top - 0.5 && b.bottom <= Math.min(r.bottom, window.innerHeight) + 0.5; }).length;
      });
      expect(rowsInView, `${tag} ${w}x${h}: component rows in view`).toBeGreaterThanOrEqual(5);
      await app.screenshot(join(shots, `annotate-layout-${tag}-${w}x${h}.png`));
      await app.page.dblclick('.screen-canvas canvas').catch(() => undefined); // fit again for the next size
      await app.page.mouse.move(2, h - 2);
    }
  }

  /** Five items on the shown step and a pinned component, as the broken case had. */
  async function fiveItemsAndAPin(step: number): Promise<void> {
    await app.components.nth(1).click();
    await app.press('e');
    await app.press('f');
    await app.press('c');
    await app.press('a');
    await app.press('s');
    await app.page.locator('.ess-editor .ess-chip').nth(4).waitFor();
    await app.settled(step).waitFor();
    await app.components.nth(2).click();
    expect(await app.inspected()).not.toBeNull();
  }

  it('on the demo dataset: a step with five items and a pin', async () => {
    await app.page.setViewportSize({ width: 1600, height: 1000 });
    await app.openDataset(web.server.url, join(base, 'demo'), 24);
    await app.showStep('demo02', 4, 1);
    await fiveItemsAndAPin(1);
    await checkLayout('demo', 1);
    // "Check dataset" from the annotation view opens its panel inside the window, under no other panel.
    await app.checkButton.click();
    await app.checkPanel('ready').waitFor({ timeout: 60_000 });
    const r = await probeLayout(app.page);
    expect(r.outside).toEqual([]);
    expect(r.overlaps).toEqual([]);
    await app.screenshot(join(shots, 'annotate-layout-demo-check.png'));
    await app.checkButton.click();
  }, 240_000);

  it('on the densest real screens: five items and a pin, and badges off every text at both sizes', async () => {
    await app.page.setViewportSize({ width: 1600, height: 1000 });
    await app.openDataset(web.server.url, join(base, 'dense'), 2);
    await app.showStep('1', 4, 0);
    await fiveItemsAndAPin(0);
    await checkLayout('wecom', 0);
    // The lens (z) follows the pointer inside the stage; g zooms to the pinned component, w fits again.
    await app.page.setViewportSize({ width: 1280, height: 720 });
    const c0 = app.canvas(0);
    await c0.waitFor();
    const fitted = Number(await c0.getAttribute('data-zoom'));
    await app.press('z');
    const b = (await c0.boundingBox())!;
    await app.page.mouse.move(b.x + b.width / 2, b.y + b.height / 3, { steps: 3 });
    await app.page.locator('[data-magnifier="on"]').waitFor();
    expect((await probeLayout(app.page)).outside).toEqual([]);
    await app.screenshot(join(shots, 'annotate-layout-lens-1280x720.png'));
    await app.press('z');
    for (const k of ['1', '0', 'Enter']) await app.press(k);
    expect(await app.inspected()).toBe(10);
    await app.press('g');
    await app.page.locator('.minimap').waitFor();
    expect(Number(await c0.getAttribute('data-zoom'))).toBeGreaterThan(fitted);
    expect(await app.page.locator('[data-zoom-pct]').getAttribute('data-zoom-pct')).toBe(await c0.getAttribute('data-zoom'));
    await app.press('w');
    await app.page.locator('.minimap').waitFor({ state: 'detached' });
    for (const [w, h] of SIZES) {
      await app.page.setViewportSize({ width: w, height: h });
      for (const step of [0, 1, 2, 3]) {
        await app.frame(step).click();
        const c = app.canvas(step);
        await c.waitFor();
        await app.page.locator(`.stage[data-step="${step}"] .screen-canvas[data-labels-on-text]`).waitFor();
        const got = await c.evaluate((el) => ['box-count', 'labels-on-text', 'labels-overlapping', 'labels-outside'].map((k) => el.getAttribute(`data-${k}`)));
        expect({ step, size: `${w}x${h}`, onText: got[1], overlapping: got[2], outside: got[3] }).toEqual({ step, size: `${w}x${h}`, onText: '0', overlapping: '0', outside: '0' });
        expect(Number(got[0])).toBeGreaterThan(5);
        if (step === 0) await app.screenshot(join(shots, `annotate-layout-badges-${w}x${h}.png`));
      }
    }
  }, 240_000);
});
