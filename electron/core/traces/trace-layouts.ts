import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { TraceInput } from '../../../shared/evaluation/types';
import { capturedDataDir, readCapturedData } from './read-captured-data';
import { isDroidbotOutput, readDroidbotOutput } from './read-droidbot-output';

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
export function detectLayout(dir: string): TraceLayout | undefined {
  if (capturedDataDir(dir)) return 'llamatouch';
  if (isDroidbotOutput(dir)) return 'droidbot';
  return undefined;
}

function subdirs(dir: string): string[] {
  try {
    // Symlinked trace folders are common when collecting runs from several places: follow them.
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory() || (d.isSymbolicLink() && statSync(path.join(dir, d.name), { throwIfNoEntry: false })?.isDirectory()))
      .map((d) => d.name).sort();
  } catch {
    return [];
  }
}

/**
 * AppAgent's upstream adapter layout: `<cat>/appagent_trace.csv` with columns `episode_id` and
 * `trace_folder_path`; each trace is `<cat>/<basename(trace_folder_path)>/<episode>/captured_data`.
 */
function readAppAgentIndex(dir: string): TraceRef[] {
  const csv = path.join(dir, 'appagent_trace.csv');
  const lines = readFileSync(csv, 'utf8').replace(/^\uFEFF/, '').split(/\r?\n/).filter((l) => l.trim());
  const head = (lines[0] ?? '').split(',').map((s) => s.trim());
  const ep = head.indexOf('episode_id');
  const tf = head.indexOf('trace_folder_path');
  if (ep < 0 || tf < 0) throw new Error(`${csv}: expected columns episode_id and trace_folder_path, found ${head.join(', ')}.`);
  return lines.slice(1).flatMap((l) => {
    const cells = l.split(',');
    const episode = (cells[ep] ?? '').trim();
    const folder = path.basename((cells[tf] ?? '').trim().replace(/\\/g, '/'));
    const tdir = path.join(dir, folder, episode);
    const layout = detectLayout(tdir);
    return episode && layout ? [{ episode, dir: tdir, layout, via: csv }] : [];
  });
}

/**
 * Finds every trace under `root`, auto-detecting layouts: `root` itself, `<root>/<episode>/`
 * (LlamaTouch captured_data, AutoDroid's `<episode>/` folders, DroidBot output), and AppAgent
 * summary CSVs at `root` or one level down. Later duplicates of an episode are ignored.
 */
export function findTraces(root: string): TraceRef[] {
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new Error(`Traces folder ${root} does not exist or is not a folder.`);
  const out: TraceRef[] = [];
  const seen = new Set<string>();
  const add = (r: TraceRef): void => { if (!seen.has(r.episode)) { seen.add(r.episode); out.push(r); } };
  const own = detectLayout(root);
  if (own) { add({ episode: path.basename(root), dir: root, layout: own, via: 'folder' }); return out; }
  const scan = (dir: string, depth: number): void => {
    if (existsSync(path.join(dir, 'appagent_trace.csv'))) { readAppAgentIndex(dir).forEach(add); return; }
    for (const name of subdirs(dir)) {
      const d = path.join(dir, name);
      const layout = detectLayout(d);
      if (layout) add({ episode: name, dir: d, layout, via: 'folder' });
      else if (depth > 0) scan(d, depth - 1);
    }
  };
  scan(root, 1);
  return out;
}

/** Loads a trace in its layout. */
export async function readTrace(ref: TraceRef, prefer: 'json' | 'xml' = 'json'): Promise<TraceInput> {
  return ref.layout === 'droidbot' ? readDroidbotOutput(ref.episode, ref.dir) : readCapturedData(ref.episode, ref.dir, prefer);
}
