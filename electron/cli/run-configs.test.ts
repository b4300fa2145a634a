import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path, { join } from 'node:path';
import { parseUiautomatorXml } from '../../shared/formats/parse-uiautomator-xml';
import { imageSize } from '../core/steps/image-size';
import type { EpisodeRecord } from '../core/runner/episode-record';
import { startRunFixture, type RunFixture } from '../core/runner/testing/run-fixture';
import { HAVE_ADB } from '../virtual-device/testing';

const REPO = path.resolve(import.meta.dirname, '../..');
const CLI = ['--import', 'tsx', path.join(REPO, 'electron/cli.ts')];
/** Screenshots of the first screens under each configuration, kept for people to look at (gitignored). */
const SHOTS = join(REPO, 'test-results', 'device-configs');
const CONFIGS = {
  format: 'touchstone-configs/1',
  configs: [
    { name: 'default' },
    { name: 'large-dark', fontScale: 1.3, dark: true },
    { name: 'de-tablet', locale: 'de-DE', device: 'tablet' },
  ],
};

describe.skipIf(!HAVE_ADB)('touchstone run --configs: the replay agent under three device configurations (adb not installed → skipped)', () => {
  let fx: RunFixture;
  const cli = (args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> => new Promise((resolve) => {
    const child = spawn(process.execPath, [...CLI, ...args], { cwd: REPO, env: fx.adb.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => { stdout += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
  const readBack = (i: number): Promise<string[]> => Promise.all(['settings get system font_scale', 'cmd uimode night', 'getprop persist.sys.locale', 'wm size', 'wm density']
    .map(async (c) => (await fx.devices[i]!.device.exec(c)).stdout.toString()));

  beforeAll(async () => { fx = await startRunFixture(3, { only: ['demo01', 'demo02', 'demo04', 'demo06', 'demo10', 'demo13'] }); }, 120_000);
  afterAll(async () => { await fx?.stop(); });

  it('screens, hierarchies and verdicts follow the configuration; every setting is read back as before; the report breaks results down per factor', async () => {
    const before = await Promise.all([0, 1, 2].map(readBack));
    const file = join(fx.tmp, 'configs.json');
    writeFileSync(file, JSON.stringify(CONFIGS));
    const out = join(fx.tmp, 'runs');
    const r = await cli(['run', '--dataset', fx.dataset, '--tasks', 'all', '--agent', 'replay', '--devices', fx.devices.map((d) => d.serial).join(','), '--configs', file, '--out', out, '--quiet']);
    expect(r.status, r.stderr).toBe(0);

    const rec = (config: string, ep: string): EpisodeRecord => JSON.parse(readFileSync(join(out, config, 'replay', 'r1', ep, 'episode.json'), 'utf8')) as EpisodeRecord;
    const texts = (config: string, ep: string, step: number): { texts: string[]; root: number[] } => {
      const xml = readFileSync(join(out, config, 'replay', 'r1', ep, 'captured_data', 'xml', `${step}.xml`), 'utf8');
      const vh = parseUiautomatorXml(xml, 'xml');
      if (!vh.ok) throw new Error('bad xml');
      const b = vh.value.nodes[0]!.bounds!;
      return { texts: vh.value.nodes.map((n) => n.text).filter(Boolean), root: [b.x2, b.y2] };
    };
    // every episode records its configuration and its restoration
    for (const c of CONFIGS.configs) for (const ep of ['demo01', 'demo02', 'demo04', 'demo06', 'demo10', 'demo13']) {
      const e = rec(c.name, ep);
      expect(e.deviceConfig?.name).toBe(c.name);
      expect(e.deviceConfig?.restored?.ok, JSON.stringify(e.deviceConfig?.restored)).toBe(true);
    }
    expect(rec('large-dark', 'demo01').deviceConfig).toMatchObject({ factors: { fontScale: 1.3, dark: true }, applied: { font_scale: '1.3', night_mode: 'yes' } });
    expect(rec('de-tablet', 'demo01').device.screen).toEqual({ width: 1600, height: 2560 });
    expect(rec('default', 'demo01').device.screen).toEqual({ width: 1080, height: 2400 });
    // hierarchies: German strings and tablet bounds; taller rows at a large font
    expect(texts('de-tablet', 'demo01', 0).texts).toContain('Einstellungen');
    expect(texts('de-tablet', 'demo01', 0).root).toEqual([1600, 2560]);
    expect(texts('default', 'demo01', 0).texts).toContain('Settings');
    // screenshots: sizes differ, bytes differ; saved for a look
    mkdirSync(SHOTS, { recursive: true });
    const shot = (c: string, ep: string, i: number): string => join(out, c, 'replay', 'r1', ep, 'captured_data', 'screenshot', `${i}.png`);
    for (const c of CONFIGS.configs) for (const [ep, i] of [['demo01', 0], ['demo01', 1], ['demo04', 2]] as const) if (existsSync(shot(c.name, ep, i))) copyFileSync(shot(c.name, ep, i), join(SHOTS, `${c.name}-${ep}-${i}.png`));
    expect(imageSize(readFileSync(shot('de-tablet', 'demo01', 0)))).toEqual({ width: 1600, height: 2560 });
    const bytes = CONFIGS.configs.map((c) => readFileSync(shot(c.name, 'demo01', 1)).toString('base64'));
    expect(new Set(bytes).size).toBe(3);
    // the report: per configuration and per factor, also on stdout
    const report = JSON.parse(readFileSync(join(out, 'config-report.json'), 'utf8')) as { configs: Record<string, { episodes: number; completed: number }>; factors: Record<string, Record<string, unknown>> };
    expect(Object.keys(report.configs)).toEqual(['default', 'large-dark', 'de-tablet']);
    expect(report.configs.default).toMatchObject({ episodes: 6, completed: 6 });
    expect(Object.keys(report.factors).sort()).toEqual(['dark', 'density', 'device', 'fontScale', 'locale', 'size']);
    expect(r.stdout).toContain('| locale | de-DE |');
    writeFileSync(join(SHOTS, 'config-report.md'), readFileSync(join(out, 'config-report.md')));
    console.log(readFileSync(join(out, 'config-report.md'), 'utf8'));
    for (const c of CONFIGS.configs.slice(1)) for (const ep of readdirSync(join(out, c.name, 'replay', 'r1'))) {
      const e = rec(c.name, ep);
      console.log(`${c.name}\t${ep}\t${e.outcome}\t${e.evaluation?.completed ? 'completed' : `not completed: ${e.evaluation?.reason ?? ''}`}`);
    }
    // every device is back to its settings
    expect(await Promise.all([0, 1, 2].map(readBack))).toEqual(before);
  }, 300_000);

  it('--config-split test runs the seeded held-out configurations, each recorded with its split and factors', async () => {
    const file = join(fx.tmp, 'factors.json');
    writeFileSync(file, JSON.stringify({ factors: { fontScale: [1, 1.15], wallpaper: ['blue', 'white'], iconGrid: ['3x4', '5x5'], iconSize: ['small', 'large'] }, split: { train: 4, test: 2 } }));
    const out = join(fx.tmp, 'split');
    const r = await cli(['run', '--dataset', fx.dataset, '--tasks', 'demo01', '--agent', 'replay', '--devices', fx.devices[0]!.serial, '--configs', file, '--config-split', 'test', '--config-seed', '5', '--out', out, '--quiet']);
    expect(r.status, r.stderr).toBe(0);
    const recs = ['test1', 'test2'].map((n) => JSON.parse(readFileSync(join(out, n.replace(/\d$/, (d) => `0${d}`), 'replay', 'r1', 'demo01', 'episode.json'), 'utf8')) as EpisodeRecord);
    for (const e of recs) {
      expect(e.deviceConfig?.split).toBe('test');
      expect(Object.keys(e.deviceConfig!.factors).sort()).toEqual(['fontScale', 'iconGrid', 'iconSize', 'wallpaper']);
      expect(e.deviceConfig?.restored?.ok).toBe(true);
    }
    expect(recs[0]!.deviceConfig!.factors).not.toEqual(recs[1]!.deviceConfig!.factors);
    mkdirSync(SHOTS, { recursive: true });
    for (const n of ['test01', 'test02']) copyFileSync(join(out, n, 'replay', 'r1', 'demo01', 'captured_data', 'screenshot', '0.png'), join(SHOTS, `split-${n}-demo01-0.png`));
    expect(readFileSync(join(out, 'config-report.md'), 'utf8')).toMatch(/\| test01 \| test \| 1 \| 1 \|/);
  }, 120_000);
});

describe('touchstone run --configs: bad input', () => {
  const run = (args: string[]): { status: number | null; stderr: string } => {
    const r = spawnSync(process.execPath, [...CLI, 'run', '--dataset', '.', '--tasks', 'all', '--agent', 'replay', '--devices', 'all', ...args], { cwd: REPO, encoding: 'utf8' });
    return { status: r.status, stderr: r.stderr };
  };

  it('names the file, the configuration, the field and the allowed values (exit 2, before touching a device)', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ts-cfg-')), 'c.json');
    writeFileSync(file, JSON.stringify({ configs: [{ name: 'tab', device: 'ipad' }] }));
    const r = run(['--configs', file]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`touchstone run: ${file}: 1 problem(s) in the configuration file:\n  - config "tab" (configs[0]): field "device": got "ipad"; allowed: "pixel3", "pixel4", "pixel6", "tablet"`);
  }, 60_000);

  it('refuses a split without a file, and an unknown split', () => {
    expect(run(['--config-split', 'train']).stderr).toContain('--config-split and --config-seed need --configs FILE');
    expect(run(['--configs', 'x.json', '--config-split', 'dev']).stderr).toContain('--config-split must be train or test; got "dev"');
  }, 60_000);
});
