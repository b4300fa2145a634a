import path from 'node:path';
import type { ExecAction } from '../../../shared/model';
import { formatProblem } from '../../../shared/model';
import { parseExecAction } from '../../../shared/formats/exec-action';
import type { TraceInput } from '../../../shared/evaluation/types';
import { lazyStep } from './lazy-step';
import { INSTALLED_APPS_FILE, parseInstalledApps } from '../datasets/execution-trace';
import { ConfinedFiles, type Confinement } from '../../platform/confined-read';

/** The folder holding `screenshot/`, `xml/`... for a LlamaTouch execution trace, or undefined. */
export function capturedDataDir(dir: string, files: ConfinedFiles = ConfinedFiles.of(undefined, dir)): string | undefined {
  for (const d of [path.join(dir, 'captured_data'), dir]) {
    if (['screenshot', 'xml', 'action', 'view_hierarchy'].some((s) => files.exists(path.join(d, s)))) return d;
  }
  return undefined;
}

/**
 * File names of a sub-folder (empty when absent), listed once per trace instead of one stat per file.
 * A folder that cannot be listed (a link out of the opened folders) is the trace's problem.
 */
function listing(dir: string, files: ConfinedFiles, problems: string[]): Set<string> {
  try {
    return new Set(files.list(dir));
  } catch (err) {
    problems.push((err as Error).message);
    return new Set();
  }
}

function maxIndex(names: Set<string>): number {
  let max = -1;
  for (const f of names) {
    const m = /^(\d+)\./.exec(f);
    if (m) max = Math.max(max, Number(m[1]));
  }
  return max;
}

/**
 * Reads a LlamaTouch execution trace (`captured_data/{screenshot,xml,view_hierarchy,activity,action}/i.*`
 * plus `installed_apps/installed_apps.txt`). Steps run from 0 to the highest index seen in any folder;
 * files (actions included) are read lazily, and a missing file is reported by the check that needs it.
 * Same layout as electron/core/datasets' readExecutionTrace, but synchronous and lazy: on a loaded
 * 2-core machine that reader cost 2-9 ms per trace against 0.4-0.9 ms here, which decides the
 * evaluator's throughput. Also reads the flat layout (upstream AutoDroid: `<episode>/screenshot/...`).
 * Every file goes through the confined reader (`confine`: the opened roots; default the trace folder).
 * `prefer: 'xml'` reads as upstream's loader did (legacy mode): the XML only, steps counted by the
 * screenshot folder's entries.
 */
export async function readCapturedData(episode: string, traceDir: string, prefer: 'json' | 'xml' = 'json', confine?: Confinement | ConfinedFiles): Promise<TraceInput> {
  const files = ConfinedFiles.of(confine, traceDir);
  // A trace folder that is itself a link out of the roots fails here, naming it (the episode's error).
  files.realDir(traceDir);
  const root = capturedDataDir(traceDir, files) ?? traceDir;
  const problems: string[] = [];
  const unreadable: string[] = [];
  const bad = (sentence: string): void => { if (!unreadable.includes(sentence)) unreadable.push(sentence); };
  const ls = Object.fromEntries(['screenshot', 'xml', 'view_hierarchy', 'activity', 'action'].map((d) => [d, listing(path.join(root, d), files, problems)])) as Record<string, Set<string>>;
  // Upstream (legacy, prefer 'xml') counts steps by the screenshot folder's entries; otherwise every
  // step any folder records is read, and a missing file is that check's problem.
  const n = prefer === 'xml' ? ls.screenshot!.size : Math.max(...Object.values(ls).map(maxIndex)) + 1;
  if (n === 0) problems.push(`${root}: no steps found (expected screenshot/0.png, xml/0.xml, action/0.action ...).`);
  const steps = Array.from({ length: n }, (_, i) => {
    const actionFile = path.join(root, 'action', `${i}.action`);
    // Read on first use; a damaged action file is reported in the trace's problems then.
    const action = (): ExecAction => {
      if (!ls.action!.has(`${i}.action`)) return { kind: 'none' };
      let text: string | undefined;
      try {
        text = files.text(actionFile);
      } catch (err) {
        bad((err as Error).message);
        return { kind: 'none' };
      }
      if (text === undefined) return { kind: 'none' };
      const r = parseExecAction(text, actionFile);
      if (r.ok) return r.value;
      problems.push(...r.problems.map(formatProblem));
      return { kind: 'none' };
    };
    const shot = ['png', 'jpg', 'jpeg'].map((e) => `${i}.${e}`).find((f) => ls.screenshot!.has(f)) ?? `${i}.png`;
    const xml = path.join(root, 'xml', `${i}.xml`);
    const vh = path.join(root, 'view_hierarchy', `${i}.json`);
    return lazyStep({
      index: i,
      action,
      // The DroidBot JSON holds the same nodes, attributes and xpaths as the XML (checked on trace_18)
      // and parses ~3x faster, so fixed mode reads it first (the XML when it is absent). Legacy reads
      // the XML only, as upstream's lxml load did: without it that load raised and the episode failed.
      // Absent files stay in the list so a failing check names them.
      hierarchies: prefer === 'json' ? [vh, xml] : [xml],
      screenshot: path.join(root, 'screenshot', shot),
      activityFile: path.join(root, 'activity', `${i}.activity`),
    }, files, bad);
  });
  // The installed-apps listing is read on first use: only install items ask for it.
  let apps: { file?: string; list?: string[] } | undefined;
  const installed = (): { file?: string; list?: string[] } => {
    if (apps) return apps;
    const file = [path.join(traceDir, INSTALLED_APPS_FILE), path.join(root, INSTALLED_APPS_FILE)].find((f) => files.exists(f));
    let text: string | undefined;
    try {
      text = file ? files.text(file) : undefined;
    } catch (err) {
      bad((err as Error).message);
    }
    return (apps = { file, list: text !== undefined ? parseInstalledApps(text) : undefined });
  };
  return {
    episode,
    steps,
    get installedApps() { return installed().list; },
    get installedAppsFile() { return installed().file ?? path.join(traceDir, INSTALLED_APPS_FILE); },
    problems,
    unreadable,
  };
}

