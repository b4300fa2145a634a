/** `touchstone run --configs`: which configurations a run uses (the per-factor report is the core's `writeBreakdown`). */
import { readConfigFile } from '../core/configs/config-file';
import type { DeviceConfig } from '../core/configs/config-types';
import { configsForRun } from '../core/configs/randomize';
import { UsageError, type OptionDecl, type Values } from './args';

const CONFIGS = 'Device configurations';

/** The --configs options of `touchstone run`. */
export const CONFIG_OPTIONS = {
  configs: {
    type: 'string', value: 'FILE', group: CONFIGS,
    description: 'device configurations (JSON, docs/device-configs.md): every task runs under each named configuration (locale, font scale, dark mode, device type, wallpaper, icon grid and size), applied through adb after the reset and restored after the episode; traces go to <out>/<config>/<agent>/...; a per-factor report to <out>/config-report.md',
  },
  'config-split': {
    type: 'string', choices: ['train', 'test'], group: CONFIGS,
    description: 'instead of the named ones, the file\'s factor combinations shuffled with --config-seed; the first 35 are train, the next 10 test (the file\'s "split" changes them)',
  },
  'config-seed': { type: 'integer', min: 0, default: 0, group: CONFIGS, description: 'seed of the split' },
} as const satisfies Record<string, OptionDecl>;

export interface ConfigArgs { file?: string; split?: 'train' | 'test'; seed: number }

/** Reads the --configs options from the parsed values (throws when --config-split or --config-seed come without --configs). */
export function configArgs(p: { values: Values<typeof CONFIG_OPTIONS>; given: ReadonlySet<string> }): ConfigArgs {
  const v = p.values;
  if ((p.given.has('config-split') || p.given.has('config-seed')) && !v.configs) throw new UsageError('--config-split and --config-seed need --configs FILE');
  return { file: v.configs, split: v['config-split'], seed: v['config-seed'] };
}

/** The configurations of the run (undefined without --configs). */
export async function loadRunConfigs(a: ConfigArgs): Promise<DeviceConfig[] | undefined> {
  if (!a.file) return undefined;
  return configsForRun(await readConfigFile(a.file), a.split, a.seed);
}
