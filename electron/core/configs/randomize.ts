import { FACTORS, type ConfigFile, type DeviceConfig, type Factor } from './config-types';
import { seededRandom as rng } from '../../platform/seeded-random';

/** Every combination of the factor values, in a fixed order (factor order of FACTORS, values as listed). */
export function combinations(factors: Partial<Record<Factor, unknown[]>>): Omit<DeviceConfig, 'name'>[] {
  let out: Record<string, unknown>[] = [{}];
  for (const f of FACTORS) {
    const vals = factors[f];
    if (!vals) continue;
    out = out.flatMap((c) => vals.map((v) => ({ ...c, [f]: v })));
  }
  return out as Omit<DeviceConfig, 'name'>[];
}

/**
 * B-MoCA-style splits: all combinations of the file's factor values, shuffled with `seed` (Fisher-Yates), the
 * first `split.train` are the train configurations and the next `split.test` the test ones (disjoint; the same
 * seed always gives the same splits). Names are `train01`... / `test01`...
 */
export function splitConfigs(file: ConfigFile, which: 'train' | 'test', seed: number): DeviceConfig[] {
  if (!file.factors) throw new Error(`${file.file}: --config-split needs a "factors" object (values per factor to combine), e.g. {"fontScale": [1, 1.3], "dark": [false, true]}`);
  const all = combinations(file.factors);
  const need = file.split.train + file.split.test;
  if (all.length < need) throw new Error(`${file.file}: the factors give ${all.length} combination(s), fewer than the ${need} the split needs (train ${file.split.train} + test ${file.split.test}); add factor values or lower "split"`);
  const next = rng(seed);
  const order = all.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const picked = which === 'train' ? order.slice(0, file.split.train) : order.slice(file.split.train, need);
  const width = String(picked.length).length < 2 ? 2 : String(picked.length).length;
  return picked.map((k, i) => ({ name: `${which}${String(i + 1).padStart(width, '0')}`, split: which, ...all[k]! }));
}

/** The configurations a run uses: a split when asked for, else every named configuration of the file. */
export function configsForRun(file: ConfigFile, split?: 'train' | 'test', seed = 0): DeviceConfig[] {
  if (split) return splitConfigs(file, split, seed);
  if (!file.configs.length) throw new Error(`${file.file}: the file has no "configs" list; name configurations, or pick a generated split with --config-split train|test`);
  return file.configs;
}
