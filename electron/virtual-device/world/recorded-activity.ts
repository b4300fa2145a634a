/**
 * What a device shows in front for a recorded `.activity` value. Recorders write more than
 * `pkg/Cls` components: a focused window's title when no activity had focus
 * (`com.android.systemui.ImageWallpaper` over the home screen), a class without its package
 * (`.MainActivity`, `com.app.MainActivity`, AgentEnv's `app_current()`), or nothing (`null`, an empty
 * file). A replay must print each the way a real phone's dumpsys would, so a runner reading it back
 * writes what the recording holds.
 */
export interface RecordedFocus {
  /** The foreground component (`pkg/full.Cls`) for ActivityRecord lines, am, ps; a placeholder when `window` is set. */
  activity: string;
  /**
   * Set when no activity can be named: the focused window's title, printed only as
   * `mCurrentFocus=Window{hash u0 TITLE}` (no ActivityRecord names it), or null for `mCurrentFocus=null`.
   */
  window?: string | null;
}

const CLASS = /^\.?[A-Za-z_$][\w$]*(?:\.[\w$]+)*$/;
const NOTHING = new Set(['', 'null', 'none']);

/** The package of the app a uiautomator dump shows (its first node's `package`), when it names one. */
export function xmlPackage(xml: string): string | undefined {
  return /<node\b[^>]*?\bpackage="([\w.]+)"/.exec(xml)?.[1];
}

/**
 * The device-side form of a recorded activity value, given the package the screen's hierarchy shows.
 * A class of the screen's package becomes its component (`.Cls` or `pkg.Cls` -> `pkg/pkg.Cls`, the
 * form an ActivityRecord prints); any other class-like value is a window title named as recorded;
 * `null`, `None` or nothing is no focused window at all.
 */
export function recordedFocus(value: string, screenPackage: string | undefined): RecordedFocus {
  const v = value.trim();
  const placeholder = `${screenPackage ?? 'unknown'}/unknown`;
  if (v.includes('/')) return { activity: v };
  if (NOTHING.has(v.toLowerCase())) return { activity: placeholder, window: null };
  if (screenPackage && CLASS.test(v)) {
    if (v.startsWith('.')) return { activity: `${screenPackage}/${screenPackage}${v}` };
    if (v.startsWith(`${screenPackage}.`)) return { activity: `${screenPackage}/${v}` };
  }
  return { activity: placeholder, window: v.replace(/\s+/g, ' ') };
}
