import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createDemoDataset } from '../electron/core/demo/create-demo';
import { tempDir } from '../electron/core/evaluation/testing/temp-dataset';
import { HUMAN_LABELS_FILE } from '../shared/formats/human-labels';
import type { EvaluatePage } from './pages/evaluate-page';
import { REPO, SHOTS, webSkipReason as why } from './testing/harness';
import { openEvalSession, type EvalSession } from './testing/eval-session';

const AGENTS = ['replay', 'noop', 'demo-alternative', 'random'];

/** Boxes of what must fit: nothing of the method table clipped, no agent header under the summary. */
async function layoutProblems(ev: EvaluatePage): Promise<string[]> {
  return ev.page.evaluate(() => {
    const out: string[] = [];
    const aside = document.querySelector('.ev-summary')!.getBoundingClientRect();
    const table = document.querySelector('[data-testid="method-table"]')!;
    const tb = table.getBoundingClientRect();
    if (tb.right > aside.right + 0.5 || tb.left < aside.left - 0.5) out.push(`method table ${tb.left}-${tb.right} outside the summary ${aside.left}-${aside.right}`);
    const summary = document.querySelector('.ev-summary')!;
    if (summary.scrollWidth > summary.clientWidth + 1) out.push(`summary scrolls sideways: ${summary.scrollWidth} > ${summary.clientWidth}`);
    for (const c of table.querySelectorAll('th, td')) if (c.scrollWidth > c.clientWidth + 1) out.push(`cell "${c.textContent}" clipped: ${c.scrollWidth} > ${c.clientWidth}`);
    const head = document.querySelector('.ov-head-scroll')!.getBoundingClientRect();
    if (head.right > aside.left + 0.5) out.push(`overview head ${head.right} reaches under the summary at ${aside.left}`);
    if (document.documentElement.scrollWidth > window.innerWidth) out.push(`page scrolls sideways: ${document.documentElement.scrollWidth}`);
    return out;
  });
}

