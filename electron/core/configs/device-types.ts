/**
 * Device types a configuration can name (B-MoCA varies the device as well as its settings). Applied as a
 * `wm size` and `wm density` override on whatever device runs the episode, so one phone stands in for each.
 */
export const DEVICE_TYPES = {
  pixel3: { size: '1080x2160', density: 440, label: 'Pixel 3 (5.5", 1080x2160, 440 dpi)' },
  pixel4: { size: '1080x2280', density: 440, label: 'Pixel 4 (5.7", 1080x2280, 440 dpi)' },
  pixel6: { size: '1080x2400', density: 420, label: 'Pixel 6 (6.4", 1080x2400, 420 dpi)' },
  tablet: { size: '1600x2560', density: 320, label: 'tablet (10", 1600x2560 portrait, 320 dpi)' },
} as const;

export type DeviceType = keyof typeof DEVICE_TYPES;

/** Wallpaper names a configuration may use besides `#rrggbb`; `default` keeps the launcher's own picture. */
export const WALLPAPERS: Record<string, string | null> = {
  default: null, blue: '#1a73e8', green: '#188038', red: '#c5221f', orange: '#e8710a', purple: '#8e24aa', black: '#000000', white: '#ffffff',
};

/** Icon sizes by name (scale of the launcher icons). */
export const ICON_SIZES: Record<string, number> = { small: 0.8, medium: 1, large: 1.25 };
