import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DemoWorld } from './demo/demo-world';
import { ReplayWorld } from './replay/replay-world';
import type { World } from './types';
import { GraphWorld, type EpisodeReport } from './graph/graph-world';
import { loadGraph } from './graph/load-graph';

/**
 * `demo` -> the demo phone; `graph:<dir>` -> the merged graph of the traces in dir (`onEpisode` hears every
 * move and unexplored action); a folder -> a replay of that recorded episode or trace.
 */
export function createWorld(spec: string, opts: { onEpisode?: (r: EpisodeReport) => void } = {}): World {
  if (spec === 'demo') return new DemoWorld();
  if (spec.startsWith('graph:')) {
    const dir = resolve(spec.slice(6));
    if (!existsSync(dir)) throw new Error(`--world ${spec}: no such folder; give a folder of traces (execution traces or LlamaTouch episodes)`);
    return new GraphWorld(loadGraph(dir), opts.onEpisode);
  }
  const dir = resolve(spec);
  if (!existsSync(dir)) throw new Error(`--world ${spec}: no such folder; use 'demo' or a LlamaTouch episode / execution-trace folder`);
  return ReplayWorld.fromDir(dir);
}
