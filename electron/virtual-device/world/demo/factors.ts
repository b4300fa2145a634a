import type { Size } from '../../../../shared/model';

/**
 * The device configuration the demo phone lays its screens out for (B-MoCA's factors), read from the
 * device's settings table and properties, i.e. from what `settings put`, `wm`, `cmd uimode` and `setprop`
 * changed. Defaults reproduce the layout the demo dataset was recorded with, pixel for pixel.
 */
export interface WorldFactors {
  /** `persist.sys.locale`, e.g. `en-US`, `de-DE`. */
  locale: string;
  /** `settings system font_scale`. */
  fontScale: number;
  /** `settings secure ui_night_mode` = 2 (`cmd uimode night yes`). */
  dark: boolean;
  /** `settings system touchstone_wallpaper`: a `#rrggbb` colour; null = the default picture. */
  wallpaper: string | null;
  /** `settings system touchstone_icon_grid` (`COLSxROWS`); null = the default launcher layout. */
  grid: { cols: number; rows: number } | null;
  /** `settings system touchstone_icon_size` (scale of the launcher icons; 1 = default). */
  iconScale: number;
  /** The layout size: `wm size` override, else the panel. */
  size: Size;
  /** `wm density` override, else the panel's density. */
  density: number;
}

/** Keys of the settings table the launcher factors live in (no Android-wide setting exists for them). */
export const LAUNCHER_KEYS = { wallpaper: 'system:touchstone_wallpaper', grid: 'system:touchstone_icon_grid', iconSize: 'system:touchstone_icon_size' } as const;

const num = (v: string | undefined, def: number, lo: number, hi: number): number => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) && n >= lo && n <= hi ? n : def;
};

/** Reads the factors; values a real phone would refuse fall back to the defaults. */
export function readFactors(settings: Map<string, string>, props: Map<string, string> | undefined, panel: Size, panelDensity: number): WorldFactors {
  const size = /^(\d+)x(\d+)$/.exec(props?.get('vd.wm.size') ?? '');
  const grid = /^(\d)x(\d)$/.exec(settings.get(LAUNCHER_KEYS.grid) ?? '');
  const wall = settings.get(LAUNCHER_KEYS.wallpaper) ?? '';
  return {
    locale: props?.get('persist.sys.locale') || 'en-US',
    fontScale: num(settings.get('system:font_scale'), 1, 0.5, 3),
    dark: settings.get('secure:ui_night_mode') === '2',
    wallpaper: /^#[0-9a-f]{6}$/i.test(wall) ? wall.toLowerCase() : null,
    grid: grid ? { cols: Number(grid[1]), rows: Number(grid[2]) } : null,
    iconScale: num(settings.get(LAUNCHER_KEYS.iconSize), 1, 0.5, 2),
    size: size ? { width: Number(size[1]), height: Number(size[2]) } : panel,
    density: num(props?.get('vd.wm.density'), panelDensity, 72, 960),
  };
}

/** Identifies the factors that change pixels without changing the hierarchy (part of the screen's cache key). */
export function factorsKey(f: WorldFactors): string {
  return `${f.locale}|${f.fontScale}|${f.dark}|${f.wallpaper ?? ''}|${f.grid ? `${f.grid.cols}x${f.grid.rows}` : ''}|${f.iconScale}|${f.size.width}x${f.size.height}|${f.density}`;
}
