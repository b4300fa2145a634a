import path from 'node:path';
import type { FolderKind, OfferedTraces } from '../../../shared/contract/evaluation';
import { ConfinedFiles } from '../../platform/confined-files';
import { traceKind } from './inspect-folder';

/** At most this many folders are offered: a dataset with hundreds of runs must not flood the form. */
const MAX_OFFERED = 24;

/**
 * The agents' trace folders kept with a dataset, for the Evaluate form to offer as one-click agent rows:
 * `traces/<agent>` (what `touchstone demo create` writes) and `runs/<timestamp>/<agent>` (newest first).
 * Only folders that hold traces are offered; an unreadable folder is skipped (it is only an offer).
 */
export function offeredTraces(dataset: string): OfferedTraces[] {
  const files = ConfinedFiles.of(undefined, dataset);
  const dirs = (dir: string): string[] => {
    try {
      return files.isDir(dir) ? files.list(dir).filter((n) => !n.startsWith('.') && files.isDir(path.join(dir, n))).sort() : [];
    } catch {
      return [];
    }
  };
  const out: OfferedTraces[] = [];
  const offer = (name: string, dir: string): void => {
    const k = traceKind(dir);
    if (k && out.length < MAX_OFFERED) out.push({ name, path: dir, traces: k.kind === 'trace' ? 1 : k.traces });
  };
  const traces = path.join(dataset, 'traces');
  for (const a of dirs(traces)) offer(a, path.join(traces, a));
  const runs = path.join(dataset, 'runs');
  for (const ts of dirs(runs).reverse()) for (const a of dirs(path.join(runs, ts))) offer(`${a} (${ts})`, path.join(runs, ts, a));
  return out;
}

/** A folder's kind with, for a dataset, the trace folders kept with it (`offered`). */
export function withOffered(k: FolderKind): FolderKind {
  if (k.kind !== 'dataset') return k;
  const offered = offeredTraces(k.path);
  return offered.length ? { ...k, offered } : k;
}
