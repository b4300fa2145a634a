import { NAMED_FILES } from '../../platform/confined-read';
import { parseJsonInParts } from '../../platform/json-in-parts';
import { resolve } from 'node:path';
import { FACTORS, MAX_SPLIT, type ConfigFile, type DeviceConfig, type Factor } from './config-types';
import { DEVICE_TYPES, ICON_SIZES, WALLPAPERS, type DeviceType } from './device-types';

export const CONFIG_FORMAT = 'touchstone-configs/1';

type Check = (v: unknown) => { ok: true; value: unknown } | { ok: false; allowed: string };

const ok = (value: unknown): { ok: true; value: unknown } => ({ ok: true, value });

/** Every field a configuration may set, with its check and what it allows (for the error messages). */
const FIELDS: Record<Factor, Check> = {
  locale: (v) => (typeof v === 'string' && /^[a-z]{2,3}-[A-Z]{2}$/.test(v) ? ok(v) : { ok: false, allowed: 'a language-REGION tag such as "en-US" or "de-DE" (the demo phone has strings for en and de)' }),
  fontScale: (v) => (typeof v === 'number' && v >= 0.85 && v <= 2 ? ok(v) : { ok: false, allowed: 'a number from 0.85 to 2 (Android 12 offers 0.85, 1, 1.15, 1.3)' }),
  dark: (v) => (typeof v === 'boolean' ? ok(v) : { ok: false, allowed: 'true or false' }),
  device: (v) => (typeof v === 'string' && v in DEVICE_TYPES ? ok(v) : { ok: false, allowed: Object.keys(DEVICE_TYPES).map((k) => `"${k}"`).join(', ') }),
  size: (v) => {
    const m = typeof v === 'string' ? /^(\d{3,4})x(\d{3,4})$/.exec(v) : null;
    return m && Number(m[1]) >= 320 && Number(m[2]) >= 320 ? ok(v) : { ok: false, allowed: '"WIDTHxHEIGHT" in pixels, each 320 to 9999, e.g. "1080x2400"' };
  },
  density: (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 120 && v <= 640 ? ok(v) : { ok: false, allowed: 'a whole number of dpi from 120 to 640, e.g. 420' }),
  wallpaper: (v) => (typeof v === 'string' && (/^#[0-9a-fA-F]{6}$/.test(v) || v in WALLPAPERS) ? ok(v) : { ok: false, allowed: `"#rrggbb" or one of ${Object.keys(WALLPAPERS).map((k) => `"${k}"`).join(', ')}` }),
  iconGrid: (v) => {
    const m = typeof v === 'string' ? /^([3-6])x([3-7])$/.exec(v) : null;
    return m ? ok(v) : { ok: false, allowed: '"COLSxROWS" with 3-6 columns and 3-7 rows, e.g. "4x5"' };
  },
  iconSize: (v) => {
    if (typeof v === 'string' && v in ICON_SIZES) return ok(ICON_SIZES[v]);
    return typeof v === 'number' && v >= 0.5 && v <= 2 ? ok(v) : { ok: false, allowed: `a scale from 0.5 to 2, or ${Object.keys(ICON_SIZES).map((k) => `"${k}"`).join(', ')}` };
  },
};

const describe = (v: unknown): string => (v === undefined ? 'nothing' : JSON.stringify(v));

/** Checks one configuration object; `where` names it in messages. Adds problems, returns the configuration. */
function checkConfig(raw: unknown, where: string, problems: string[], named = true): DeviceConfig | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) { problems.push(`${where}: must be an object like {"name": "large-dark", "fontScale": 1.3, "dark": true}`); return null; }
  const o = raw as Record<string, unknown>;
  const cfg: Record<string, unknown> = {};
  if (named) {
    if (typeof o.name !== 'string' || !/^[\w.-]{1,64}$/.test(o.name)) problems.push(`${where}: field "name": got ${describe(o.name)}; allowed: 1-64 letters, digits, "_", "-", "." (it names the trace folder)`);
    cfg.name = o.name;
  }
  for (const [k, v] of Object.entries(o)) {
    if (k === 'name') continue;
    const check = FIELDS[k as Factor];
    if (!check) { problems.push(`${where}: unknown field "${k}"; allowed fields: name, ${FACTORS.join(', ')}`); continue; }
    const r = check(v);
    if (r.ok) cfg[k] = r.value;
    else problems.push(`${where}: field "${k}": got ${describe(v)}; allowed: ${r.allowed}`);
  }
  return cfg as unknown as DeviceConfig;
}

/** Configurations checked between two pauses of the parse (about 5 ms of work each). */
const CONFIGS_PER_PART = 2000;

/**
 * The checks of parseConfigFile, pausing (`yield`) every CONFIGS_PER_PART configurations: a file of 100,000
 * configurations took the server's thread for half a second in one piece. Returns the file or throws.
 */
