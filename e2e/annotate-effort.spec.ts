import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { NumberedComponent } from '../shared/model';
import { boxesOf, componentAt } from '../shared/geometry/component-at';
import { AnnotatePage } from './pages/annotate-page';
import { makeDataset, type TempDataset } from './testing/dataset-fixture';
import { openWebSession, webSkipReason as why, type WebSession } from './testing/harness';

/**
 * Annotates trace_18 from scratch with the UI, as an annotator would, counting
 * every interaction (a click or a key press), and compares that with typing
 * the same `.ess` line by hand (one keystroke per character). Prints both, and
 * how many of the suggestions the annotation keeps.
 */
describe.skipIf(why !== '')(`web mode in Chromium: interactions per essential state ${why}`, () => {
  let ds: TempDataset;
  let web: WebSession;
  let app: AnnotatePage;
  let interactions = 0;
  const step2 = () => join(ds.root, 'general/trace_18/2.ess');

  beforeAll(async () => {
    ds = makeDataset();
    rmSync(step2()); // from scratch: the task has no annotation
    web = await openWebSession(join(ds.outside, 'state'));
    app = new AnnotatePage(web.page);
    await app.openDataset(web.server.url, ds.root, 2);
  });
  afterAll(async () => {
    await web?.close();
    ds?.cleanup();
  });

  const click = async (l: { click(): Promise<void> }) => { interactions++; await l.click(); };
  const press = async (key: string) => { interactions++; await app.press(key); };

  it('reaches the recorded state of step 2 (activity, the "itemButton" text, the tapped lesson) in fewer interactions than typing it', async () => {
    await click(app.taskRow('18'));
    await app.filmstrip(5).waitFor();
    const suggestions = app.page.getByRole('region', { name: 'Suggestions' });
    await suggestions.waitFor();
    await click(app.frame(2));
    await app.canvas(2).waitFor();
    const offered = await app.page.locator('[data-suggestion]').evaluateAll((els) => els.map((e) => e.getAttribute('data-suggestion')!));
    // The tap of step 2 (150,260 at 320x720) is on the component the recorded click<xpath> names.
    const comps = JSON.parse(readFileSync(join(ds.root, 'general/trace_18/2.json'), 'utf8')) as NumberedComponent[];
    const tapped = componentAt(boxesOf(comps), { x: (150 * 1080) / 320, y: (260 * 2400) / 720 });
    expect(offered).toContain(`click<${tapped}>`);

    await press('a'); // activity<0>
    await app.waitItems(['activity<0>'], 'saved');
    await click(app.components.nth(1)); // the component the recorded exact<1> names
    await press('e');
    await app.waitItems(['activity<0>', 'exact<1>'], 'saved');
    // The suggestion for this step: accept the click, reject the rest.
    while ((await app.page.locator('[data-suggestion]').count()) > 0) {
      const first = (await app.page.locator('[data-suggestion]').first().getAttribute('data-suggestion'))!;
      await press(first === `click<${tapped}>` ? 'y' : 'r');
      await app.page.locator(`[data-suggestion="${first}"]`).waitFor({ state: 'detached' });
    }
    const line = `activity<0>|exact<1>|click<${tapped}>`;
    await app.waitItems(line.split('|'), 'saved');
    expect(readFileSync(step2(), 'utf8')).toBe(`${line}\n`);

    const items = line.split('|').length;
    console.log(`annotating step 2 of trace_18 from scratch: ${interactions} interactions for 1 state of ${items} items (${(interactions / items).toFixed(1)} per item); typing "${line}" takes ${line.length} keystrokes (${(line.length / items).toFixed(1)} per item), plus looking up every number`);
    console.log(`suggestions: ${offered.length} offered on step 2, ${offered.filter((o) => line.split('|').includes(o)).length} kept`);
    expect(interactions).toBeLessThan(line.length);
  });
});
