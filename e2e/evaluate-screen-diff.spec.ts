import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { makeEvalViewFixture, type EvalViewFixture } from '../electron/core/evaluation/testing/eval-view-fixture';
import type { EvaluatePage } from './pages/evaluate-page';
import { SHOTS, webSkipReason as why } from './testing/harness';
import { openEvalSession, type EvalSession } from './testing/eval-session';

// A screen-level fuzzy state (`fuzzy<-1>` on trace_18's step 2) that the `cut` agent never reaches:
// the replay says how similar the closest screen was and which lines differ, with the shipped sentence model.
describe.skipIf(why !== '')(`web mode in Chromium: a screen comparison explained line by line ${why}`, () => {
  let fx: EvalViewFixture;
  let session: EvalSession;
  let ev: EvaluatePage;

  beforeAll(async () => {
    fx = makeEvalViewFixture(1, 2, { ess: 'fuzzy<-1>' });
    const evaluation = { dataset: fx.dataset, agents: Object.entries(fx.agents).map(([name, path]) => ({ name, path })) };
    session = await openEvalSession({ evaluation, stateDir: join(fx.base, 'state'), rows: 1 });
    ({ ev } = session);
  }, 120_000);
  afterAll(async () => {
    await session?.close();
    fx?.cleanup();
  });

  it('the failed fuzzy<-1> item gives the score and lists the lines only one screen has', async () => {
    expect(await ev.verdict('e0', 'complete', 'essential')).toBe('pass');
    expect(await ev.verdict('e0', 'cut', 'essential')).toBe('fail');
    await ev.cell('e0', 'cut').click();
    await ev.press('Enter');
    await ev.replay.waitFor();
    const item = ev.page.locator('.evidence li[data-item="fuzzy<-1>"]');
    await item.waitFor();
    expect(await item.getAttribute('data-status')).toBe('fail');
    const text = (await item.textContent()) ?? '';
    expect(text).toMatch(/Screen text similarity is 0\.\d+ \(similar when >= 0\.9\); \d+ of \d+ ground-truth lines are not on the execution screen \(e\.g\. "/);
    const removed = await item.locator('ul.line-diff li.removed').allTextContents();
    const added = await item.locator('ul.line-diff li.added').allTextContents();
    expect(removed.length).toBeGreaterThan(0);
    expect(added.length).toBeGreaterThan(0);
    expect(removed.every((l) => l.startsWith('- <'))).toBe(true);
    // The first listed ground-truth line is one the sentence quotes.
    expect(text).toContain(removed[0]!.slice(2, 40));
    await ev.screenshot(join(SHOTS, 'evaluate-screen-diff.png'));
  });
});
