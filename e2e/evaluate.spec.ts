import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { makeEvalViewFixture, type EvalViewFixture } from '../electron/core/evaluation/testing/eval-view-fixture';
import type { Browser, Download } from 'playwright-core';
import { manifestFileOf } from '../shared/evaluation/manifest';
import type { EvaluatePage } from './pages/evaluate-page';
import { REPO, SHOTS, webSkipReason as why } from './testing/harness';
import { openEvalSession, type EvalSession } from './testing/eval-session';

/** The CLI's essential/baseline verdicts for one agent (the same run `touchstone eval` prints). */
function cliVerdicts(fx: EvalViewFixture, agent: string, mode: 'fixed' | 'legacy'): Record<string, Record<string, boolean>> {
  const out = join(fx.base, `${agent}-${mode}.json`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(REPO, 'electron/cli.ts'), 'eval', '--dataset', fx.dataset, '--traces', fx.agents[agent]!, '--method', mode === 'fixed' ? 'all' : 'essential', '--mode', mode, '--jobs', '1', '--quiet', '--json', out], { cwd: REPO, encoding: 'utf8', timeout: 90_000 });
  if (r.status !== 0) throw new Error(`touchstone eval failed: ${r.stderr}`);
  const report = JSON.parse(readFileSync(out, 'utf8')) as { rows: { episode: string; completed: Record<string, boolean> }[] };
  return Object.fromEntries(report.rows.map((x) => [x.episode, x.completed]));
}

