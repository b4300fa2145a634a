/** `touchstone run --configs`: which configurations a run uses (the per-factor report is the core's `writeBreakdown`). */
import { readConfigFile } from '../core/configs/config-file';
import type { DeviceConfig } from '../core/configs/config-types';
import { configsForRun } from '../core/configs/randomize';

export const CONFIG_USAGE = `  --configs FILE       device configurations (JSON, docs/device-configs.md): every task runs under each
                       named configuration (locale, font scale, dark mode, device type, wallpaper, icon grid
                       and size), applied through adb after the reset and restored after the episode;
                       traces go to <out>/<config>/<agent>/...; a per-factor report to <out>/config-report.md
  --config-split S     train | test: instead of the named ones, the file's factor combinations shuffled with
                       --config-seed; the first 35 are train, the next 10 test (the file's "split" changes them)
  --config-seed N      seed of the split (default 0)`;

export interface ConfigArgs { file?: string; split?: 'train' | 'test'; seed: number }

/** Reads the --configs options from the parsed option values (throws on a bad one). */
export function configArgs(v: Record<string, string | undefined>): ConfigArgs {
  const split = v['config-split'];
  if (split !== undefined && split !== 'train' && split !== 'test') throw new Error(`--config-split must be train or test; got "${split}"`);
  if ((split !== undefined || v['config-seed'] !== undefined) && !v.configs) throw new Error('--config-split and --config-seed need --configs FILE');
  const seed = Number(v['config-seed'] ?? 0);
  if (!Number.isInteger(seed) || seed < 0) throw new Error(`--config-seed must be a whole number >= 0; got "${v['config-seed']}"`);
  return { file: v.configs, split, seed };
}

/** The configurations of the run (undefined without --configs). */
export async function loadRunConfigs(a: ConfigArgs): Promise<DeviceConfig[] | undefined> {
  if (!a.file) return undefined;
  return configsForRun(await readConfigFile(a.file), a.split, a.seed);
}
