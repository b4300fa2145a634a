import path from 'node:path';
import { ConfinedFiles } from '../../platform/confined-read';
import type { FolderKind } from '../../../shared/contract/evaluation';
import { openDataset } from '../datasets/open-dataset';
import { detectLayout, findTraces } from '../traces/trace-layouts';

const hasIndex = (dir: string): boolean => {
  try {
    return ConfinedFiles.of(undefined, dir).list(dir).some((n) => n.endsWith('.tsv'));
  } catch {
    return false;
  }
};

/**
 * The trace kind of a folder without scanning it as a dataset: one trace, a folder of traces (a
 * folder with a task index is never taken for traces), or undefined.
 */
export function traceKind(dir: string): Extract<FolderKind, { kind: 'trace' | 'traces' }> | undefined {
  const own = detectLayout(dir);
  if (own) return { kind: 'trace', path: dir, episode: path.basename(dir), layout: own };
  if (hasIndex(dir)) return undefined;
  let traces: ReturnType<typeof findTraces> = [];
  try { traces = findTraces(dir); } catch { /* not readable as traces */ }
  return traces.length ? { kind: 'traces', path: dir, traces: traces.length, layouts: [...new Set(traces.map((t) => t.layout))] } : undefined;
}

/**
 * Says what a folder is. A trace (LlamaTouch `captured_data/`, DroidBot output) or a folder of
 * traces is recognised before any dataset scan, so its `captured_data/screenshot` folders are never
 * taken for episodes; a dataset has a task index or episode folders.
 */
export async function inspectFolder(dir: string): Promise<FolderKind> {
  if (!ConfinedFiles.of(undefined, dir).isDir(dir)) return { kind: 'unknown', path: dir, reason: `${dir} does not exist or is not a folder.` };
  const traces = traceKind(dir);
  if (traces) return traces;
  const ds = await openDataset(dir);
  if (ds.episodes.length) return { kind: 'dataset', path: dir, episodes: ds.episodes.length };
  return { kind: 'unknown', path: dir, reason: `${dir} holds neither a dataset (a task index or episode folders) nor agent traces (captured_data/ or DroidBot output).` };
}
