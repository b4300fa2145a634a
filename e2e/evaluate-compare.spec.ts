import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { createDemoDataset, type DemoResult } from '../electron/core/demo/create-demo';
import { tempDir } from '../electron/core/evaluation/testing/temp-dataset';
import { mcnemarExactP } from '../shared/evaluation/stats/mcnemar';
import { probeLayout } from './testing/layout-probe';
import { SHOTS, webSkipReason as why } from './testing/harness';
import { openEvalSession, type EvalSession } from './testing/eval-session';

// The compare view on the demo dataset: replay vs demo-alternative, as `touchstone compare` is tested
// (electron/cli/compare.test.ts), the expected flips from the runner's own verdicts when the demo was made.
describe.skipIf(why !== '')(`web mode in Chromium: comparing two agents of an evaluation ${why}`, () => {
  const tmp = tempDir('touchstone-e2e-compare-');
  let demo: DemoResult;
  let session: EvalSession | undefined;
  let differ: string[];

  beforeAll(async () => {
    demo = await createDemoDataset({ out: join(tmp, 'demo'), transport: 'in-process' });
    const alt = demo.verdicts['demo-alternative']!;
    differ = Object.keys(alt).filter((ep) => alt[ep] !== demo.verdicts.replay![ep]).sort();
    const agents = ['replay', 'demo-alternative'].map((name) => ({ name, path: join(demo.root, 'traces', name) }));
    session = await openEvalSession({ evaluation: { dataset: demo.root, agents }, stateDir: join(tmp, 'state'), rows: demo.tasks, timeoutMs: 540_000 });
    await session.ev.page.setViewportSize({ width: 1280, height: 720 });
  }, 900_000);
  afterAll(async () => {
    await session?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('lists exactly the episodes whose verdicts differ, with the 2x2 table, the exact McNemar p and the manifest differences', async () => {
    const page = session!.ev.page;
    expect(differ.length).toBeGreaterThan(0);
    await page.click('[data-action="compare"]');
    await page.locator('.compare[data-compare-state="ready"][data-a="replay"][data-b="demo-alternative"][data-method="essential"]').waitFor();
    const flips = await page.locator('.compare-flip').evaluateAll((bs) => bs.map((b) => [b.getAttribute('data-episode'), b.getAttribute('data-verdict-a'), b.getAttribute('data-verdict-b')]));
    expect(flips.map((f) => f[0]).sort()).toEqual(differ);
    for (const [ep, a, b] of flips) expect([a, b]).toEqual([String(demo.verdicts.replay![ep!]), String(demo.verdicts['demo-alternative']![ep!])]);
    // The matrix: the episodes both judged (demo-alternative ran the alternative-path tasks only).
    const alt = demo.verdicts['demo-alternative']!;
    const eps = Object.keys(alt);
    const count = (f: (a: boolean, b: boolean) => boolean) => String(eps.filter((e) => f(demo.verdicts.replay![e]!, alt[e]!)).length);
    const cell = (c: string) => page.locator(`[data-testid="compare-matrix"] [data-cell="${c}"]`).textContent();
    expect(await page.locator('[data-testid="compare-matrix"]').getAttribute('data-n')).toBe(String(eps.length));
    expect([await cell('both'), await cell('onlyA'), await cell('onlyB'), await cell('neither')])
      .toEqual([count((a, b) => a && b), count((a, b) => a && !b), count((a, b) => !a && b), count((a, b) => !a && !b)]);
    const p = mcnemarExactP(Number(await cell('onlyA')), Number(await cell('onlyB')));
    expect(Number(await page.locator('[data-testid="compare-mcnemar"]').getAttribute('data-p'))).toBeCloseTo(p, 12);
    // Same tool and settings: only the traces differ (and the episodes replay alone ran).
    const diffs = await page.locator('[data-testid="compare-differences"] li').allTextContents();
    expect(diffs.some((d) => /trace differs/.test(d))).toBe(true);
    expect(diffs.some((d) => d.startsWith('setting '))).toBe(false);
  });

  it('fits at 1280x720: nothing of the comparison drawn past the window, no flip row clipped sideways', async () => {
    const page = session!.ev.page;
    const layout = await probeLayout(page);
    expect(layout.outside).toEqual([]);
    expect(layout.scrolled).toEqual({ page: 0, app: 0 });
    const clipped = await page.evaluate(() => {
      const out: string[] = [];
      const list = document.querySelector('[data-testid="compare-flips"]')!.getBoundingClientRect();
      for (const b of document.querySelectorAll('.compare-flip')) {
        const r = b.getBoundingClientRect();
        if (r.left < list.left - 0.5 || r.right > list.right + 0.5) out.push(`flip ${b.getAttribute('data-episode')} ${r.left}-${r.right} outside ${list.left}-${list.right}`);
        for (const c of b.querySelectorAll('.chip, b')) if (c.scrollWidth > c.clientWidth + 1) out.push(`"${c.textContent}" clipped`);
      }
      for (const c of document.querySelectorAll('[data-testid="compare-matrix"] th, [data-testid="compare-matrix"] td')) if (c.scrollWidth > c.clientWidth + 1) out.push(`cell "${c.textContent}" clipped`);
      const stats = document.querySelector('.compare-stats')!.getBoundingClientRect();
      if (stats.right > list.left + 0.5) out.push(`the statistics ${stats.right} reach under the flips at ${list.left}`);
      return out;
    });
    expect(clipped).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'evaluate-compare-1280.png') });
  });

  it("one click on a flipped episode opens A's replay, B's is one click away, and Back returns to the same comparison", async () => {
    const page = session!.ev.page;
    const ep = differ[0]!;
    await page.click(`.compare-flip[data-episode="${ep}"]`);
    await page.locator(`.replay[data-replay-state="ready"][data-episode="${ep}"][data-agent="replay"]`).waitFor();
    expect(await page.locator('[data-pair-side="A"]').getAttribute('aria-pressed')).toBe('true');
    await page.click('[data-pair-side="B"]');
    await page.locator(`.replay[data-replay-state="ready"][data-episode="${ep}"][data-agent="demo-alternative"]`).waitFor();
    const essential = await page.locator('.replay-head .chip[data-method="essential"]').textContent();
    expect(essential).toMatch(new RegExp(`: ${demo.verdicts['demo-alternative']![ep] ? 'completed' : 'not completed'}$`));
    await page.screenshot({ path: join(SHOTS, 'evaluate-compare-replay-b.png') });
    await page.keyboard.press('Escape');
    await page.locator('.compare[data-compare-state="ready"]').waitFor();
    expect((await page.locator('.compare-flip').count())).toBe(differ.length);
  });
});
