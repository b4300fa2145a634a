import type { DeviceShell } from '../capture/device-shell';
import { shQuote } from '../capture/perform-action';
import { displayOf } from './config-file';
import type { DeviceConfig, DeviceConfigRecord } from './config-types';
import { WALLPAPERS } from './device-types';

/**
 * One device setting a configuration changes: how to read it, set it and put it back through adb (Android 12
 * shell commands). `null` = not set (no override / no row).
 */
interface Knob {
  read(sh: Run): Promise<string | null>;
  write(value: string): string;
  reset(previous: string | null): string;
  /** Whether a read-back value is the one written. */
  same?(a: string | null, b: string | null): boolean;
}

type Run = (cmd: string) => Promise<string>;

/** Numbers compare by value (`1.3` reads back as `1.3` or `1.30`); unset equals unset. */
const sameNumber = (a: string | null, b: string | null): boolean => (a === null || b === null ? a === b : Math.abs(Number(a) - Number(b)) < 1e-6);

/** Quoted only when the shell needs it (`#` starts a comment at the start of a word). */
const q = (v: string): string => (/^[\w.:-]+$/.test(v) ? v : shQuote(v));

const setting = (ns: string, key: string): Knob => ({
  read: async (sh) => { const v = (await sh(`settings get ${ns} ${key}`)).trim(); return v === 'null' || v === '' ? null : v; },
  write: (v) => `settings put ${ns} ${key} ${q(v)}`,
  reset: (p) => (p === null ? `settings delete ${ns} ${key}` : `settings put ${ns} ${key} ${q(p)}`),
});

const wmOverride = (what: 'size' | 'density'): Knob => ({
  read: async (sh) => new RegExp(`Override ${what}: (\\S+)`).exec(await sh(`wm ${what}`))?.[1] ?? null,
  write: (v) => `wm ${what} ${q(v)}`,
  reset: (p) => (p === null ? `wm ${what} reset` : `wm ${what} ${q(p)}`),
});

/**
 * The knobs, in the order they are applied. Locale: `setprop persist.sys.locale` is what Android 12 reads at boot
 * (LocalePicker writes it too); on a real phone it needs a rooted/userdebug build (`adb root`) and takes effect
 * after a framework restart (`setprop ctl.restart zygote`) -- the runner reads it back and refuses to go on when
 * it did not stick. Wallpaper, icon grid and icon size have no Android-wide adb setting: they are `touchstone_*`
 * rows of the system settings table, which the virtual device's launcher follows.
 */
export const KNOBS: Record<string, Knob> = {
  locale: {
    read: async (sh) => (await sh('getprop persist.sys.locale')).trim() || null,
    write: (v) => `setprop persist.sys.locale ${q(v)}`,
    reset: (p) => `setprop persist.sys.locale ${q(p ?? '')}`,
  },
  font_scale: { ...setting('system', 'font_scale'), same: sameNumber },
  night_mode: {
    read: async (sh) => /Night mode: (\w+)/.exec(await sh('cmd uimode night'))?.[1] ?? null,
    write: (v) => `cmd uimode night ${v}`,
    reset: (p) => `cmd uimode night ${p ?? 'no'}`,
  },
  wm_size: wmOverride('size'),
  wm_density: wmOverride('density'),
  wallpaper: setting('system', 'touchstone_wallpaper'),
  icon_grid: setting('system', 'touchstone_icon_grid'),
  icon_size: { ...setting('system', 'touchstone_icon_size'), same: sameNumber },
};

/** The value each knob gets under a configuration (knobs the configuration leaves alone are absent). */
export function targetValues(c: DeviceConfig): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  if (c.locale) out.locale = c.locale;
  if (c.fontScale !== undefined) out.font_scale = String(c.fontScale);
  if (c.dark !== undefined) out.night_mode = c.dark ? 'yes' : 'no';
  const d = displayOf(c);
  if (d.size) out.wm_size = d.size;
  if (d.density) out.wm_density = String(d.density);
  if (c.wallpaper) out.wallpaper = c.wallpaper.startsWith('#') ? c.wallpaper.toLowerCase() : WALLPAPERS[c.wallpaper] ?? null;
  if (c.iconGrid) out.icon_grid = c.iconGrid;
  if (c.iconSize !== undefined) out.icon_size = String(c.iconSize);
  return out;
}

const same = (k: string, a: string | null, b: string | null): boolean => (KNOBS[k]!.same ?? ((x, y) => x === y))(a, b);

async function readAll(sh: Run, keys: string[]): Promise<Record<string, string | null>> {
  const out: Record<string, string | null> = {};
  for (const k of keys) out[k] = await KNOBS[k]!.read(sh);
  return out;
}

/** Puts every knob back to its previous value and reads them back. Never throws: failures are in the result. */
async function putBack(sh: Run, previous: Record<string, string | null>): Promise<NonNullable<DeviceConfigRecord['restored']>> {
  const keys = Object.keys(previous);
  try {
    for (const k of keys) await sh(KNOBS[k]!.reset(previous[k]!));
    const values = await readAll(sh, keys);
    const mismatches = keys.filter((k) => !same(k, values[k]!, previous[k]!)).map((k) => `${k}: ${values[k]} (was ${previous[k]})`);
    return { ok: mismatches.length === 0, values, mismatches };
  } catch (err) {
    return { ok: false, values: {}, mismatches: keys, error: (err as Error).message };
  }
}

/** A configuration applied to a device, and how to undo it. */
export interface AppliedConfig {
  record: DeviceConfigRecord;
  /** The screen size after applying (`wm size`), for the episode's coordinates. */
  screen: { width: number; height: number } | undefined;
  restore(): Promise<NonNullable<DeviceConfigRecord['restored']>>;
}

/**
 * Applies a configuration through adb: reads the previous value of every knob it changes, sets them, reads
 * them back. A value that does not stick (e.g. `setprop persist.sys.locale` on a user build) puts everything
 * back and throws naming the configuration, the setting and what to do.
 */
export async function applyConfig(shell: DeviceShell, c: DeviceConfig): Promise<AppliedConfig> {
  const sh: Run = async (cmd) => (await shell.run(cmd)).toString('utf8');
  const target = targetValues(c);
  const keys = Object.keys(target);
  const previous = await readAll(sh, keys);
  const commands = keys.map((k) => (target[k] === null ? KNOBS[k]!.reset(null) : KNOBS[k]!.write(target[k]!)));
  for (const cmd of commands) await sh(cmd);
  const applied = await readAll(sh, keys);
  const wrong = keys.filter((k) => !same(k, applied[k]!, target[k]!));
  if (wrong.length) {
    const back = await putBack(sh, previous);
    throw new Error(`Configuration "${c.name}": ${wrong.map((k) => `${k} reads back ${applied[k]} after \`${KNOBS[k]!.write(target[k] ?? '')}\``).join('; ')}. `
      + `The device refused it (locale needs a rooted/userdebug build: \`adb root\`); use a device that accepts it or drop the factor.${back.ok ? ' Previous values restored.' : ` Restoring failed too: ${back.error ?? back.mismatches.join(', ')}.`}`);
  }
  const wm = await sh('wm size');
  const size = /Override size: (\d+)x(\d+)/.exec(wm) ?? /Physical size: (\d+)x(\d+)/.exec(wm);
  const { name, split, ...factors } = c;
  return {
    record: { name, ...(split ? { split } : {}), factors, previous, applied, commands },
    screen: size ? { width: Number(size[1]), height: Number(size[2]) } : undefined,
    restore: () => putBack(sh, previous),
  };
}