function* checkFile(json: unknown, file: string): Generator<void, ConfigFile> {
  const problems: string[] = [];
  const o = (typeof json === 'object' && json !== null && !Array.isArray(json) ? json : {}) as Record<string, unknown>;
  if (o.format !== undefined && o.format !== CONFIG_FORMAT) problems.push(`field "format": got ${describe(o.format)}; allowed: "${CONFIG_FORMAT}"`);
  const unknown = Object.keys(o).filter((k) => !['format', 'configs', 'factors', 'split'].includes(k));
  if (unknown.length) problems.push(`unknown top-level field(s) ${unknown.map((k) => `"${k}"`).join(', ')}; allowed: format, configs, factors, split`);
  const configs: DeviceConfig[] = [];
  const names = new Set<unknown>();
  if (o.configs !== undefined && !Array.isArray(o.configs)) problems.push('field "configs": must be a list of configurations');
  const list = Array.isArray(o.configs) ? (o.configs as unknown[]) : [];
  for (let i = 0; i < list.length; i++) {
    if (i % CONFIGS_PER_PART === CONFIGS_PER_PART - 1) yield;
    const c = list[i];
    const name = (c as { name?: unknown } | null)?.name;
    const cfg = checkConfig(c, `config ${typeof name === 'string' ? `"${name}"` : `#${i + 1}`} (configs[${i}])`, problems);
    if (cfg) {
      if (names.has(cfg.name)) problems.push(`config "${cfg.name}" (configs[${i}]): the name is used twice; names must be unique (they name trace folders)`);
      names.add(cfg.name);
      configs.push(cfg);
    }
  }
  let factors: ConfigFile['factors'];
  if (o.factors !== undefined) {
    if (typeof o.factors !== 'object' || o.factors === null || Array.isArray(o.factors)) problems.push('field "factors": must be an object of factor -> list of values, e.g. {"fontScale": [1, 1.3]}');
    else {
      factors = {};
      for (const [k, vals] of Object.entries(o.factors as Record<string, unknown>)) {
        yield;
        if (!FIELDS[k as Factor]) { problems.push(`factors: unknown factor "${k}"; allowed: ${FACTORS.join(', ')}`); continue; }
        if (!Array.isArray(vals) || vals.length === 0) { problems.push(`factors.${k}: must be a non-empty list of values`); continue; }
        factors[k as Factor] = vals.map((v, j) => {
          const r = FIELDS[k as Factor](v);
          if (!r.ok) problems.push(`factors.${k}[${j}]: got ${describe(v)}; allowed: ${r.allowed}`);
          return r.ok ? r.value : v;
        });
      }
    }
  }
  const split = { train: 35, test: 10 };
  if (o.split !== undefined) {
    const s = o.split as Record<string, unknown>;
    for (const k of ['train', 'test'] as const) {
      if (s?.[k] === undefined) continue;
      if (typeof s[k] === 'number' && Number.isInteger(s[k]) && (s[k] as number) >= 1 && (s[k] as number) <= MAX_SPLIT) split[k] = s[k] as number;
      else problems.push(`split.${k}: got ${describe(s[k])}; allowed: a whole number from 1 to ${MAX_SPLIT} (B-MoCA uses 35 train and 10 test configurations)`);
    }
    if (split.train + split.test > MAX_SPLIT) problems.push(`split: train ${split.train} + test ${split.test} is over ${MAX_SPLIT} configurations; lower one of them`);
  }
  if (!configs.length && !factors) problems.push('the file names no configurations: give "configs" (a list) and/or "factors" (for --config-split)');
  if (problems.length) throw new Error(`${file}: ${problems.length} problem(s) in the configuration file:\n  - ${problems.join('\n  - ')}`);
  return { file, configs, factors, split };
}

/** Validates a parsed configuration file; throws one error listing every problem with file, configuration and field. */
export function parseConfigFile(json: unknown, file: string): ConfigFile {
  const steps = checkFile(json, file);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** parseConfigFile, letting other work run between parts (the server keeps answering while a big file is checked). */
async function parseConfigFileInParts(json: unknown, file: string): Promise<ConfigFile> {
  const steps = checkFile(json, file);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

function missing(file: string): never {
  throw Object.assign(new Error(`${file}: no such file`), { code: 'ENOENT' });
}

/** Reads and validates a configuration file (JSON). */
export async function readConfigFile(path: string): Promise<ConfigFile> {
  const file = resolve(path);
  let text: string;
  try { text = NAMED_FILES.text(file) ?? missing(file); } catch (err) { throw new Error(`${file}: cannot read the configuration file (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); check --configs`, { cause: err }); }
  let json: unknown;
  // In parts: a file of 100,000 configurations is 4.6 MB of JSON, a long block for the server's one thread in one go.
  try { json = await parseJsonInParts(text); } catch (err) { throw new Error(`${file}: not valid JSON (${(err as Error).message}); fix the file`, { cause: err }); }
  return parseConfigFileInParts(json, file);
}

/** The concrete `wm size` / `wm density` of a configuration (explicit values win over the device type's). */
export function displayOf(c: DeviceConfig): { size?: string; density?: number } {
  const d = c.device ? DEVICE_TYPES[c.device as DeviceType] : undefined;
  return { size: c.size ?? d?.size, density: c.density ?? d?.density };
}
