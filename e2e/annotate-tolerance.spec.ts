import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AnnotatePage } from './pages/annotate-page';
import { makeDataset, type TempDataset } from './testing/dataset-fixture';
import { SHOTS as shots, openWebSession, webSkipReason as why, type WebSession } from './testing/harness';

describe.skipIf(why !== '')(`web mode in Chromium: the live check of an exact item's tolerant forms ${why}`, () => {
  let ds: TempDataset;
  let web: WebSession;
  let app: AnnotatePage;

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

  it('≈ on exact<1> (step 3) shows each form\'s own/cut/no-op verdicts; Use writes exact_on in its place', async () => {
    await app.components.nth(1).click();
    await app.press('e');
    await app.waitItems(['exact<1>'], 'saved');
    const line = 'exact<1>';
    await app.page.click('[aria-label="Tolerance of exact<1>"]');
    const panel = app.page.locator('.tolerance[data-tolerance-item="exact<1>"]');
    await panel.locator('tr[data-choice="exact_on"]').waitFor();
    // Component 1 (the language menu) has a content-desc with digits: exact, text only, a pattern, exact_on.
    expect(await panel.locator('tbody tr').evaluateAll((rs) => rs.map((r) => r.getAttribute('data-choice')))).toEqual(['exact', 'text', 'regex', 'exact_on']);
    expect(await panel.locator('[data-verdict="own"]').evaluateAll((cs) => cs.map((c) => c.getAttribute('data-passed')))).toEqual(['true', 'true', 'true', 'true']);
    expect(await panel.locator('[data-verdict="noop"]').count()).toBe(4);
    await app.page.screenshot({ path: join(shots, 'annotate-tolerance.png') });
    const onLine = (await panel.locator('tr[data-choice="exact_on"] td.mono').textContent())!;
    await panel.locator('tr[data-choice="exact_on"] button').click();
    await app.waitItems(line.split('|').map((x) => (x === 'exact<1>' ? onLine : x)), 'saved');
    expect(readFileSync(join(ds.root, 'general/trace_18', '3.ess'), 'utf8')).toContain(onLine);
    // The panel follows the item it wrote: the new form's row has no Use button.
    await app.page.locator(`.tolerance[data-tolerance-item="${onLine}"] tr[data-choice="exact_on"]`).waitFor();
  });
});
