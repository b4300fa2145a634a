import type { Size } from '../../../shared/model';

/** An input the device received through `input ...` or a key event. */
export type InputEvent =
  | { kind: 'tap'; x: number; y: number }
  | { kind: 'long-press'; x: number; y: number }
  | { kind: 'swipe'; x1: number; y1: number; x2: number; y2: number; durationMs: number }
  | { kind: 'drag'; x1: number; y1: number; x2: number; y2: number; durationMs: number }
  | { kind: 'text'; text: string }
  | { kind: 'key'; code: number };

/** What the device shows at one moment. */
export interface ScreenView {
  /** Identifies the exact pixels and hierarchy: the device caches the encoded PNG under it. */
  key: string;
  /** Foreground component, `package/full.class.Name`. */
  activity: string;
  /**
   * Set when no activity has focus and the device can name none (a recorded window such as
   * `com.android.systemui.ImageWallpaper`, or `null`): dumpsys prints no ActivityRecord for the front and
   * `mCurrentFocus=Window{... TITLE}` (or `mCurrentFocus=null`); see recorded-activity.ts.
   */
  window?: string | null;
  /** The `uiautomator dump` XML of this screen. */
  xml(): string;
  /** The screenshot as PNG bytes. */
  png(): Promise<Buffer>;
}

export interface PackageInfo {
  name: string;
  /** System packages are hidden by `pm list packages -3`. */
  system: boolean;
}

export type StartResult = { ok: true; component: string } | { ok: false; error: string };

/**
 * What a virtual device shows and how it reacts. Worlds are synchronous state
 * machines; time is passed in so dynamic content (clock, animations) is testable.
 */
export interface World {
  readonly name: string;
  readonly size: Size;
  readonly density: number;
  screen(now: Date): ScreenView;
  input(ev: InputEvent, now: Date): void;
  /** `am start -n pkg/.Activity` */
  start(component: string, now: Date): StartResult;
  /** `am start -a android.intent.action.VIEW -d URI` (optional: worlds without a browser cannot resolve it). */
  view?(uri: string, now: Date): StartResult;
  /** `monkey -p pkg 1`: start the launcher activity. */
  launch(pkg: string, now: Date): StartResult;
  forceStop(pkg: string): void;
  packages(): PackageInfo[];
  install(pkg: string): boolean;
  uninstall(pkg: string): boolean;
  /** `pm clear`: reset the app's state. */
  clear(pkg: string): boolean;
  /** A deep copy of the world's state, for emulator snapshots. */
  snapshot(): unknown;
  restore(state: unknown): void;
  /** Gives the world the device's `settings` table and system properties (optional). */
  attach?(host: { settings: Map<string, string>; props?: Map<string, string> }): void;
  /** The size the world lays its screens out for now (a world that follows `wm size`); default: `size`. */
  layoutSize?(): Size;
}

/** Android key codes the worlds react to. */
export const KEY = { HOME: 3, BACK: 4, ENTER: 66, DEL: 67, APP_SWITCH: 187, TAB: 61 } as const;
