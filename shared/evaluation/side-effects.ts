import type { EssItem } from '../model';
import { resolvePackage } from './match-simple';
import { parseActivityName } from './activity-name';

/**
 * Side effects of an episode that the task did not ask for, found in what the run recorded: packages
 * installed or removed (the installed-app lists at the start and end) and device settings changed
 * outside the task's app (`settings list system|secure|global` at the start and end, Touchstone's
 * runner). Warnings beside the verdict; they never change it. README.md, "Side effects".
 */

/** The settings namespaces the runner snapshots. */
export const SETTINGS_NAMESPACES = ['system', 'secure', 'global'] as const;
export type SettingsSnapshot = Partial<Record<(typeof SETTINGS_NAMESPACES)[number], Record<string, string>>>;

/**
 * Keys that change without anyone asking: the runner's own keyboard switch for non-ASCII text
 * (perform-action.ts sets and restores the input method), boot and clock bookkeeping.
 */
export const VOLATILE_SETTINGS: ReadonlySet<string> = new Set([
  'secure/default_input_method', 'secure/enabled_input_methods', 'secure/selected_input_method_subtype', 'secure/input_methods_subtype_history',
  'global/boot_count', 'system/next_alarm_formatted', 'global/device_provisioning_mobile_data', 'global/ntp_timestamp',
]);

/** The package that owns settings: changing settings is the task itself when this is the task's app. */
const SETTINGS_APP = 'com.android.settings';

/** `settings list <ns>` output (`key=value` per line) as a table; lines without `=` are skipped. */
export function parseSettingsList(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const l = line.replace(/\r$/, '');
    const eq = l.indexOf('=');
    if (eq > 0) out[l.slice(0, eq)] = l.slice(eq + 1);
  }
  return out;
}

/** What an episode's run recorded, for side effects. */
export interface SideEffectInput {
  installedBefore?: readonly string[];
  installedAfter?: readonly string[];
  settingsBefore?: SettingsSnapshot;
  settingsAfter?: SettingsSnapshot;
  /** Every item of the task's annotation (install checks name packages the task asks for). */
  items: readonly EssItem[];
  /** The ground truth's recorded activities (their packages are the task's apps). */
  activities: readonly (string | undefined)[];
  appPackages: Record<string, string>;
}

const list = (xs: readonly string[], max = 5): string => (xs.length > max ? `${xs.slice(0, max).join(', ')} and ${xs.length - max} more` : xs.join(', '));

/** One sentence per kind of side effect found; empty when none (or nothing was recorded to compare). */
export function sideEffectWarnings(i: SideEffectInput): string[] {
  const out: string[] = [];
  if (i.installedBefore && i.installedAfter) {
    const asked = new Set(i.items.flatMap((it) => (it.kind === 'installed' || it.kind === 'uninstalled' ? [resolvePackage(it.app, i.appPackages)?.toLowerCase()] : [])).filter((p): p is string => !!p));
    const before = new Set(i.installedBefore.map((p) => p.toLowerCase()));
    const after = new Set(i.installedAfter.map((p) => p.toLowerCase()));
    const added = [...after].filter((p) => !before.has(p) && !asked.has(p)).sort();
    const removed = [...before].filter((p) => !after.has(p) && !asked.has(p)).sort();
    if (added.length) out.push(`Side effect: ${added.length} package(s) installed that the task did not ask for: ${list(added)}.`);
    if (removed.length) out.push(`Side effect: ${removed.length} package(s) removed that the task did not ask for: ${list(removed)}.`);
  }
  const taskApps = new Set(i.activities.map((a) => (a ? parseActivityName(a)?.pkg : undefined)).filter((p): p is string => !!p));
  if (i.settingsBefore && i.settingsAfter && !taskApps.has(SETTINGS_APP)) {
    const changed: string[] = [];
    for (const ns of SETTINGS_NAMESPACES) {
      const b = i.settingsBefore[ns];
      const a = i.settingsAfter[ns];
      if (!b || !a) continue;
      for (const k of [...new Set([...Object.keys(b), ...Object.keys(a)])].sort()) {
        if (b[k] === a[k] || VOLATILE_SETTINGS.has(`${ns}/${k}`)) continue;
        changed.push(`${ns} ${k}: ${b[k] ?? '(unset)'} -> ${a[k] ?? '(unset)'}`);
      }
    }
    if (changed.length) out.push(`Side effect: ${changed.length} device setting(s) changed outside the task's app${taskApps.size ? ` (${[...taskApps].sort().join(', ')})` : ''}: ${list(changed)}.`);
  }
  return out;
}
