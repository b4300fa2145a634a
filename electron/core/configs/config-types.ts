import type { DeviceType } from './device-types';

/** One named device configuration (B-MoCA's environment factors). A factor left out is not touched. */
export interface DeviceConfig {
  name: string;
  /** `language-REGION`, e.g. `de-DE` (`setprop persist.sys.locale`). */
  locale?: string;
  /** `settings put system font_scale`. */
  fontScale?: number;
  /** `cmd uimode night yes|no`. */
  dark?: boolean;
  /** Sets size and density together (`wm size`, `wm density`); `size` / `density` override one of them. */
  device?: DeviceType;
  /** `WxH` (`wm size`). */
  size?: string;
  /** dpi (`wm density`). */
  density?: number;
  /** `#rrggbb` or a name from WALLPAPERS (`settings put system touchstone_wallpaper`). */
  wallpaper?: string;
  /** `COLSxROWS` of the home screen (`settings put system touchstone_icon_grid`). */
  iconGrid?: string;
  /** Launcher icon scale, or small / medium / large (`settings put system touchstone_icon_size`). */
  iconSize?: number;
  /** Set by the randomiser: which split the configuration belongs to. */
  split?: 'train' | 'test';
}

/** The factors a report breaks results down by. */
export const FACTORS = ['locale', 'fontScale', 'dark', 'device', 'size', 'density', 'wallpaper', 'iconGrid', 'iconSize'] as const;
export type Factor = (typeof FACTORS)[number];

/**
 * Most combinations a file's factors may multiply out to for a split: above, the file is refused with the
 * count (the split's index arithmetic stays exact well below 2^53).
 */
export const MAX_COMBINATIONS = 1e15;

/** Most configurations a split may take (train + test): each one is a run of every task. */
export const MAX_SPLIT = 10_000;

/** A configuration file: named configurations, and the factor values the randomiser combines. */
export interface ConfigFile {
  file: string;
  configs: DeviceConfig[];
  /** Values per factor for `--config-split` (every combination is a candidate configuration). */
  factors?: Partial<Record<Factor, unknown[]>>;
  split: { train: number; test: number };
}

/** What `episode.json` records about the configuration an episode ran under. */
export interface DeviceConfigRecord {
  name: string;
  split?: 'train' | 'test';
  /** The factors as configured. */
  factors: Omit<DeviceConfig, 'name' | 'split'>;
  /** Device values before the episode (what is restored), per setting. */
  previous: Record<string, string | null>;
  /** Values read back after applying. */
  applied: Record<string, string | null>;
  /** The adb shell commands that applied it. */
  commands: string[];
  /** Read back after the episode: every previous value is in place again (or what is not). */
  restored?: { ok: boolean; values: Record<string, string | null>; mismatches: string[]; error?: string };
}
