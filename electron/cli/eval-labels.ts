import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { HUMAN_LABELS_FILE, parseHumanLabels, type HumanLabel } from '../../shared/formats/human-labels';
import { bindLabels, type LabelBinding } from '../../shared/evaluation/label-binding';
import { formatProblem } from '../../shared/model';

/** The agent a traces folder is of: its name, or its parent's for a `r<N>` repeat folder (then the repeat). */
export function agentOfTraces(traces: string): { agent: string; repeat?: number; agentDir: string } {
  const dir = resolve(traces);
  const m = /^r(\d+)$/.exec(basename(dir));
  return m ? { agent: basename(dirname(dir)) || 'agent', repeat: Number(m[1]), agentDir: dirname(dir) } : { agent: basename(dir) || 'agent', agentDir: dir };
}

/** The labels of one `touchstone eval` run: the file given, else `human_labels.csv` beside the traces (none when absent). */
export interface CliLabels { file: string; rows: HumanLabel[]; agent: string; repeat?: number; sitsWith?: string; given: boolean }

/** Reads `--human FILE`, or finds HUMAN_LABELS_FILE in the traces folder (or its agent folder). Throws a message naming the file. */
export function readCliLabels(traces: string, human: string | undefined, warn: (w: string) => void): CliLabels | undefined {
  const who = agentOfTraces(traces);
  const file = human ?? [join(resolve(traces), HUMAN_LABELS_FILE), join(who.agentDir, HUMAN_LABELS_FILE)].find((f) => existsSync(f));
  if (!file) return undefined;
  let text: string;
  try { text = readFileSync(file, 'utf8'); } catch (err) { throw new Error(`cannot read human labels ${file}: ${(err as Error).message}`, { cause: err }); }
  const r = parseHumanLabels(text, file);
  if (!r.ok) throw new Error(r.problems.map(formatProblem).join('\n'));
  for (const w of r.warnings) warn(formatProblem(w));
  // A file in a sibling of the agent's folder sits with another agent's traces.
  const fileDir = resolve(dirname(file));
  const rel = relative(who.agentDir, fileDir);
  const outside = rel.startsWith('..') && relative(resolve(traces), fileDir).startsWith('..');
  const sitsWith = outside && dirname(fileDir) === dirname(who.agentDir) ? basename(fileDir) : undefined;
  return { file, rows: r.value, agent: who.agent, ...(who.repeat !== undefined ? { repeat: who.repeat } : {}), ...(sitsWith ? { sitsWith } : {}), given: human !== undefined };
}

/** Binds the labels to the run's agent; `episodes` are those it has traces of (empty before the run: labels only). */
export function bindCliLabels(l: CliLabels, episodes: ReadonlySet<string>): LabelBinding {
  return bindLabels(l.rows, { file: l.file, agent: l.agent, episodes, ...(l.repeat !== undefined ? { repeat: l.repeat } : {}), ...(l.sitsWith ? { sitsWith: l.sitsWith } : {}) });
}
