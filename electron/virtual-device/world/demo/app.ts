import type { ScreenBuilder } from './ui';
import type { WorldFactors } from './factors';

/** Navigation an app asks for after an action. */
export type Nav = { push: string } | { pop: true } | { replace: string } | { home: true } | { launch: string } | null;

/** Per-app state: text fields and focus are handled by the world for every app. */
export interface BaseState {
  fields: Record<string, string>;
  focus: string | null;
  /** Scroll offset in px per screen name. */
  scroll?: Record<string, number>;
}

/** What an app may ask of the world. */
export interface AppCtx {
  now: Date;
  settings: Map<string, string>;
  /** The device configuration the screen is laid out for (wallpaper, icon grid, ...). */
  factors?: WorldFactors;
  /** Installed apps, launcher order. */
  installed(): AppDef[];
  isInstalled(pkg: string): boolean;
  install(pkg: string): void;
  uninstall(pkg: string): void;
  catalog(): AppDef[];
}

/** A demo app, declared as screens (view trees built from state) plus action handlers. */
export interface AppDef<S extends BaseState = BaseState> {
  pkg: string;
  label: string;
  icon: string;
  color: string;
  /** System apps cannot be uninstalled and are hidden by `pm list packages -3`. */
  system: boolean;
  preinstalled: boolean;
  /** Screen name (before any ':param') -> activity class name. */
  activities: Record<string, string>;
  /** Appears on the home screen. */
  launchable: boolean;
  initial(): S;
  build(b: ScreenBuilder, s: S, screen: string, ctx: AppCtx): void;
  act(s: S, screen: string, action: string, ctx: AppCtx): Nav;
  /** Called before BACK pops a screen (e.g. auto-save); may veto by returning a Nav. */
  onBack?(s: S, screen: string, ctx: AppCtx): Nav | undefined;
  /** ENTER key in a focused field. */
  onEnter?(s: S, screen: string, field: string, ctx: AppCtx): Nav;
}

export const base = (): BaseState => ({ fields: {}, focus: null });

/** Erases the concrete state type so apps of different shapes share one registry. */
export function defineApp<S extends BaseState>(app: AppDef<S>): AppDef {
  return app as unknown as AppDef;
}
