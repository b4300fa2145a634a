/**
 * Activity names as recorders write them, and when two of them name the same activity.
 *
 * Forms seen in real data:
 * - `pkg/.Cls` and `pkg/pkg.Cls` (dumpsys component, LlamaTouch ground truth);
 * - `.Cls` and `pkg.Cls` without a package (AgentEnv's `app_current()['activity']`, and ground-truth
 *   `.activity` files taken from an mCurrentFocus window such as `com.android.systemui.ImageWallpaper`);
 * - any of those with dumpsys leftovers around them: `ActivityRecord{1f72345 u0 pkg/.Cls t12}`,
 *   a trailing `}`, `}]` or `}:`, a task suffix ` t12`, `mCurrentFocus=Window{... u0 pkg/.Cls}`.
 */

/** A parsed activity name: `cls` is fully qualified when the package is known or the name is full. */
export interface ActivityName {
  /** The package before `/`, when the name had one. */
  pkg?: string;
  /** `pkg.Cls` for `pkg/.Cls`; as written (`.Cls` or `a.b.Cls`) otherwise. */
  cls: string;
  /** What was read, trimmed. */
  raw: string;
}

const COMPONENT = /^([A-Za-z_][\w]*(?:\.[\w]+)*)\/(\.?[A-Za-z_$][\w$]*(?:\.[\w$]+)*)$/;
const CLASS = /^\.?[A-Za-z_$][\w$]*(?:\.[\w$]+)*$/;
/** dumpsys tokens that are never the activity: record ids, user ids, task ids, record kinds. */
const NOISE = /^(?:[0-9a-f]{5,}|u\d+|t\d+|#\d+|ActivityRecord|Window|Token|AppWindowToken)$/;

/** Parses an activity as any recorder writes it; undefined when nothing looks like an activity. */
export function parseActivityName(text: string): ActivityName | undefined {
  const raw = text.trim();
  const tokens = raw.replace(/\b\w+=/g, ' ').split(/[\s{}[\],:]+/).filter((t) => t && !NOISE.test(t));
  for (const t of tokens) {
    const m = COMPONENT.exec(t);
    if (m) {
      const pkg = m[1]!;
      return { pkg, cls: m[2]!.startsWith('.') ? pkg + m[2]! : m[2]!, raw };
    }
  }
  // Without a package: prefer a dotted class name; a bare window title (`NotificationShade`) is the last resort.
  const cls = tokens.find((t) => CLASS.test(t) && t.includes('.')) ?? tokens.findLast((t) => CLASS.test(t));
  return cls ? { cls, raw } : undefined;
}

/** Canonical text of a parsed name: `pkg/pkg.Cls`, or the class alone when there is no package. */
export function formatActivityName(a: ActivityName): string {
  return a.pkg ? `${a.pkg}/${a.cls}` : a.cls;
}

/** The class of `a` resolved with `pkg` when `a` is a package-less short name (`.Cls`). */
function resolve(a: ActivityName, pkg: string | undefined): string {
  return a.cls.startsWith('.') && pkg ? pkg + a.cls : a.cls;
}

/**
 * Whether two activity names denote the same activity. Both with a package: packages and classes
 * equal. One without: its class, resolved with the other's package when short, equals the other's
 * class. Neither with a package: equal classes, or a short `.Cls` that ends the other's full name.
 */
export function sameActivity(a: ActivityName, b: ActivityName): boolean {
  if (a.pkg && b.pkg) return a.pkg === b.pkg && a.cls === b.cls;
  const pkg = a.pkg ?? b.pkg;
  const ca = resolve(a, pkg);
  const cb = resolve(b, pkg);
  if (ca === cb) return true;
  if (pkg) return false;
  if (ca.startsWith('.') !== cb.startsWith('.')) return ca.startsWith('.') ? cb.endsWith(ca) : ca.endsWith(cb);
  return false;
}

/**
 * Upstream LlamaTouch's rule (Evaluator @ 4335369, task_trace.py `_extract_activity_from_file` and
 * exact_match.py `check_activity_match`): both files are stripped and every `/.` becomes `.`; an
 * annotated "null" always passes; otherwise the execution text must be a substring of the annotated one.
 */
export function upstreamActivityMatch(gtRaw: string, execRaw: string): boolean {
  const g = gtRaw.trim().replaceAll('/.', '.');
  const e = execRaw.trim().replaceAll('/.', '.');
  return g === 'null' || g.includes(e);
}
