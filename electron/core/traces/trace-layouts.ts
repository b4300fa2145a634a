import path from 'node:path';
import type { TraceInput } from '../../../shared/evaluation/types';
import { capturedDataDir, readCapturedData } from './read-captured-data';
import { isDroidbotOutput, readDroidbotOutput } from './read-droidbot-output';
import { ConfinedFiles, OutsideRootsError, type Confinement } from '../../platform/confined-read';

/** Supported agent trace layouts. */
export type TraceLayout = 'llamatouch' | 'droidbot';

/** One agent trace found under the traces folder. */
export interface TraceRef {
  episode: string;
  dir: string;
  layout: TraceLayout;
  /** How it was found: a folder name, or an AppAgent summary CSV. */
  via: string;
}

/** Detects the layout of one trace folder; undefined when it is not a trace. */
export function detectLayout(dir: string, files: ConfinedFiles = ConfinedFiles.of(undefined, dir)): TraceLayout | undefined {
  if (capturedDataDir(dir, files)) return 'llamatouch';
  if (isDroidbotOutput(dir, files)) return 'droidbot';
  return undefined;
}

/**
 * Sub-folders of `dir`, sorted. Symlinked trace folders are common when collecting runs from several
 * places: followed inside the opened roots; one leading out of them is kept (`outside`) so that its
 * episode fails with the reason instead of silently missing.
 */
function subdirs(dir: string, files: ConfinedFiles): { name: string; outside?: boolean }[] {
  let entries;
  try {
    entries = files.entries(dir);
  } catch {
    return [];
  }
  return entries.flatMap((d) => {
    if (d.isDirectory()) return [{ name: d.name }];
    if (!d.isSymbolicLink()) return [];
    try {
      return files.stat(path.join(dir, d.name))?.isDirectory() ? [{ name: d.name }] : [];
    } catch (err) {
      return err instanceof OutsideRootsError ? [{ name: d.name, outside: true }] : [];
    }
  }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * AppAgent's upstream adapter layout: `<cat>/appagent_trace.csv` with columns `episode_id` and
 * `trace_folder_path`; each trace is `<cat>/<basename(trace_folder_path)>/<episode>/captured_data`.
 */
function readAppAgentIndex(dir: string, files: ConfinedFiles): TraceRef[] {
  const csv = path.join(dir, 'appagent_trace.csv');
  const lines = (files.text(csv) ?? '').replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim());
  const head = (lines[0] ?? '').split(',').map((s) => s.trim());
  const ep = head.indexOf('episode_id');
  const tf = head.indexOf('trace_folder_path');
  if (ep < 0 || tf < 0) throw new Error(`${csv}: expected columns episode_id and trace_folder_path, found ${head.join(', ')}.`);
  return lines.slice(1).flatMap((l) => {
    const cells = l.split(',');
    const episode = (cells[ep] ?? '').trim();
    const folder = path.basename((cells[tf] ?? '').trim().replace(/\\/g, '/'));
    const tdir = path.join(dir, folder, episode);
    const layout = detectLayout(tdir, files);
    return episode && layout ? [{ episode, dir: tdir, layout, via: csv }] : [];
  });
}

/**
 * Finds every trace under `root`, auto-detecting layouts: `root` itself, `<root>/<episode>/`
 * (LlamaTouch captured_data, AutoDroid's `<episode>/` folders, DroidBot output), and AppAgent
 * summary CSVs at `root` or one level down. Later duplicates of an episode are ignored.
 * Links are followed inside `confine`'s roots (default: `root` alone).
 */
export function findTraces(root: string, confine?: Confinement): TraceRef[] {
  const files = ConfinedFiles.of(confine, root);
  if (!files.isDir(root)) throw new Error(`Traces folder ${root} does not exist or is not a folder.`);
  const out: TraceRef[] = [];
  const seen = new Set<string>();
  const add = (r: TraceRef): void => { if (!seen.has(r.episode)) { seen.add(r.episode); out.push(r); } };
  const own = detectLayout(root, files);
  if (own) { add({ episode: path.basename(root), dir: root, layout: own, via: 'folder' }); return out; }
  const scan = (dir: string, depth: number): void => {
    if (files.exists(path.join(dir, 'appagent_trace.csv'))) { readAppAgentIndex(dir, files).forEach(add); return; }
    for (const { name, outside } of subdirs(dir, files)) {
      const d = path.join(dir, name);
      // Read as a LlamaTouch trace, which then fails naming the link and what to do.
      const layout = outside ? 'llamatouch' : detectLayout(d, files);
      if (layout) add({ episode: name, dir: d, layout, via: 'folder' });
      else if (depth > 0) scan(d, depth - 1);
    }
  };
  scan(root, 1);
  return out;
}

/** Loads a trace in its layout, confined to `confine`'s roots (default: the trace folder). */
export async function readTrace(ref: TraceRef, prefer: 'json' | 'xml' = 'json', confine?: Confinement | ConfinedFiles): Promise<TraceInput> {
  return ref.layout === 'droidbot' ? readDroidbotOutput(ref.episode, ref.dir, confine) : readCapturedData(ref.episode, ref.dir, prefer, confine);
}
