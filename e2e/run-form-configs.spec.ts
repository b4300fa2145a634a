import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HAVE_ADB, startVirtualDevice } from '../electron/virtual-device/testing';
import { EvaluatePage } from './pages/evaluate-page';
import { RunFormPage } from './pages/run-form-page';
import { SHOTS, webSkipReason } from './testing/harness';
import { openRunSession, type RunSession } from './testing/run-session';

const why = webSkipReason || (HAVE_ADB ? '' : 'skipped: adb is not installed');

describe.skipIf(why !== '')(`run form: device configurations from the run view ${why}`, () => {
  let session: RunSession;
  let web: RunSession['web'];
  let dataset: string;
  let page: RunFormPage;
  const configsBox = () => web.page.locator('.device-configs');
  const formProblems = () => web.page.locator('.run-form > .form-errors li').allTextContents();

  beforeAll(async () => {
    session = await openRunSession({ name: 'runcfg', tasks: ['demo15'], prepare: ({ dataset: d }) => {
      writeFileSync(join(d, 'configs.json'), JSON.stringify({
        format: 'touchstone-configs/1',
        configs: [{ name: 'default' }, { name: 'large-dark', fontScale: 1.3, dark: true }, { name: 'de-tablet', locale: 'de-DE', device: 'tablet' }],
        factors: { fontScale: [1, 1.3], dark: [false, true], locale: ['en-US', 'de-DE'] },
        split: { train: 5, test: 3 },
      }));
      mkdirSync(join(d, 'configs'));
      writeFileSync(join(d, 'configs', 'bad.json'), JSON.stringify({ configs: [{ name: 'huge', fontScale: 7 }] }));
    } });
    ({ web, dataset } = session);
    page = new RunFormPage(web.page);
    await page.waitReady('run');
  }, 240_000);
  afterAll(async () => { await session?.close(); });

  it('picks a file, shows its configurations and factors, checks a split and a bad file with the core\'s messages, keeps the choice in a saved run configuration', async () => {
    await page.startVirtualDevice(1);
    await page.pickTasks(['demo15']);
    await web.page.getByLabel('Use device configurations').check();
    // The dataset's configuration files are offered (index.json and the like are not).
    await web.page.locator('#config-files option[value="configs.json"]').waitFor({ state: 'attached' });
    expect(await web.page.locator('#config-files option').evaluateAll((o) => o.map((x) => x.getAttribute('value')))).toEqual(['configs.json', 'configs/bad.json']);
    expect(await formProblems()).toEqual(['Device configurations: pick a configuration file (or turn them off).']);
    await web.page.getByLabel('Configuration file').fill('configs/bad.json');
    await web.page.locator('.run-form > .form-errors li', { hasText: 'fontScale' }).waitFor();
    const [bad] = await formProblems();
    expect(bad).toMatch(/bad\.json: 1 problem\(s\).*config "huge" \(configs\[0\]\): field "fontScale": got 7; allowed: a number from 0.85 to 2/s);
    expect(await page.startButton.isDisabled()).toBe(true);
    await web.page.getByLabel('Configuration file').fill('configs.json');
    await web.page.locator('.device-configs[data-configs-chosen="3"][data-configs-loading="false"]').waitFor();
    expect(await configsBox().locator('li[data-config]').evaluateAll((l) => l.map((x) => `${x.getAttribute('data-config')}: ${x.querySelector('.muted')!.textContent}`))).toEqual([
      'default: changes nothing', 'large-dark: fontScale 1.3 · dark', 'de-tablet: locale de-DE · device tablet',
    ]);
    // A seeded split: the CLI's rule (first 5 combinations train, next 3 test); another seed, other configurations.
    await web.page.getByLabel('Configurations to use').selectOption('test');
    await web.page.locator('.device-configs[data-configs-chosen="3"][data-configs-loading="false"] li[data-config="test03"]').waitFor();
    const seed0 = await configsBox().locator('li[data-config] .muted').allTextContents();
    await web.page.getByLabel('Split seed').fill('9');
    await web.page.waitForFunction((before) => {
      const box = document.querySelector('.device-configs[data-configs-loading="false"]');
      return !!box && JSON.stringify([...box.querySelectorAll('li[data-config] .muted')].map((x) => x.textContent)) !== before;
    }, JSON.stringify(seed0));
    expect(await configsBox().locator('li[data-config]').count()).toBe(3);
    // Back to the named ones: two of them.
    await web.page.getByLabel('Configurations to use').selectOption('named');
    await web.page.locator('.device-configs[data-configs-chosen="3"][data-configs-loading="false"] li[data-config="de-tablet"]').waitFor();
    await configsBox().locator('li[data-config="de-tablet"] input').uncheck();
    await web.page.locator('.device-configs[data-configs-chosen="2"]').waitFor();
    expect(await page.startButton.textContent()).toContain('under 2 configurations');
    expect(await formProblems()).toEqual([]);
    await page.saveConfig('two configs');
    await page.screenshot(join(SHOTS, 'run-form-configs.png'));
    await web.page.reload();
    await page.waitReady('run');
    await page.loadConfig('two configs');
    expect(await web.page.getByLabel('Configuration file').inputValue()).toBe('configs.json');
    await web.page.locator('.device-configs[data-configs-chosen="2"][data-configs-loading="false"]').waitFor();
    expect(await configsBox().locator('li[data-config] input:checked').evaluateAll((l) => l.map((x) => x.closest('li')!.getAttribute('data-config')))).toEqual(['default', 'large-dark']);
  }, 300_000);

  it('runs the replay agent under two configurations on a virtual device: each episode\'s configuration live, then the per-factor breakdown', async () => {
    // The run goes to a slow phone only (every adb service answers 150 ms late), so its episodes last long
    // enough to be seen running (the view shows the run ten times a second; a virtual phone takes a few ms a step).
    const slow = await startVirtualDevice({ world: 'demo', adb: session.adb, faults: { latencyMs: 150 } });
    const devices = (): ReturnType<typeof web.page.locator> => web.page.locator('.run-devices label');
    await web.page.locator(`.device-row[data-serial="${slow.serial}"][data-state="device"]`).waitFor({ timeout: 30_000 });
    const others = (await page.serials()).filter((x) => x !== slow.serial);
    try {
      for (const other of others) await devices().filter({ has: web.page.getByText(other, { exact: true }) }).locator('input').uncheck();
      await page.pickTasks(['demo15']);
      await page.startRun();
      // While an episode runs, its configuration is shown next to it.
      await web.page.locator(`.run-configs tr[data-state="running"][data-config]:not([data-config=""])`).first().waitFor({ timeout: 60_000 });
      await page.tileWithStep(slow.serial).waitFor({ timeout: 60_000 });
      await page.run('done').waitFor({ timeout: 120_000 });
    } finally {
      for (const other of others) await devices().filter({ has: web.page.getByText(other, { exact: true }) }).locator('input').check().catch(() => undefined);
      await slow.stop();
    }
    const rows = web.page.locator('.run-configs tr[data-state="ended"]');
    await web.page.locator('.run-configs tr[data-state="ended"]').nth(1).waitFor();
    expect(await rows.evaluateAll((r) => r.map((x) => `${x.getAttribute('data-config')} ${x.getAttribute('data-episode')} ${x.querySelector('td:last-child')!.textContent}`).sort())).toEqual([
      'default demo15 yes', 'large-dark demo15 yes',
    ]);
    const report = web.page.locator('.config-report[data-not-restored="0"]');
    await report.waitFor({ timeout: 30_000 });
    expect(await report.locator('tr[data-config]').evaluateAll((r) => r.map((x) => `${x.getAttribute('data-config')} ${x.getAttribute('data-episodes')}`))).toEqual(['default 1', 'large-dark 1']);
    expect(await report.locator('pre').textContent()).toContain('fontScale');
    // The step log has each step once, on its own row, with its configuration (the same episode's steps under two configurations).
    const log = await web.page.locator('.step-log li').evaluateAll((l) => l.map((x) => [(x as HTMLElement).style.top, x.textContent!] as const));
    expect(log.length).toBe(Number(await web.page.locator('.step-log').getAttribute('data-steps')));
    expect(new Set(log.map(([top]) => top)).size).toBe(log.length);
    expect(log.filter(([, t]) => t.includes('@large-dark')).length).toBe(log.length / 2);
    await page.screenshot(join(SHOTS, 'run-configs-done.png'));
    // On disk: traces per configuration, episode.json records and restores the configuration, and the report files.
    const mdPath = (await report.locator('summary .mono').first().textContent())!;
    expect(existsSync(join(dataset, mdPath))).toBe(true);
    const json = JSON.parse(readFileSync(join(dataset, mdPath.replace(/\.md$/, '.json')), 'utf8')) as { configs: Record<string, { episodes: number }> };
    expect(Object.keys(json.configs).sort()).toEqual(['default', 'large-dark']);
    // The finished episodes table has a configuration column: each row the configuration its episode.json records.
    expect(await web.page.locator('.run-episodes[data-config-column="true"] thead th').allTextContents()).toEqual(['episode', 'configuration', 'agent', 'device', 'outcome', 'steps', 'verdict']);
    const shown = await page.episodeRows().evaluateAll((r) => r.map((x) => [x.getAttribute('data-trace')!, x.querySelector('td.ep-config')!.textContent!] as const));
    const traces = shown.map(([t]) => t);
    expect(traces.map((t) => t.split('/')[2]).sort()).toEqual(['default', 'large-dark']);
    expect(shown.map(([, c]) => c).sort()).toEqual(['default', 'large-dark']);
    for (const [t, cell] of shown) {
      const rec = JSON.parse(readFileSync(join(dataset, t, 'episode.json'), 'utf8')) as { deviceConfig: { name: string; factors: Record<string, unknown>; restored: { ok: boolean } } };
      expect(rec.deviceConfig.name).toBe(cell);
      expect(rec.deviceConfig.restored.ok).toBe(true);
      if (rec.deviceConfig.name === 'large-dark') expect(rec.deviceConfig.factors).toEqual({ fontScale: 1.3, dark: true });
    }
    // The evaluation opens one column per configuration and agent, with the verdicts the run showed.
    const verdicts = Object.fromEntries(await rows.evaluateAll((r) => r.map((x) => [x.getAttribute('data-config'), x.getAttribute('data-completed') === 'true' ? 'pass' : 'fail'])));
    await web.page.locator('[data-action="open-evaluation"]').click();
    const ev = new EvaluatePage(web.page);
    await ev.waitOverview(1);
    expect({ default: await ev.verdict('demo15', 'replay@default', 'essential'), 'large-dark': await ev.verdict('demo15', 'replay@large-dark', 'essential') }).toEqual(verdicts);
  }, 300_000);

  it('a run without configurations has no configuration column', async () => {
    await web.page.locator('[data-view-tab="run"]').click();
    await page.waitReady('run');
    await page.pickTasks(['demo15']);
    await web.page.getByLabel('Use device configurations').uncheck();
    expect(await page.startButton.textContent()).not.toContain('configuration');
    await page.startRun();
    // The last run's table (with the column) gives way to this run's, without it.
    const table = web.page.locator('.run-episodes[data-config-column="false"]');
    await table.waitFor({ timeout: 120_000 });
    await page.run('done').waitFor({ timeout: 120_000 });
    expect(await table.locator('thead th').allTextContents()).toEqual(['episode', 'agent', 'device', 'outcome', 'steps', 'verdict']);
    expect(await page.episodeRows().evaluateAll((r) => r.map((x) => `${x.getAttribute('data-episode')} ${x.getAttribute('data-outcome')} ${x.hasAttribute('data-config')} ${x.querySelectorAll('td.ep-config').length}`))).toEqual(['demo15 finished false 0']);
    await page.screenshot(join(SHOTS, 'run-no-configs-done.png'));
  }, 300_000);
});
