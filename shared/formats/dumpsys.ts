/**
 * Parsing of `adb shell dumpsys` and `pm list packages` output, which differs
 * across Android versions and vendors. Input is already-decoded text (the
 * core decodes UTF-16LE captures with decodeText).
 */

const RECORD = String.raw`ActivityRecord\{\S+ u\d+ ([\w.$]+\/[\w.$]+)`;
const SOURCES: Array<[string, RegExp]> = [
  ['topResumedActivity', new RegExp(String.raw`\btopResumedActivity=${RECORD}`)],
  ['mResumedActivity', new RegExp(String.raw`\bmResumedActivity: ${RECORD}`)],
  ['ResumedActivity', new RegExp(String.raw`\bResumedActivity: ${RECORD}`)],
  ['Resumed', new RegExp(String.raw`\bResumed: ${RECORD}`)],
  ['mFocusedApp', new RegExp(String.raw`\bmFocusedApp=(?:AppWindowToken\{\S+ token=Token\{\S+ )?${RECORD}`)],
  ['mCurrentFocus', /\bmCurrentFocus=Window\{\S+ u\d+ ([\w.$]+\/[\w.$]+)\}/],
  // `dumpsys window windows` without a focus line: the topmost application window (type=1).
  ['topAppWindow', /^\s*Window #\d+ Window\{\S+ u\d+ ([\w.$]+\/[\w.$]+) type=1 \}/m],
];

/** The foreground activity found in a dumpsys output, and which line it came from. */
export interface ForegroundActivity {
  /** As printed, e.g. `com.android.settings/.Settings`. */
  component: string;
  packageName: string;
  source: string;
}

/**
 * Foreground activity from `dumpsys activity activities` or `dumpsys window`
 * text (topResumedActivity, mResumedActivity, ResumedActivity, mFocusedApp,
 * mCurrentFocus, else the topmost app window). Null when none is present
 * (e.g. the dumpsys command failed).
 */
export function parseForegroundActivity(text: string): ForegroundActivity | null {
  for (const [source, re] of SOURCES) {
    const m = re.exec(text);
    if (m) return { component: m[1], packageName: m[1].split('/')[0], source };
  }
  return null;
}

/**
 * The title of the focused window in `dumpsys window` (or `dumpsys activity`) text when no activity
 * names the front: `mCurrentFocus=Window{hash u0 com.android.systemui.ImageWallpaper}` gives
 * `com.android.systemui.ImageWallpaper` (a lock screen gives `NotificationShade`). Null when the
 * focus is `null` or absent. Recorders write this title as the step's activity; so does the runner.
 */
export function parseFocusedWindow(text: string): string | null {
  const m = /\bmCurrentFocus=Window\{\S+ u\d+ ([^\r\n]*?)\}\s*$/m.exec(text);
  const title = m?.[1]?.trim();
  return title ? title : null;
}

/** Package names from `pm list packages` output (`package:name`, also with -f paths or -i installers). */
export function parsePackageList(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '').trim();
    if (!line.startsWith('package:')) continue;
    let name = line.slice('package:'.length).split(/\s+/)[0];
    // `pm list packages -f` prints package:/data/app/.../base.apk=com.example
    const eq = name.lastIndexOf('=');
    if (eq >= 0) name = name.slice(eq + 1);
    if (/^[A-Za-z][\w]*(\.[\w]+)*$/.test(name)) out.push(name);
  }
  return out;
}

/**
 * Expands the short activity form: `pkg/.A` becomes `pkg/pkg.A`; full names
 * are returned unchanged. Text without a `/` is returned trimmed.
 */
export function normaliseComponent(component: string): string {
  const s = component.trim();
  const slash = s.indexOf('/');
  if (slash < 0) return s;
  const pkg = s.slice(0, slash);
  const cls = s.slice(slash + 1);
  return cls.startsWith('.') ? `${pkg}/${pkg}${cls}` : s;
}
