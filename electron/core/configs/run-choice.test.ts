import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUN_CONFIGS_SHOWN } from '../../../shared/contract/run';
import { chooseConfigs, configsReply, listConfigFiles, readChoice, writeBreakdown } from './run-choice';
import { readConfigFile } from './config-file';
import { splitConfigs } from './randomize';
import type { EpisodeRecord } from '../runner/episode-record';

const FILE = {
  format: 'touchstone-configs/1',
  configs: [{ name: 'default' }, { name: 'large-dark', fontScale: 1.3, dark: true }, { name: 'de-tablet', locale: 'de-DE', device: 'tablet' }],
  factors: { fontScale: [1, 1.3], dark: [false, true], locale: ['en-US', 'de-DE'] },
  split: { train: 5, test: 3 },
};

describe('the run view\'s choice of device configurations', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'run-choice-'));
    await mkdir(join(dir, 'configs'));
    await writeFile(join(dir, 'configs.json'), JSON.stringify(FILE));
    await writeFile(join(dir, 'configs', 'bad.json'), JSON.stringify({ configs: [{ name: 'x', fontScale: 7 }] }));
    await writeFile(join(dir, 'index.json'), JSON.stringify({ episodes: [] }));
    await writeFile(join(dir, 'broken.json'), '{');
  });
  afterAll(async () => { await rm(dir, { recursive: true, force: true }); });

  it('lists only configuration files, in the dataset folder and its configs/', async () => {
    expect(await listConfigFiles(dir)).toEqual(['configs.json', 'configs/bad.json']);
  });

  it('reads a file with every configuration and its factors, and selects named ones', async () => {
    const { file, chosen } = await readChoice(join(dir, 'configs.json'), { file: 'configs.json', names: ['large-dark', 'de-tablet'] });
    expect(file.configs.map((c) => c.name)).toEqual(['default', 'large-dark', 'de-tablet']);
    expect(file.configs[1]!.factors).toEqual({ fontScale: 1.3, dark: true });
    expect(file.split).toEqual({ train: 5, test: 3 });
    expect(chosen.map((c) => c.name)).toEqual(['large-dark', 'de-tablet']);
  });

  it('a split follows the CLI: the same seed gives the randomiser\'s configurations, train and test disjoint', async () => {
    const f = await readConfigFile(join(dir, 'configs.json'));
    const train = chooseConfigs(f, { file: 'configs.json', split: 'train', seed: 4 });
    const test = chooseConfigs(f, { file: 'configs.json', split: 'test', seed: 4 });
    expect(train).toEqual(splitConfigs(f, 'train', 4));
    expect(train).toHaveLength(5);
    expect(test).toHaveLength(3);
    const key = (c: object) => JSON.stringify({ ...c, name: undefined, split: undefined });
    expect(test.filter((t) => train.some((x) => key(x) === key(t)))).toEqual([]);
    expect(chooseConfigs(f, { file: 'configs.json', split: 'train', seed: 5 })).not.toEqual(train);
  });

  it('bad choices and bad files fail with messages naming the file and what to do', async () => {
    const f = await readConfigFile(join(dir, 'configs.json'));
    expect(() => chooseConfigs(f, { file: 'configs.json', names: ['nope'] })).toThrow(/no configuration named "nope"; the file names "default", "large-dark", "de-tablet"/);
    expect(() => chooseConfigs(f, { file: 'configs.json', names: [] })).toThrow(/tick at least one/);
    expect(() => chooseConfigs(f, { file: 'configs.json', split: 'test', seed: -1 })).toThrow(/seed must be a whole number/);
    await expect(readChoice(join(dir, 'configs', 'bad.json'), { file: 'configs/bad.json' })).rejects.toThrow(/bad\.json: 1 problem.*\n.*field "fontScale": got 7; allowed: a number from 0.85 to 2/);
  });

  it('answers for a file of 100,000 named configurations in bounded time, listing the first ones with the counts', async () => {
    const many = { configs: Array.from({ length: 100_000 }, (_, i) => ({ name: `c${i}`, fontScale: 1 + (i % 10) / 10 })) };
    await writeFile(join(dir, 'many.json'), JSON.stringify(many));
    const t0 = performance.now();
    const { file, chosen } = await readChoice(join(dir, 'many.json'), { file: 'many.json' });
    const reply = configsReply(file, chosen);
    const ms = performance.now() - t0;
    // A loose bound for a loaded machine (~0.3 s unloaded): the old duplicate-name check compared every pair
    // (5e9 comparisons), minutes with the server blocked.
    expect(ms).toBeLessThan(10_000);
    expect(chosen).toHaveLength(100_000);
    expect([reply.configs.length, reply.configCount, reply.chosen.length, reply.chosenCount]).toEqual([RUN_CONFIGS_SHOWN, 100_000, RUN_CONFIGS_SHOWN, 100_000]);
    expect(JSON.stringify(reply).length).toBeLessThan(200_000);
    const f = await readConfigFile(join(dir, 'many.json'));
    expect(chooseConfigs(f, { file: 'many.json', names: Array.from({ length: 50_000 }, (_, i) => `c${2 * i}`) })).toHaveLength(50_000);
    expect(() => chooseConfigs(f, { file: 'many.json', names: ['nope'] })).toThrow(/the file names "c0", .*"c19" and 99980 more$/);
  });

  it('writes the per-factor report atomically next to the run', async () => {
    const rec = (name: string, completed: boolean) => ({ outcome: 'finished', steps: [], evaluation: { completed }, deviceConfig: { name, factors: name === 'large-dark' ? { fontScale: 1.3, dark: true } : {}, previous: {}, applied: {}, commands: [], restored: { ok: true, values: {}, mismatches: [] } } }) as unknown as EpisodeRecord;
    const { report } = await writeBreakdown(dir, [rec('default', true), rec('large-dark', false), rec('large-dark', true)]);
    expect(report.configs['large-dark']).toMatchObject({ episodes: 2, completed: 1 });
    expect(JSON.parse(await readFile(join(dir, 'config-report.json'), 'utf8')).configs.default.completed).toBe(1);
    expect(await readFile(join(dir, 'config-report.md'), 'utf8')).toContain('large-dark');
  });
});
