import path from 'node:path';
import { ConfinedFiles } from '../../platform/confined-read';
import { detectLayout } from './trace-layouts';

/** One agent's traces of one repeat: what `touchstone eval` evaluates and reports as one part. */
export interface TraceSet {
  /** The agent's name: its folder under the run's output (`config/agent` under `--configs`), or the folder's own name. */
  agent: string;
  /** The repeat (`r<N>` folder) when the set comes from a `touchstone run --out` folder. */
  repeat?: number;
  dir: string;
}

const REPEAT = /^r(\d+)$/;
/** `<out>/<config>/<agent>/r<N>`: the deepest a repeat folder sits under the folder `touchstone run --out` wrote. */
const MAX_DEPTH = 3;

function folders(dir: string, files: ConfinedFiles): string[] {
  try {
    return files.entries(dir).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  } catch {
    return [];
  }
}

/** True when `dir` holds at least one trace folder (a repeat folder of the runner holds one per episode). */
function holdsTraces(dir: string, files: ConfinedFiles): boolean {
  return folders(dir, files).some((n) => n !== 'captured_data' && detectLayout(path.join(dir, n), files) !== undefined);
}

/**
 * Splits a traces folder into the sets `touchstone eval` reports apart. The runner writes
 * `<out>/<agent>/r<N>/<episode>/` (`<out>/<config>/<agent>/...` under `--configs`): given `<out>`,
 * every agent and repeat is a set of its own (the same episode in two repeats is two verdicts, never
 * one hiding the other); given `<out>/<agent>`, each of its repeats. Any other folder is one set, as
 * before (a trace, a folder of traces, AppAgent's index).
 */
export function traceSets(root: string): TraceSet[] {
  const files = ConfinedFiles.of(undefined, root);
  const whole: TraceSet[] = [{ agent: path.basename(path.resolve(root)) || 'agent', dir: root }];
  if (!files.isDir(root) || detectLayout(root, files) || REPEAT.test(path.basename(path.resolve(root)))) return whole;
  const found: TraceSet[] = [];
  const walk = (dir: string, rel: string[], depth: number): void => {
    for (const name of folders(dir, files)) {
      if (name === 'captured_data') continue;
      const d = path.join(dir, name);
      const m = REPEAT.exec(name);
      if (m && holdsTraces(d, files)) {
        found.push({ agent: rel.length ? rel.join('/') : whole[0]!.agent, repeat: Number(m[1]), dir: d });
      } else if (depth > 1 && !detectLayout(d, files)) {
        walk(d, [...rel, name], depth - 1);
      }
    }
  };
  walk(root, [], MAX_DEPTH);
  // A folder of traces that happens to hold an `r1` folder too stays one set: only a runner's layout is split.
  if (!found.length || holdsTraces(root, files)) return whole;
  return found.sort((a, b) => (a.agent < b.agent ? -1 : a.agent > b.agent ? 1 : (a.repeat ?? 0) - (b.repeat ?? 0)));
}

/** A set's label in reports: the agent, with its repeat when the agent has several. */
export function setLabel(s: TraceSet, sets: readonly TraceSet[]): string {
  const repeats = sets.filter((x) => x.agent === s.agent).length;
  return repeats > 1 && s.repeat !== undefined ? `${s.agent} r${s.repeat}` : s.agent;
}

const WHAT_TO_PASS = 'pass the folder `touchstone run --out` wrote, one agent\'s folder in it, or a folder of <episode>/captured_data/ (or DroidBot) traces';

/** One sentence saying what a folder that holds no agent trace holds instead, and what to pass. */
export async function describeNonTraces(dir: string): Promise<string> {
  const files = ConfinedFiles.of(undefined, dir);
  if (!files.isDir(dir)) return `${dir} does not exist or is not a folder: ${WHAT_TO_PASS}.`;
  const { openDataset } = await import('../datasets/open-dataset');
  const ds = await openDataset(dir);
  if (ds.episodes.length) return `${dir} is a dataset (${ds.episodes.length} episode folder(s) with ground-truth screens), not agent traces: give it as --dataset and ${WHAT_TO_PASS} as --traces.`;
  let entries: { name: string; dir: boolean }[] = [];
  try { entries = files.entries(dir).map((d) => ({ name: d.name, dir: d.isDirectory() })); } catch { /* unreadable: counted as empty */ }
  const subs = entries.filter((e) => e.dir).map((e) => e.name).sort();
  const nfiles = entries.length - subs.length;
  if (!entries.length) return `${dir} is empty: ${WHAT_TO_PASS}.`;
  const named = subs.length ? ` (${subs.slice(0, 3).join(', ')}${subs.length > 3 ? ', ...' : ''})` : '';
  return `${dir} holds ${subs.length} folder(s)${named} and ${nfiles} file(s) but no agent trace (no <episode>/captured_data/, DroidBot output or <agent>/r<N>/<episode>/ as touchstone run writes): ${WHAT_TO_PASS}.`;
}
