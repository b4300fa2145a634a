/** The run view's choice of device configurations: which files a dataset has, what they hold, which ones a run uses. */
import { listIn, readTextIn } from '../../platform/confined-read';
import { join } from 'node:path';
import { RUN_CONFIGS_SHOWN } from '../../../shared/contract/run-defaults';
import type { RunConfigChoice, RunConfigFile, RunDeviceConfig } from '../../../shared/contract/run';
import { writeFileAtomic } from '../../platform/atomic-write';
import type { EpisodeRecord } from '../runner/episode-record';
import { breakdown, breakdownMarkdown, type ConfigBreakdown } from './breakdown';
import { CONFIG_FORMAT, readConfigFile } from './config-file';
import type { ConfigFile, DeviceConfig } from './config-types';
import { configsForRun } from './randomize';

/** Folders (relative to the dataset) searched for configuration files: the dataset folder and its `configs/`. */
const PLACES = ['', 'configs'];

/** Configuration files in a dataset: `*.json` whose top level has `"format": "touchstone-configs/1"` or a `configs` / `factors` field. */
export async function listConfigFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  for (const place of PLACES) {
    const names = await listIn(root, place).then((es) => es.filter((e) => e.isFile() || e.isSymbolicLink()).map((e) => e.name)).catch(() => [] as string[]);
    for (const n of names.filter((x) => x.endsWith('.json')).sort()) {
      const rel = place ? `${place}/${n}` : n;
      const text = await readTextIn(root, rel).catch(() => undefined) ?? '';
      if (text.length > 1_000_000) continue;
      try {
        const o = JSON.parse(text) as Record<string, unknown>;
        if (o && typeof o === 'object' && (o.format === CONFIG_FORMAT || Array.isArray(o.configs) || (o.factors && typeof o.factors === 'object'))) out.push(rel);
      } catch { /* not JSON: not a configuration file */ }
    }
  }
  return out;
}

/** A configuration as the form shows it. */
export function configView(c: DeviceConfig): RunDeviceConfig {
  const { name, split, ...factors } = c;
  return { name, ...(split ? { split } : {}), factors: factors as RunDeviceConfig['factors'] };
}

/** The configurations a choice selects (the CLI's rules, plus a subset of the named ones); throws naming the file. */
export function chooseConfigs(file: ConfigFile, choice: RunConfigChoice): DeviceConfig[] {
  const seed = choice.seed ?? 0;
  if (!Number.isInteger(seed) || seed < 0) throw new Error(`${file.file}: the split seed must be a whole number >= 0; got ${JSON.stringify(choice.seed)}`);
  const all = configsForRun(file, choice.split, seed);
  if (choice.split || !choice.names) return all;
  if (!choice.names.length) throw new Error(`${file.file}: no configuration chosen; tick at least one, or pick a train/test split`);
  // Sets, not nested scans: a file may name 100,000 configurations and a choice tick as many.
  const have = new Set(all.map((c) => c.name));
  const wanted = new Set(choice.names);
  const unknown = [...wanted].filter((n) => !have.has(n));
  if (unknown.length) throw new Error(`${file.file}: no configuration named ${listed(unknown)}; the file names ${listed(all.map((c) => c.name))}`);
  return all.filter((c) => wanted.has(c.name));
}

/** Names for a message: the first 20, then how many more. */
function listed(names: string[]): string {
  const shown = names.slice(0, 20).map((n) => `"${n}"`).join(', ');
  return names.length > 20 ? `${shown} and ${names.length - 20} more` : shown;
}

/**
 * Reads a configuration file (absolute path) and the configurations the choice selects (all of them: a run uses
 * every one); the file's own list is cut to RUN_CONFIGS_SHOWN for the form, with the count.
 */
export async function readChoice(abs: string, choice: RunConfigChoice): Promise<{ file: RunConfigFile; chosen: DeviceConfig[] }> {
  const f = await readConfigFile(abs);
  const chosen = chooseConfigs(f, choice);
  return {
    file: { file: choice.file, configs: f.configs.slice(0, RUN_CONFIGS_SHOWN).map(configView), configCount: f.configs.length, ...(f.factors ? { factors: f.factors as Record<string, unknown[]> } : {}), split: f.split },
    chosen,
  };
}

/** `run:configs`' answer: the file, and the first RUN_CONFIGS_SHOWN chosen configurations with their count. */
export function configsReply(file: RunConfigFile, chosen: DeviceConfig[]): RunConfigFile & { chosen: RunDeviceConfig[]; chosenCount: number } {
  return { ...file, chosen: chosen.slice(0, RUN_CONFIGS_SHOWN).map(configView), chosenCount: chosen.length };
}

/** Writes `<out>/config-report.{md,json}` (atomically) and returns the breakdown. */
export async function writeBreakdown(out: string, records: EpisodeRecord[]): Promise<{ md: string; report: ConfigBreakdown }> {
  const report = breakdown(records.map((r) => ({ config: r.deviceConfig, outcome: r.outcome, completed: r.evaluation?.completed, restored: r.deviceConfig?.restored?.ok })));
  const md = breakdownMarkdown(report);
  await writeFileAtomic(join(out, 'config-report.md'), md);
  await writeFileAtomic(join(out, 'config-report.json'), JSON.stringify(report, null, 2) + '\n');
  return { md, report };
}