describe.skipIf(why !== '')(`web mode in Chromium: the evaluation view (serve --dataset --traces --human) ${why}`, () => {
  let fx: EvalViewFixture;
  let session: EvalSession;
  let browser: Browser;
  let ev: EvaluatePage;

  beforeAll(async () => {
    fx = makeEvalViewFixture(2, 2);
    // What `touchstone serve --dataset D --traces complete=... --traces cut=... --human labels.csv` starts.
    const evaluation = { dataset: fx.dataset, agents: Object.entries(fx.agents).map(([name, path]) => ({ name, path })), human: fx.human };
    session = await openEvalSession({ evaluation, stateDir: join(fx.base, 'state'), rows: 2 });
    ({ browser, ev } = session);
  }, 120_000);
  afterAll(async () => {
    await session?.close();
    fx?.cleanup();
  });

  it('lists every task x agent with the verdicts the CLI gives for the same inputs, every method side by side', async () => {
    for (const agent of ['complete', 'cut']) {
      const fixed = cliVerdicts(fx, agent, 'fixed');
      const legacy = cliVerdicts(fx, agent, 'legacy');
      for (const ep of fx.episodes) {
        const want = { essential: fixed[ep]!.essential, legacy: legacy[ep]!.essential, stepwise: fixed[ep]!.stepwise, lcs: fixed[ep]!.lcs };
        for (const [m, v] of Object.entries(want)) expect([agent, ep, m, await ev.verdict(ep, agent, m)]).toEqual([agent, ep, m, v ? 'pass' : 'fail']);
      }
    }
    expect(await ev.verdict('e0', 'cut', 'essential')).toBe('fail');
    await ev.screenshot(join(SHOTS, 'evaluate-overview.png'));
  }, 120_000);

  it('a label set with one key rewrites that line of the CSV on disk and the accuracy shown changes', async () => {
    // The cell shows the rate over its 95 % interval ("0.0%" then "0–66").
    expect(await ev.accuracy('cut', 'essential').textContent()).toMatch(/^0\.0%\d/);
    await ev.cell('e0', 'cut').click();
    await ev.press('n');
    await ev.page.locator('.ov-row[data-episode="e0"] .ov-agent[data-agent="cut"] [data-human="0"]').waitFor();
    expect(readFileSync(fx.human, 'utf8')).toBe('episode,human\ne0,0\ne1,1\n');
    expect(await ev.accuracy('cut', 'essential').textContent()).toMatch(/^50\.0%\d/);
    // The shared label file: the complete agent's e0 label changed with it (it now disagrees).
    expect(await ev.human('e0', 'complete').getAttribute('data-human')).toBe('0');
  });

  it('the failed episode\'s replay shows the unmatched state, the closest step and the reason in words', async () => {
    await ev.cell('e1', 'cut').click();
    await ev.press('Enter');
    await ev.replay.waitFor();
    const reason = await ev.page.locator('[data-reason]').textContent();
    expect(reason).toMatch(/State 1 of 2 \(ground-truth step 2, activity<0>\|exact<1>\|click<.*>\) was not found in the trace; closest is step (\d)( \(\d+ of \d+ items hold\))?, where /);
    const closest = Number(/closest is step (\d)/.exec(reason!)![1]);
    await ev.agentStage(closest).waitFor();
    await ev.page.locator(`[data-closest-step="${closest}"]`).waitFor();
    expect(await ev.page.locator('.thumb.miss[data-matched="false"]').count()).toBe(1);
    const items = await ev.page.locator('.evidence li[data-item]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-item'), e.getAttribute('data-status'), e.textContent ?? '']));
    expect(items.map((i) => i[0])).toEqual(expect.arrayContaining(['activity<0>', 'exact<1>']));
    expect(items.some((i) => i[1] !== 'pass')).toBe(true);
    expect(items.every((i) => i[2]!.length > 30)).toBe(true);
    await ev.page.locator('.replay-stage.gt[data-screen-state="ready"][data-gt-step="2"]').waitFor();
    await ev.screenshot(join(SHOTS, 'evaluate-replay-failure.png'));
    // Scrubbing: the next step shows; Escape returns to the overview.
    await ev.press('ArrowLeft');
    await ev.agentStage(Math.max(0, closest - 1)).waitFor();
    await ev.press('Escape');
    await ev.waitOverview(2);
  });

  it('the HTML report opens from file:// with the network blocked and shows the episode and a plot', async () => {
    const [download] = await Promise.all([ev.page.waitForEvent('download'), ev.page.click('[data-action="export-html"]')]);
    const file = join(fx.base, 'report.html');
    await download.saveAs(file);
    const ctx = await browser.newContext({ offline: true, viewport: { width: 1300, height: 1000 } });
    const requests: string[] = [];
    await ctx.route('**/*', (route) => { requests.push(route.request().url()); return route.request().url().startsWith('file:') ? route.continue() : route.abort(); });
    const page = await ctx.newPage();
    await page.goto(pathToFileURL(file).href);
    await page.locator('svg.chart rect[fill]').first().waitFor();
    await page.locator('#f-cut-e1 .reason').waitFor();
    expect(await page.locator('#f-cut-e1 .reason').textContent()).toMatch(/State 1 of 2/);
    const loaded = await page.locator('#f-cut-e1 img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth));
    expect(loaded.length).toBeGreaterThan(2);
    expect(loaded.every((w) => w > 0)).toBe(true);
    expect(requests.filter((u) => !u.startsWith('file:'))).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'evaluate-report.png'), fullPage: true });
    await ctx.close();
  });

  it('exports the paper tables (LaTeX, Markdown, CSV) equal to touchstone eval --table for the same inputs, and the chart as SVG and PNG', async () => {
    // Every download is collected: a table's manifest comes as a second file, and the two may arrive in either order.
    const got: Download[] = [];
    const onDownload = (d: Download) => { got.push(d); };
    ev.page.on('download', onDownload);
    const pick = async (value: string): Promise<string> => {
      const from = got.length;
      const withManifest = ['md', 'tex', 'tables-csv'].includes(value);
      await ev.page.selectOption('[data-action="export-paper"]', value);
      await expect.poll(() => got.length - from, { timeout: 30_000 }).toBe(withManifest ? 2 : 1);
      const mine = got.slice(from);
      const table = mine.find((d) => !d.suggestedFilename().endsWith('.manifest.json'))!;
      if (withManifest) {
        const m = mine.find((d) => d !== table)!;
        expect(m.suggestedFilename()).toBe(manifestFileOf(table.suggestedFilename()));
        const mf = join(fx.base, `paper-${value}-${m.suggestedFilename()}`);
        await m.saveAs(mf);
        expect(JSON.parse(readFileSync(mf, 'utf8'))[0].manifest.format).toBe('touchstone-manifest/1');
      }
      const file = join(fx.base, `paper-${value}-${table.suggestedFilename()}`);
      await table.saveAs(file);
      return file;
    };
    const tex = readFileSync(await pick('tex'), 'utf8');
    // The CLI's tables of the cut agent over the same dataset, traces and labels file (the view wrote its labels there).
    const cliTex = join(fx.base, 'cut-tables.tex');
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(REPO, 'electron/cli.ts'), 'eval', '--dataset', fx.dataset, '--traces', fx.agents.cut!, '--human', fx.human,
      '--method', 'essential,stepwise,lcs', '--jobs', '1', '--quiet', '--table', cliTex], { cwd: REPO, encoding: 'utf8', timeout: 90_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(tex).toContain('\\toprule');
    // The view's export holds each agent's tables: the cut agent's are the CLI's, to the character.
    expect(tex).toContain(readFileSync(cliTex, 'utf8').trim());
    const md = readFileSync(await pick('md'), 'utf8');
    expect(md).toMatch(/\| *Method *\|/);
    expect(md).toContain('complete');
    const csv = readFileSync(await pick('tables-csv'), 'utf8');
    expect(csv.split('\n')[0]).toMatch(/,/);
    const svg = readFileSync(await pick('svg'), 'utf8');
    expect(svg).toMatch(/^<svg[^>]*class="chart"/);
    const png = readFileSync(await pick('png'));
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.readUInt32BE(16)).toBeGreaterThan(200); // width, drawn at twice the chart's size
    ev.page.off('download', onDownload);
  }, 120_000);

  it('a trace folder typed on the dataset screen is recognised and offered to the evaluation', async () => {
    await ev.page.locator('[data-view-tab="evaluate"]').click();
    await ev.waitReady('open');
    await ev.page.fill('#dataset-path', join(fx.agents.cut!, 'e0'));
    await ev.page.click('button[type="submit"]');
    await ev.page.locator('.trace-offer[data-folder-kind="trace"]').waitFor();
    // Taken to the open form with it as an agent; with the dataset given, that one trace is evaluated.
    await ev.page.getByRole('button', { name: "Evaluate it as an agent's traces" }).click();
    await ev.page.locator('input[aria-label="Agent 1 traces folder"]').waitFor();
    expect(await ev.page.inputValue('input[aria-label="Agent 1 traces folder"]')).toBe(join(fx.agents.cut!, 'e0'));
    await ev.page.fill('#eval-dataset', fx.dataset);
    await ev.page.locator('#eval-dataset').blur();
    await ev.page.locator('.folder-kind[data-kind="dataset"]', { hasText: 'dataset, 2 episode(s)' }).waitFor();
    await ev.page.click('button[type="submit"]');
    await ev.waitOverview(1);
    expect(await ev.verdict('e0', 'e0', 'essential')).toBe('fail');
  });
});
