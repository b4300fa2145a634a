/**
 * A configuration file whose factors multiply out to ~5e11 combinations (issue 28, finding 4: the old
 * `combinations()` built the product and ran out of heap) is sampled by `touchstone run --config-split
 * train` in under 1 s and 100 MB, and one past the limit is refused with the count. The serve path
 * (`run:configs`) is measured in serve-volume.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRunConfigs } from '../cli/run-configs';

const REPO = join(import.meta.dirname, '../..');
let tmp: string;

/** `n` distinct values of the factors that take many. */
const many = {
  locale: (n: number) => Array.from({ length: n }, (_, i) => `${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26) % 26)}-${String.fromCharCode(65 + Math.floor(i / 676) % 26)}${String.fromCharCode(65 + Math.floor(i / 17576) % 26)}`),
  fontScale: (n: number) => Array.from({ length: n }, (_, i) => 0.85 + i * 1e-5),
  wallpaper: (n: number) => Array.from({ length: n }, (_, i) => `#${i.toString(16).padStart(6, '0')}`),
  density: (n: number) => Array.from({ length: n }, (_, i) => 120 + i),
};
const file = (name: string, factors: Record<string, unknown[]>): string => {
  const f = join(tmp, name);
  writeFileSync(f, JSON.stringify({ format: 'touchstone-configs/1', factors }));
  return f;
};

/** `touchstone run` up to its first failure (no dataset here), with its own peak memory and CPU time. */
function cliRun(configs: string): { status: number | null; stderr: string; maxRssBytes: number; cpuMs: number; wallMs: number } {
  const usage = join(tmp, `usage-${Date.now()}.json`);
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), '--import', join(import.meta.dirname, 'exit-usage.ts'), join(REPO, 'electron/cli.ts'),
    'run', '--dataset', join(tmp, 'no-dataset'), '--tasks', 'all', '--agent', 'replay', '--devices', 'all', '--configs', configs, '--config-split', 'train', '--config-seed', '3'],
  { cwd: tmp, encoding: 'utf8', env: { ...process.env, TOUCHSTONE_TEST_USAGE: usage } });
  if (!existsSync(usage)) throw new Error(`touchstone run exited ${r.status} without its usage figures: ${r.stderr}`);
  return { status: r.status, stderr: r.stderr, wallMs: performance.now() - t0, ...(JSON.parse(readFileSync(usage, 'utf8')) as { maxRssBytes: number; cpuMs: number }) };
}

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'touchstone-config-explosion-'));
  mkdirSync(join(tmp, 'no-dataset'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('a configuration file with ~5e11 combinations', () => {
  it('the split `touchstone run --config-split train` uses is drawn in under 1 s and 100 MB of heap (in process)', async () => {
    const big = file('big.json', { locale: many.locale(3000), fontScale: many.fontScale(3000), wallpaper: many.wallpaper(3000), density: many.density(19) });
    await loadRunConfigs({ file: file('warm.json', { dark: [false, true], density: many.density(40) }), split: 'train', seed: 0 });
    global.gc?.();
    const heap0 = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const train = await loadRunConfigs({ file: big, split: 'train', seed: 3 });
    const ms = performance.now() - t0;
    const grew = process.memoryUsage().heapUsed - heap0;
    console.log(`5e11 split in process: ${ms.toFixed(0)} ms, heap +${(grew / 2 ** 20).toFixed(1)} MiB; load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    expect(train).toHaveLength(35);
    expect(new Set(train!.map((c) => `${c.locale} ${c.fontScale} ${c.wallpaper} ${c.density}`)).size).toBe(35);
    expect(grew).toBeLessThan(100 * 2 ** 20);
    expect(ms).toBeLessThan(1000);
  });

  it('`touchstone run --config-split train` costs under 1 s of CPU and 100 MB more than with a 2-value file, and goes on to the dataset', () => {
    const small = cliRun(file('small.json', { dark: [false, true], density: many.density(40) }));
    const big = cliRun(file('big.json', { locale: many.locale(3000), fontScale: many.fontScale(3000), wallpaper: many.wallpaper(3000), density: many.density(19) }));
    console.log(`touchstone run --config-split train, 5e11 vs 80 combinations: CPU ${big.cpuMs.toFixed(0)} vs ${small.cpuMs.toFixed(0)} ms, peak RSS ${(big.maxRssBytes / 2 ** 20).toFixed(0)} vs ${(small.maxRssBytes / 2 ** 20).toFixed(0)} MiB, wall ${big.wallMs.toFixed(0)} vs ${small.wallMs.toFixed(0)} ms; load ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
    // Both stop at the missing dataset, after the split: the configuration file was accepted.
    expect(big.stderr).not.toMatch(/big\.json|combination/);
    expect(big.stderr).toBe(small.stderr);
    expect(big.status).toBe(small.status);
    expect(big.maxRssBytes - small.maxRssBytes).toBeLessThan(100 * 2 ** 20);
    expect(big.cpuMs - small.cpuMs).toBeLessThan(1000);
  }, 120_000);

  it('a file past the limit (1e16 combinations) is refused with the count, exit 2', () => {
    const huge = cliRun(file('huge.json', { locale: many.locale(20000), fontScale: many.fontScale(10000), wallpaper: many.wallpaper(100000), density: many.density(500) }));
    expect(huge.status).toBe(2);
    expect(huge.stderr).toMatch(/huge\.json: the factors give 1\.00e\+16 combinations \(locale 20000 x fontScale 10000 x density 500 x wallpaper 100000\), more than the 1e\+15 a split draws from/);
    expect(huge.maxRssBytes).toBeLessThan(400 * 2 ** 20);
  }, 120_000);
});
