import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AnnotatePage } from './pages/annotate-page';
import { FIXTURES } from './testing/dataset-fixture';
import { SHOTS as shots, openWebSession, webSkipReason as why, type WebSession } from './testing/harness';

/** A WeCom chat screen (720x1608, 65 numbered components): the densest real screen with its screenshot among the fixtures. */
const DENSE = join(FIXTURES, 'uiautomator', '369219053+wework-auto-reply__');

describe.skipIf(why !== '')(`web mode in Chromium: the annotation canvas on a dense real screen ${why}`, () => {
  let base: string;
  let web: WebSession;
  let app: AnnotatePage;

  beforeAll(async () => {
    base = mkdtempSync(join(tmpdir(), 'touchstone-e2e-dense-'));
    const ep = join(base, 'dataset', 'chat', 'trace_1');
    mkdirSync(ep, { recursive: true });
    cpSync(`${DENSE}current_screen.png`, join(ep, '0.png'));
    cpSync(`${DENSE}current_ui.xml`, join(ep, '0.xml'));
    writeFileSync(join(ep, 'instruction.txt'), '1\nReply to the new customer in WeCom.\n');
    writeFileSync(join(base, 'dataset', 'llamatouch_task_metadata.tsv'), 'episode\tcategory\tpath\tdescription\tnsteps\tapp\n1\tchat\tchat/trace_1\tReply to the new customer in WeCom.\t1\tWeCom\n');
    web = await openWebSession(join(base, 'state'));
    app = new AnnotatePage(web.page);
    await app.page.goto(web.server.url);
    await app.waitReady('open');
    await app.openByPath(join(base, 'dataset'), 1);
    await app.open();
    await app.canvas(0).waitFor();
  });
  afterAll(async () => {
    await web?.close();
    rmSync(base, { recursive: true, force: true });
  });

  it.each([[1600, 1000], [1280, 720]])('at %ix%i every number label lies inside the stage (the screen or its margins), none on top of another, none on a text', async (w, h) => {
    await app.page.setViewportSize({ width: w, height: h });
    const c = app.canvas(0);
    await c.waitFor();
    expect(Number(await c.getAttribute('data-box-count'))).toBeGreaterThan(50);
    expect(await c.getAttribute('data-labels-outside')).toBe('0');
    expect(await c.getAttribute('data-labels-overlapping')).toBe('0');
    expect(await c.getAttribute('data-labels-on-text')).toBe('0');
    // The screenshot fills the stage's height.
    const stage = (await c.boundingBox())!;
    const phone = Number(await c.getAttribute('data-screen-height-px'));
    expect(phone).toBeGreaterThan(stage.height - 40);
    await app.components.nth(20).hover();
    await app.screenshot(join(shots, `annotate-dense-${w}.png`));
  });
});
