import { FACTORS, MAX_COMBINATIONS, type ConfigFile, type DeviceConfig, type Factor } from './config-types';
import { seededRandom as rng } from '../../platform/seeded-random';

type Factors = Partial<Record<Factor, unknown[]>>;

/** The factors a file combines, in FACTORS order (the first is the most significant digit of an index). */
const used = (factors: Factors): [Factor, unknown[]][] => FACTORS.filter((f) => factors[f]).map((f) => [f, factors[f]!]);

/** How many combinations the factor values give (the product of the list lengths; may exceed MAX_COMBINATIONS). */
export function combinationCount(factors: Factors): number {
  return used(factors).reduce((n, [, vals]) => n * vals.length, 1);
}

/**
 * Combination number `index` (0 <= index < combinationCount) in the fixed order every combination has: factors
 * in FACTORS order, values as listed, the last factor varying fastest. Mixed-radix decoding, so a split never
 * builds the product (a file with thousands of values per factor has ~1e11 or more combinations).
 */
export function combinationAt(factors: Factors, index: number): Omit<DeviceConfig, 'name'> {
  const out: Record<string, unknown> = {};
  let rest = index;
  const fs = used(factors);
  for (let i = fs.length - 1; i >= 0; i--) {
    const [f, vals] = fs[i]!;
    out[f] = vals[rest % vals.length];
    rest = Math.floor(rest / vals.length);
  }
  // Keys in FACTORS order, as the configurations of a file list them.
  return Object.fromEntries(fs.map(([f]) => [f, out[f]])) as Omit<DeviceConfig, 'name'>;
}

/** Products up to this size are shuffled whole (an index array of 4 MiB at most): the splits earlier versions drew. */
const WHOLE_SHUFFLE = 1 << 20;

/** A uniform whole number in [0, n) for n up to 2^53, from two draws (one draw has 32 bits). */
function below(next: () => number, n: number): number {
  const r = Math.floor(next() * 2 ** 21) * 2 ** 32 + Math.floor(next() * 2 ** 32);
  return Math.min(n - 1, Math.floor((r / 2 ** 53) * n));
}

/**
 * The first `need` positions of a seeded shuffle of 0..n-1. Small products: the whole Fisher-Yates shuffle
 * (from the end, as before, so a seed picks the same configurations it always did). Large ones: a partial
 * shuffle from the front that keeps only the swapped positions in a map, `need` steps whatever `n` is.
 */
function shuffledPrefix(n: number, need: number, seed: number): number[] {
  const next = rng(seed);
  if (n <= WHOLE_SHUFFLE) {
    const order = new Uint32Array(n).map((_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    return [...order.subarray(0, need)];
  }
  const moved = new Map<number, number>();
  const at = (i: number): number => moved.get(i) ?? i;
  const out: number[] = [];
  for (let i = 0; i < need; i++) {
    const j = i + below(next, n - i);
    const vi = at(i);
    const vj = at(j);
    moved.set(j, vi);
    out.push(vj);
  }
  return out;
}

/**
 * B-MoCA-style splits: the combinations of the file's factor values, shuffled with `seed`; the first
 * `split.train` are the train configurations and the next `split.test` the test ones (disjoint; the same seed
 * always gives the same splits). Only the picked combinations are built. A file whose factors multiply out to
 * more than MAX_COMBINATIONS is refused with the count. Names are `train01`... / `test01`...
 */
export function splitConfigs(file: ConfigFile, which: 'train' | 'test', seed: number): DeviceConfig[] {
  if (!file.factors) throw new Error(`${file.file}: --config-split needs a "factors" object (values per factor to combine), e.g. {"fontScale": [1, 1.3], "dark": [false, true]}`);
  const count = combinationCount(file.factors);
  if (count > MAX_COMBINATIONS) {
    const sizes = used(file.factors).map(([f, v]) => `${f} ${v.length}`).join(' x ');
    throw new Error(`${file.file}: the factors give ${count.toExponential(2)} combinations (${sizes}), more than the ${MAX_COMBINATIONS.toExponential(0)} a split draws from; use fewer values per factor`);
  }
  const need = file.split.train + file.split.test;
  if (count < need) throw new Error(`${file.file}: the factors give ${count} combination(s), fewer than the ${need} the split needs (train ${file.split.train} + test ${file.split.test}); add factor values or lower "split"`);
  const order = shuffledPrefix(count, need, seed);
  const picked = which === 'train' ? order.slice(0, file.split.train) : order.slice(file.split.train, need);
  const width = String(picked.length).length < 2 ? 2 : String(picked.length).length;
  return picked.map((k, i) => ({ name: `${which}${String(i + 1).padStart(width, '0')}`, split: which, ...combinationAt(file.factors!, k) }));
}

/** The configurations a run uses: a split when asked for, else every named configuration of the file. */
export function configsForRun(file: ConfigFile, split?: 'train' | 'test', seed = 0): DeviceConfig[] {
  if (split) return splitConfigs(file, split, seed);
  if (!file.configs.length) throw new Error(`${file.file}: the file has no "configs" list; name configurations, or pick a generated split with --config-split train|test`);
  return file.configs;
}
