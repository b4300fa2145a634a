/** The install probe's two halves that know about packages: the packages at a task's start offline, and its advice. */
import type { AuditItem } from '../../../shared/contract/audit';
import type { ResetSpec } from '../runner/run-tasks';

/** `pm uninstall [-k] [--user N] <package>` in a setup command: the packages a reset removes. */
const UNINSTALL = /\bpm\s+uninstall\s+(?:(?:-k|--user\s+\S+)\s+)*([\w.]+)/g;

/**
 * The packages at a task's start offline: `worldPackages` (its replay world's: the apps its screens
 * show, and the recording's installed-apps list where it has one; a replay world installs and
 * removes nothing), less those the task's reset removes with `pm uninstall`, as the runner's reset
 * on a device would.
 */
export function packagesAfterReset(worldPackages: readonly string[], reset: ResetSpec): string[] {
  const removed = new Set((reset.shell ?? []).flatMap((cmd) => [...cmd.matchAll(UNINSTALL)].map((m) => m[1]!)));
  return worldPackages.filter((p) => !removed.has(p));
}

/**
 * What to do about an install check a no-op passes: the package is already there (or already gone)
 * at the task's start, so the check proves nothing the agent did. The reset must change it, or the
 * annotation must check the step that installs (`stronger`: the item the other probes suggest).
 */
export function installSuggestion(items: readonly AuditItem[], stronger: string): string {
  const checks = items.filter((i) => /^(check_install|installed|install|check_uninstall|uninstalled|uninstall)</.test(i.item));
  const apps = checks.map((i) => /<(.*)>$/.exec(i.item)?.[1] ?? i.item);
  const removes = checks.some((i) => /uninstall/.test(i.item));
  const reset = removes
    ? `install ${apps.join(', ')} in the task's reset (it is absent at the start, so ${checks.map((i) => i.item).join(', ')} holds with no action)`
    : `remove ${apps.join(', ')} in the task's reset (reset.shell "pm uninstall <package>" in touchstone-tasks.json: it is installed at the start, so ${checks.map((i) => i.item).join(', ')} holds with no action)`;
  return `${reset}, or ${stronger}`;
}
