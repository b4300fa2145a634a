/**
 * `touchstone world build <dir>`: merges the traces in dir (execution traces and/or LlamaTouch episodes,
 * directly inside or one folder per task) into the state graph `touchstone device serve --world graph:<dir>`
 * replays, and prints what it holds per task.
 */
import { join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { writeFileAtomic } from '../platform/atomic-write';
import { buildGraph, summarize } from '../virtual-device/world/graph/build-graph';
import { GRAPH_FILE } from '../virtual-device/world/graph/load-graph';
import { defineCommand, parseOrExit } from './args';

/** The command line of `touchstone world build`: parsing and `--help` come from it. */
export const SPEC = defineCommand({
  path: ['world', 'build'],
  positionals: [{ name: 'dir', description: 'a folder of execution traces and/or LlamaTouch episodes (directly inside or one folder per task)' }],
  description: `Builds a multi-path offline world from several recordings of the same task(s): states are activity + the
structure of the hierarchy (dynamic text does not split them), transitions are the recorded actions keyed by
the component they acted on. Writes <dir>/${GRAPH_FILE} (or --out FILE) and prints per task: traces, traces
that declared completion, states, transitions, distinct paths and coverage (states with a recorded way out).
Serve it with: touchstone device serve --world graph:<dir>`,
  options: {
    out: { type: 'string', value: 'FILE', description: `write the graph to FILE instead of <dir>/${GRAPH_FILE}` },
    json: { type: 'boolean', description: 'print the summary as JSON' },
  },
});

export async function run(args: string[]): Promise<number> {
  const p = parseOrExit(SPEC, args);
  if ('exit' in p) return p.exit;
  const { out, json } = p.values;
  const dir = p.positionals[0]!;
  const root = resolve(dir);
  if (!existsSync(root)) { console.error(`touchstone world build: ${dir}: no such folder`); return 1; }
  let graph;
  try {
    graph = buildGraph(root);
  } catch (e) {
    console.error(`touchstone world build: ${(e as Error).message}`);
    return 1;
  }
  const file = out ? resolve(out) : join(root, GRAPH_FILE);
  await writeFileAtomic(file, JSON.stringify({ ...graph, root: '.' }, null, 1) + '\n');
  const summary = summarize(graph);
  if (json) { console.log(JSON.stringify({ file, states: graph.states.length, transitions: graph.transitions.length, tasks: summary }, null, 2)); return 0; }
  console.log(`${file}: ${graph.states.length} states, ${graph.transitions.length} transitions from ${graph.traces.length} traces`);
  console.log(`${'task'.padEnd(24)}${'traces'.padStart(7)}${'complete'.padStart(9)}${'states'.padStart(7)}${'trans.'.padStart(7)}${'paths'.padStart(6)}${'coverage'.padStart(9)}`);
  for (const t of summary) {
    console.log(`${t.task.slice(0, 23).padEnd(24)}${String(t.traces).padStart(7)}${String(t.declaredComplete).padStart(9)}${String(t.states).padStart(7)}${String(t.transitions).padStart(7)}${String(t.paths).padStart(6)}${`${Math.round(t.coverage * 100)}%`.padStart(9)}`);
  }
  return 0;
}
