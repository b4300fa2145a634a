import path from 'node:path';
import type { ConfinedFiles } from '../../platform/confined-read';
import type { RunEnd } from '../../../shared/evaluation/claims';
import { parseSettingsList, SETTINGS_NAMESPACES, type SettingsSnapshot } from '../../../shared/evaluation/side-effects';
import { parseInstalledApps } from '../datasets/execution-trace';

/**
 * Where Touchstone's runner keeps what it recorded around an episode, beside the LlamaTouch files:
 * `episode.json` (how it ended), the installed apps at the start (the end's list is upstream's
 * `installed_apps/installed_apps.txt`) and `settings list` snapshots at the start and end.
 */
export const RUN_FILES = {
  episode: 'episode.json',
  installedAtStart: path.join('installed_apps', 'installed_apps_start.txt'),
  settings: (when: 'start' | 'end', ns: (typeof SETTINGS_NAMESPACES)[number]): string => path.join('settings', `${when}_${ns}.txt`),
} as const;

/** What a trace folder's run files say (all optional: other recorders write none of them). */
export interface RunFacts {
  end?: RunEnd;
  installedBefore?: string[];
  settingsBefore?: SettingsSnapshot;
  settingsAfter?: SettingsSnapshot;
  /** Run files that exist but cannot be read or parsed, each naming the file. */
  problems: string[];
}

function snapshot(dir: string, when: 'start' | 'end', files: ConfinedFiles, problems: string[]): SettingsSnapshot | undefined {
  const out: SettingsSnapshot = {};
  for (const ns of SETTINGS_NAMESPACES) {
    const f = path.join(dir, RUN_FILES.settings(when, ns));
    try {
      const t = files.text(f);
      if (t !== undefined) out[ns] = parseSettingsList(t);
    } catch (err) { problems.push((err as Error).message); }
  }
  return Object.keys(out).length ? out : undefined;
}

/** Reads the run files of a trace folder through the confined reader; never throws. */
export function readRunFacts(dir: string, files: ConfinedFiles): RunFacts {
  const problems: string[] = [];
  const facts: RunFacts = { problems };
  // One listing of the folder instead of a look per file: this runs for every episode evaluated,
  // and traces of other recorders hold none of these files.
  let names: Set<string>;
  try {
    names = new Set(files.list(dir));
  } catch (err) {
    problems.push((err as Error).message);
    return facts;
  }
  const ep = path.join(dir, RUN_FILES.episode);
  try {
    const t = names.has(RUN_FILES.episode) ? files.text(ep) : undefined;
    if (t !== undefined) {
      const r = JSON.parse(t) as { outcome?: unknown; agentVerdict?: unknown };
      facts.end = { outcome: typeof r.outcome === 'string' ? r.outcome : undefined, agentVerdict: typeof r.agentVerdict === 'string' ? r.agentVerdict : undefined };
    }
  } catch (err) { problems.push(`${ep}: ${(err as Error).message}; the agent's claim is read from the trace's last action only.`); }
  const start = path.join(dir, RUN_FILES.installedAtStart);
  try {
    const t = names.has(path.dirname(RUN_FILES.installedAtStart)) ? files.text(start) : undefined;
    if (t !== undefined) facts.installedBefore = parseInstalledApps(t);
  } catch (err) { problems.push((err as Error).message); }
  if (!names.has('settings')) return facts;
  facts.settingsBefore = snapshot(dir, 'start', files, problems);
  facts.settingsAfter = snapshot(dir, 'end', files, problems);
  return facts;
}
