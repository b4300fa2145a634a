/**
 * The device's `Configuration` as Android 12 prints it in `dumpsys activity` / `dumpsys window` / `am stack list`.
 *
 * The format is `android.content.res.Configuration#toString()` of Android 12 (AOSP
 * frameworks/base/core/java/android/content/res/Configuration.java, android-12.0.0_r*): `{fontScale mcc?mnc
 * [locales] layoutDir swNdp wNdp hNdp Ndpi size [long] orientation [uimode] [night] touch keyboard nav
 * winConfig={...} [as.N] s.N fontWeightAdjustment=N}`, where "not long", the normal ui mode type and "not night"
 * print nothing. The real dumps in ../shared/fixtures/dumpsys show it, e.g. `{1.0 ?mcc?mnc [en_US] ldltr sw320dp
 * w320dp h461dp 240dpi smll port finger -keyb/v/h -nav/h winConfig={ ... } as.2 s.1 fontWeightAdjustment=0}`.
 * The values follow what `settings put system font_scale`, `setprop persist.sys.locale`, `wm density`, `wm size`
 * and `cmd uimode night` set (the demo world's factors).
 */
import { readFactors } from '../../world/demo/factors';
import type { ShellHost } from '../types';

/** Status bar and navigation bar heights in dp (the app area `h..dp` leaves them out, as on a phone). */
const STATUS_DP = 24;
const NAV_DP = 48;

/** Screen size class as `Configuration.screenLayout` has it (from the app area in dp; AOSP's thresholds). */
function sizeClass(longDp: number, shortDp: number): string {
  if (longDp >= 960 && shortDp >= 720) return 'xlrg';
  if (longDp >= 640 && shortDp >= 480) return 'lrg';
  if (longDp >= 470 && shortDp >= 320) return 'nrml';
  return 'smll';
}

/** `[en_US]`: a LocaleList prints its locales as `Locale#toString()` (language_REGION). */
const localeList = (tag: string): string => `[${tag.replace('-', '_')}]`;

export interface ConfigurationOptions { activityType?: string; windowingModeOfDisplay?: boolean; seq?: number }

/** The `{...}` configuration of the device as it is now. */
export function configurationString(host: ShellHost, o: ConfigurationOptions = {}): string {
  const { width: w, height: h } = host.display.logical();
  const f = readFactors(host.settings, host.props, { width: w, height: h }, host.world().density);
  const scale = f.density / 160;
  const land = w > h;
  const wDp = Math.floor(w / scale);
  // The app area: the navigation bar (bottom in portrait, side in landscape) and the status bar are left out.
  const appW = land ? wDp - NAV_DP : wDp;
  const appH = Math.floor(h / scale) - STATUS_DP - (land ? 0 : NAV_DP);
  const sw = Math.floor(Math.min(w, h) / scale);
  const longDp = Math.max(appW, appH);
  const shortDp = Math.min(appW, appH);
  const isLong = (longDp * 3) / 5 >= shortDp - 1;
  const rot = host.display.rotation() * 90;
  const appBottom = land ? h : h - Math.round(NAV_DP * scale);
  const appRight = land ? w - Math.round(NAV_DP * scale) : w;
  const win = `winConfig={ mBounds=Rect(0, 0 - ${w}, ${h}) mAppBounds=Rect(0, 0 - ${appRight}, ${appBottom}) mMaxBounds=Rect(0, 0 - ${w}, ${h}) mDisplayRotation=ROTATION_${rot} mWindowingMode=fullscreen${o.windowingModeOfDisplay === false ? '' : ' mDisplayWindowingMode=fullscreen'} mActivityType=${o.activityType ?? 'standard'} mAlwaysOnTop=undefined mRotation=ROTATION_${rot}}`;
  return `{${Number.isInteger(f.fontScale) ? f.fontScale.toFixed(1) : String(f.fontScale)} 310mcc260mnc ${localeList(f.locale)} ldltr sw${sw}dp w${appW}dp h${appH}dp ${f.density}dpi ${sizeClass(longDp, shortDp)}${isLong ? ' long' : ''} ${land ? 'land' : 'port'}${f.dark ? ' night' : ''} finger -keyb/v/h -nav/h ${win} s.${o.seq ?? 3} fontWeightAdjustment=0}`;
}
