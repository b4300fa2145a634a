import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import type { Size } from '../../../../shared/model';
import { parseUiautomatorXml } from '../../../../shared/formats/parse-uiautomator-xml';
import { parseExecAction } from '../../../../shared/formats/exec-action';
import { loadRecording, type RecordedAction } from '../replay/load-recording';
import { actionKey, stateId } from './signature';

export interface GraphState { id: string; activity: string; png: string; xml?: string; size: Size; traces: string[] }
export interface GraphTransition { from: string; to: string; key: string; action: RecordedAction; traces: string[] }
export interface GraphTrace { name: string; task: string; states: string[]; keys: (string | null)[]; declaredComplete: boolean }
export interface WorldGraph { version: 1; root: string; start: string; size: Size; states: GraphState[]; transitions: GraphTransition[]; traces: GraphTrace[] }

/** A folder that holds one recording: an execution trace (captured_data/) or a LlamaTouch episode (0.png + eventStructs.txt). */
function isTrace(dir: string): boolean {
  return existsSync(join(dir, 'captured_data')) || existsSync(join(dir, 'screenshot')) || (existsSync(join(dir, '0.png')) && existsSync(join(dir, 'eventStructs.txt')));
}

/** Trace folders under `root` (itself, or up to two levels down: `<task>/<trace>/`). */
export function findTraces(root: string, depth = 2): string[] {
  if (isTrace(root)) return [root];
  if (depth === 0) return [];
  return readdirSync(root).sort().map((f) => join(root, f)).filter((p) => statSync(p).isDirectory()).flatMap((p) => findTraces(p, depth - 1));
}

/** Whether the trace's last action is the agent declaring the task complete (captured_data action files). */
function declaredComplete(dir: string, steps: number): boolean {
  const f = join(dir, 'captured_data', 'action', `${steps - 1}.action`);
  if (!existsSync(f)) return false;
  const a = parseExecAction(readFileSync(f, 'utf8'), f);
  return a.ok && a.value.kind === 'complete';
}

/**
 * Merges recordings of one or more tasks into one state graph. Throws naming the trace and step when a
 * recording cannot be read.
 */
export function buildGraph(root: string): WorldGraph {
  const dirs = findTraces(root);
  if (!dirs.length) throw new Error(`${root}: no traces found (want folders with captured_data/, or LlamaTouch episodes with 0.png and eventStructs.txt)`);
  const states = new Map<string, GraphState>();
  const transitions = new Map<string, GraphTransition>();
  const traces: GraphTrace[] = [];
  for (const dir of dirs) {
    const rec = loadRecording(dir);
    const name = relative(root, dir) || basename(dir);
    const task = name.includes('/') ? name.split('/')[0] : basename(root);
    const ids: string[] = [];
    const keys: (string | null)[] = [];
    rec.steps.forEach((step, i) => {
      const xml = step.xmlFile ? readFileSync(step.xmlFile, 'utf8') : null;
      const vh = xml ? parseUiautomatorXml(xml, step.xmlFile!) : null;
      if (vh && !vh.ok) throw new Error(`${step.xmlFile}: ${vh.problems[0]?.message ?? 'unreadable hierarchy'} (trace ${name}, step ${i})`);
      const tree = vh?.ok ? vh.value : null;
      const id = stateId(step.activity, tree);
      const st = states.get(id) ?? { id, activity: step.activity, png: relative(root, step.png), xml: step.xmlFile ? relative(root, step.xmlFile) : undefined, size: rec.size, traces: [] };
      if (!st.traces.includes(name)) st.traces.push(name);
      states.set(id, st);
      ids.push(id);
      keys.push(actionKey(step.action, tree));
    });
    for (let i = 0; i + 1 < ids.length; i++) {
      const key = keys[i];
      if (!key) continue;
      const tkey = `${ids[i]}\n${key}`;
      const t = transitions.get(tkey) ?? { from: ids[i], to: ids[i + 1], key, action: rec.steps[i].action, traces: [] };
      if (!t.traces.includes(name)) t.traces.push(name);
      transitions.set(tkey, t);
    }
    traces.push({ name, task, states: ids, keys, declaredComplete: declaredComplete(dir, rec.steps.length) });
  }
  const first = traces[0];
  return { version: 1, root, start: first.states[0], size: states.get(first.states[0])!.size, states: [...states.values()], transitions: [...transitions.values()], traces };
}

export interface TaskSummary { task: string; traces: number; declaredComplete: number; states: number; transitions: number; paths: number; coverage: number }

/**
 * Per task: how many traces, states and transitions, distinct action paths, and coverage = the share of the
 * task's states with at least one recorded way out (states only ever seen last are dead ends of the graph).
 */
export function summarize(g: WorldGraph): TaskSummary[] {
  const tasks = [...new Set(g.traces.map((t) => t.task))];
  return tasks.map((task) => {
    const ts = g.traces.filter((t) => t.task === task);
    const names = new Set(ts.map((t) => t.name));
    const states = new Set(ts.flatMap((t) => t.states));
    const trans = g.transitions.filter((t) => t.traces.some((n) => names.has(n)));
    const withExit = new Set(trans.map((t) => t.from));
    const paths = new Set(ts.map((t) => t.keys.filter(Boolean).join(' > ')));
    return { task, traces: ts.length, declaredComplete: ts.filter((t) => t.declaredComplete).length, states: states.size, transitions: trans.length, paths: paths.size, coverage: states.size ? withExit.size / states.size : 0 };
  });
}
