import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildGraph, findTraces, type WorldGraph } from './build-graph';

/** Where `touchstone world build DIR` writes the graph by default. */
export const GRAPH_FILE = 'touchstone-graph.json';

/**
 * The graph of a folder of traces: its `touchstone-graph.json` when that is newer than every trace folder,
 * else built from the traces now. Paths in the graph are relative to the folder, so it can be moved.
 */
export function loadGraph(dir: string): WorldGraph {
  const root = resolve(dir);
  const file = join(root, GRAPH_FILE);
  if (existsSync(file)) {
    const written = statSync(file).mtimeMs;
    const stale = findTraces(root).some((t) => statSync(t).mtimeMs > written);
    if (!stale) {
      let g: WorldGraph;
      try {
        g = JSON.parse(readFileSync(file, 'utf8')) as WorldGraph;
      } catch (e) {
        throw new Error(`${file}: not a graph file (${(e as Error).message}); delete it or run: touchstone world build ${dir}`);
      }
      if (g.version !== 1 || !Array.isArray(g.states) || !g.states.some((s) => s.id === g.start)) throw new Error(`${file}: not a version 1 graph with its start state; run: touchstone world build ${dir}`);
      return { ...g, root };
    }
  }
  return buildGraph(root);
}