// The demo dataset as made by `touchstone demo create`, evaluated in the view with no labels path typed.
describe.skipIf(why !== '')(`web mode in Chromium: the demo dataset's labels, bound to their agents; the method table with n and intervals ${why}`, () => {
  const tmp = tempDir('touchstone-e2e-demo-labels-');
  let root: string;
  let session: EvalSession | undefined;
  let ev: EvaluatePage;
  const open = async (agents: { name: string; path: string; human?: string }[]): Promise<void> => {
    await session?.close();
    // The first open evaluates about 80 traces on a shared 2-core machine: more than the usual 30 s.
    session = await openEvalSession({ evaluation: { dataset: root, agents, embedder: 'none' }, stateDir: join(tmp, 'state'), rows: 24, timeoutMs: 540_000 });
    ({ ev } = session);
  };

  beforeAll(async () => {
    // TOUCHSTONE_E2E_DEMO_FROM: a demo made before by `touchstone demo create`, copied (a faster local re-run); default: made here.
    const from = process.env.TOUCHSTONE_E2E_DEMO_FROM;
    if (from) { cpSync(from, join(tmp, 'demo'), { recursive: true }); root = join(tmp, 'demo'); } else root = (await createDemoDataset({ out: join(tmp, 'demo'), transport: 'in-process' })).root;
    await open(AGENTS.map((name) => ({ name, path: join(root, 'traces', name) })));
  }, 900_000);
  afterAll(async () => {
    await session?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('loads each agent\'s human_labels.csv with no path typed: the accuracy is a number, each agent bound to its own file', async () => {
    for (const a of ['replay', 'noop', 'demo-alternative']) {
      expect(await ev.page.locator(`[data-label-agent="${a}"]`).getAttribute('data-label-file')).toBe(join(root, 'traces', a, HUMAN_LABELS_FILE));
      expect(await ev.page.locator(`[data-label-agent="${a}"]`).getAttribute('data-label-format')).toBe('per-agent');
    }
    expect(await ev.human('demo01', 'replay').getAttribute('data-human')).toBe('1');
    expect(await ev.human('demo01', 'noop').getAttribute('data-human')).toBe('0');
    expect(await ev.accuracy('replay', 'essential').getAttribute('data-n')).toBe('24');
    expect((await ev.accuracy('replay', 'essential').textContent())!).toMatch(/^100\.0%86–100$/);
    expect(await ev.accuracy('noop', 'essential').textContent()).toMatch(/^100\.0%/);
    expect(await ev.page.locator('[role="alert"][data-label-warnings]').count()).toBe(0);
  });

  it('the method table shows n, every rate with its 95% interval, FA, FR and leniency; the paired tests their p', async () => {
    const row = (a: string, m: string) => ev.page.locator(`[data-testid="method-table"] tr[data-agent="${a}"][data-method="${m}"]`);
    expect(await row('replay', 'essential').locator('[data-metric="n"]').textContent()).toBe('2424 lab.');
    expect(await row('replay', 'essential').locator('[data-metric="tcr"]').textContent()).toBe('100.0%86–100');
    expect(await row('noop', 'essential').locator('[data-metric="tcr"]').textContent()).toBe('0.0%0–14');
    // The random agent has no labels: no rate, no "0.0 %".
    expect(await row('random', 'essential').locator('[data-metric="accuracy"]').textContent()).toBe('–');
    const fa = Number(await row('demo-alternative', 'essential').locator('[data-metric="fa"]').textContent());
    const fr = Number(await row('demo-alternative', 'essential').locator('[data-metric="fr"]').textContent());
    expect(fa + fr).toBeGreaterThan(0);
    expect(await row('demo-alternative', 'essential').locator('[data-metric="leniency"]').textContent()).toBe((fa / (fa + fr)).toFixed(2));
    // replay completes all 24, noop none: McNemar exact below 25 discordant pairs, p = 2 / 2^24.
    const pair = ev.page.locator('[data-paired="agents"][data-a="replay"][data-b="noop"]');
    expect(Number(await pair.getAttribute('data-p'))).toBeCloseTo(2 / 2 ** 24, 12);
    expect(await pair.locator('td').nth(4).textContent()).toBe('exact');
  });

  it('fits at 1600x1000 and at 1280x720: nothing of the method table clipped, no agent header under the summary', async () => {
    for (const [w, h] of [[1600, 1000], [1280, 720]] as const) {
      await ev.page.setViewportSize({ width: w, height: h });
      await ev.page.waitForFunction((width) => window.innerWidth === width, w);
      expect([w, await layoutProblems(ev)]).toEqual([w, []]);
      await ev.screenshot(join(SHOTS, `evaluate-demo-methods-${w}.png`));
      // The fourth agent's header is reached by scrolling the rows sideways, and stays inside the table.
      await ev.page.locator('.ov-body').evaluate((el) => { el.scrollLeft = el.scrollWidth; });
      await ev.page.waitForFunction(() => document.querySelector('.ov-head-scroll')!.scrollLeft > 0 || document.querySelector('.ov-body')!.scrollWidth <= document.querySelector('.ov-body')!.clientWidth);
      const boxes = await ev.page.evaluate(() => {
        const r = (e: Element) => { const b = e.getBoundingClientRect(); return { l: Math.round(b.left), r: Math.round(b.right) }; };
        const heads = [...document.querySelectorAll('.ov-agent-head')];
        return { last: r(heads.at(-1)!), clip: r(document.querySelector('.ov-head-scroll')!), cell: r(document.querySelector('.ov-row .ov-agent[data-agent="random"]')!) };
      });
      expect(boxes.last.r).toBeLessThanOrEqual(boxes.clip.r);
      expect(boxes.last.l).toBeGreaterThanOrEqual(boxes.clip.l);
      // The header sits over its column.
      expect(Math.abs(boxes.last.l - boxes.cell.l)).toBeLessThanOrEqual(8);
      await ev.screenshot(join(SHOTS, `evaluate-demo-scrolled-${w}.png`));
      await ev.page.locator('.ov-body').evaluate((el) => { el.scrollLeft = 0; });
    }
    await ev.page.setViewportSize({ width: 1600, height: 1000 });
  });

  it('a label set in the replay updates the same file: one file, one line changed', async () => {
    const file = join(root, 'traces', 'noop', HUMAN_LABELS_FILE);
    const before = readFileSync(file, 'utf8').split('\n');
    await ev.cell('demo05', 'noop').click();
    await ev.press('Enter');
    await ev.replay.waitFor();
    await ev.page.locator('.human-label button', { hasText: '✓ completed' }).click();
    await ev.page.locator('.human-label[data-human="1"]').waitFor();
    const after = readFileSync(file, 'utf8').split('\n');
    expect(after.length).toBe(before.length);
    const changed = after.map((l, i) => [l, before[i]] as const).filter(([a, b]) => a !== b);
    expect(changed).toEqual([['demo05,noop,1,1', 'demo05,noop,1,0']]);
    // No second file beside it, and the other agents' files are untouched.
    expect(spawnSync('ls', [join(root, 'traces', 'noop')], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).sort()).toEqual([HUMAN_LABELS_FILE, 'r1']);
    expect(readFileSync(join(root, 'traces', 'replay', HUMAN_LABELS_FILE), 'utf8')).toMatch(/^episode,agent,repeat,human\ndemo01,replay,1,1\n/);
    await ev.press('Escape');
    await ev.waitOverview(24);
    expect(await ev.accuracy('noop', 'essential').textContent()).toMatch(/^95\.8%/);
    // Put it back (the other tests read the demo's labels).
    await ev.cell('demo05', 'noop').click();
    await ev.press('n');
    await ev.page.locator('.ov-row[data-episode="demo05"] .ov-agent[data-agent="noop"] [data-human="0"]').waitFor();
    expect(readFileSync(file, 'utf8').split('\n')).toEqual(before);
  }, 60_000);

  it('labels of another agent give a warning in the view, in touchstone eval\'s output and in its JSON warnings', async () => {
    const noopLabels = join(root, 'traces', 'noop', HUMAN_LABELS_FILE);
    await open([{ name: 'replay', path: join(root, 'traces', 'replay'), human: noopLabels }]);
    const alert = ev.page.locator('[role="alert"][data-label-warnings]');
    expect(await alert.textContent()).toMatch(/names noop, not replay: none of its labels are used for replay/);
    // No silent numbers: replay gets no labels (not 24 false accepts).
    expect(await ev.accuracy('replay', 'essential').textContent()).toBe('–');
    await ev.screenshot(join(SHOTS, 'evaluate-demo-foreign-labels.png'));
    const json = join(tmp, 'replay.json');
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(REPO, 'electron/cli.ts'), 'eval', '--dataset', root, '--traces', join(root, 'traces', 'replay'), '--human', noopLabels, '--jobs', '1', '--quiet', '--embedder', 'none', '--json', json], { cwd: REPO, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/warning: Labels of replay: .*names noop, not replay/);
    const report = JSON.parse(readFileSync(json, 'utf8')) as { warnings: string[]; labelBinding: { agent: string; rows: number } };
    expect(report.warnings).toEqual(expect.arrayContaining([expect.stringMatching(/names noop, not replay/)]));
    expect(report.labelBinding).toMatchObject({ agent: 'replay', rows: 0 });
    // Without --human, touchstone eval finds the agent's own file beside its traces.
    const own = spawnSync(process.execPath, ['--import', 'tsx', join(REPO, 'electron/cli.ts'), 'eval', '--dataset', root, '--traces', join(root, 'traces', 'replay'), '--jobs', '1', '--quiet', '--embedder', 'none'], { cwd: REPO, encoding: 'utf8', timeout: 120_000 });
    expect(own.status, own.stderr).toBe(0);
    expect(own.stdout).toMatch(/labels: human_labels.csv: 24 row\(s\) naming replay \(found beside the traces\)/);
  }, 300_000);
});
