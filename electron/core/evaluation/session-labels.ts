import path from 'node:path';
import type { HumanLabel } from '../../../shared/formats/human-labels';
import { bindLabels, type LabelBinding } from '../../../shared/evaluation/label-binding';
import type { EvalSession } from './eval-session';
import { readLabelRows } from './human-label-file';

/** Warnings of label bindings start with this, so a re-bind replaces them in the overview's list. */
const LABEL_WARNING = /^Labels of /;

const inside = (dir: string, root: string): boolean => {
  const rel = path.relative(root, dir);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** The repeat of an agent's traces: the one `r<N>` folder they all sit in under its root, if any. */
export function repeatOf(root: string, dirs: Iterable<string>): number | undefined {
  const seen = new Set<number>();
  for (const d of dirs) {
    const m = /(?:^|[\\/])r(\d+)(?:[\\/]|$)/.exec(path.relative(root, d));
    if (!m) return undefined;
    seen.add(Number(m[1]));
  }
  return seen.size === 1 ? [...seen][0] : undefined;
}

/** The agent (other than `agent`) whose traces folder holds `file`, when one does and `agent`'s does not. */
export function agentHolding(file: string, agent: string, agents: readonly { name: string; root: string }[]): string | undefined {
  const dir = path.dirname(file);
  const own = agents.find((a) => a.name === agent);
  if (own && inside(dir, own.root)) return undefined;
  return agents.filter((a) => a.name !== agent && inside(dir, a.root)).sort((x, y) => y.root.length - x.root.length)[0]?.name;
}

/**
 * Binds every agent's labels file of an open evaluation to that agent (bindLabels): rows naming
 * another agent are left out, a two-column file is bound to the agent as given, and what does not
 * fit is warned about in the overview. Run on open and after every label written.
 */
export async function bindSessionLabels(s: EvalSession, readRows: (file: string) => Promise<HumanLabel[]> = async (f) => (await readLabelRows(f)).rows): Promise<Record<string, LabelBinding>> {
  const agents = [...s.agents.values()];
  const rowsOf = new Map<string, Promise<HumanLabel[]>>();
  const out: Record<string, LabelBinding> = {};
  for (const a of agents) {
    if (!rowsOf.has(a.labelFile)) rowsOf.set(a.labelFile, readRows(a.labelFile));
    const rows = await rowsOf.get(a.labelFile)!;
    const repeat = repeatOf(a.root, [...a.traces.values()].map((t) => t.dir));
    const b = bindLabels(rows, {
      file: a.labelFile, agent: a.name, episodes: new Set(a.traces.keys()), ...(repeat !== undefined ? { repeat } : {}),
      sitsWith: agentHolding(a.labelFile, a.name, agents),
      sharedWith: agents.filter((x) => x !== a && x.labelFile === a.labelFile).map((x) => x.name),
    });
    out[a.name] = b;
    a.labels = new Map(Object.entries(b.labels));
    s.overview.human[a.name] = b.labels;
  }
  s.overview.labelBindings = out;
  s.overview.warnings = [...s.overview.warnings.filter((w) => !LABEL_WARNING.test(w)), ...Object.values(out).flatMap((b) => b.warnings)];
  return out;
}
