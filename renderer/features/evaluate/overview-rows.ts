import type { EvalCell, EvalOverview, EvalTask } from '../../../shared/contract/evaluation';
import { claimMismatch } from '../../../shared/evaluation/overview-metrics';

/** One overview row: a task and its cell per agent (absent when the agent has no trace for it). */
export interface OverviewRow {
  task: EvalTask;
  cells: Record<string, EvalCell | undefined>;
}

export interface OverviewFilter {
  query: string;
  /** Only rows where some agent's essential verdict disagrees with its human label. */
  disagreements: boolean;
  /** Only rows where some agent failed (essential, fixed). */
  failures: boolean;
  /** Only rows with a task x agent in the "needs a human" queue (judge or hybrid). */
  queue: boolean;
  /** Only rows where some agent's claim and essential verdict disagree this way (overview-metrics.ts claimMismatch). */
  claims?: '' | 'false-completion' | 'missed-completion';
  category: string;
  difficulty: string;
  app: string;
}

export type SortKey = 'task' | 'category' | 'difficulty' | 'progress' | 'failures';
export interface OverviewSort { key: SortKey; desc: boolean }

export const NO_FILTER: OverviewFilter = { query: '', disagreements: false, failures: false, queue: false, category: '', difficulty: '', app: '' };

/** Key of one task x agent in the queue set. */
export const cellKey = (agent: string, episode: string): string => `${agent}\u0000${episode}`;

/** The rows of an overview (tasks without any agent's trace are left out). */
export function buildRows(o: Pick<EvalOverview, 'tasks' | 'cells'>): OverviewRow[] {
  const byTask = new Map<string, Record<string, EvalCell>>();
  for (const c of o.cells) {
    let m = byTask.get(c.episode);
    if (!m) byTask.set(c.episode, (m = {}));
    m[c.agent] = c;
  }
  return o.tasks.filter((t) => byTask.has(t.episode)).map((t) => ({ task: t, cells: byTask.get(t.episode)! }));
}

const meanProgress = (r: OverviewRow): number => {
  const ps = Object.values(r.cells).map((c) => c?.progress ?? 0);
  return ps.length ? ps.reduce((a, b) => a + b, 0) / ps.length : 0;
};
const failures = (r: OverviewRow): number => Object.values(r.cells).filter((c) => c?.verdicts.essential === false).length;

/** Filters, searches (episode, description, app, category, reason) and sorts the rows. */
export function filterRows(rows: readonly OverviewRow[], human: EvalOverview['human'], f: OverviewFilter, sort: OverviewSort, queued: ReadonlySet<string> = new Set()): OverviewRow[] {
  const q = f.query.trim().toLowerCase();
  const out = rows.filter((r) => {
    const t = r.task;
    if (f.category && t.category !== f.category) return false;
    if (f.difficulty && t.difficulty !== f.difficulty) return false;
    if (f.app && t.app !== f.app) return false;
    const cells = Object.values(r.cells).filter((c): c is EvalCell => !!c);
    if (f.failures && !cells.some((c) => c.verdicts.essential === false)) return false;
    if (f.queue && !cells.some((c) => queued.has(cellKey(c.agent, c.episode)))) return false;
    if (f.claims && !cells.some((c) => claimMismatch(c) === f.claims)) return false;
    if (f.disagreements && !cells.some((c) => {
      const h = human[c.agent]?.[c.episode];
      return h !== undefined && c.verdicts.essential !== undefined && h !== c.verdicts.essential;
    })) return false;
    if (!q) return true;
    return [t.episode, t.description, t.app, t.category, ...cells.map((c) => c.reason ?? c.error ?? '')].some((s) => s.toLowerCase().includes(q));
  });
  const by: Record<SortKey, (a: OverviewRow, b: OverviewRow) => number> = {
    task: () => 0,
    category: (a, b) => a.task.category.localeCompare(b.task.category),
    difficulty: (a, b) => a.task.nsteps - b.task.nsteps,
    progress: (a, b) => meanProgress(a) - meanProgress(b),
    failures: (a, b) => failures(a) - failures(b),
  };
  // Stable: ties keep the index order; descending flips the comparison only.
  const idx = new Map(rows.map((r, i) => [r, i]));
  return out.sort((a, b) => (sort.desc ? -1 : 1) * by[sort.key](a, b) || idx.get(a)! - idx.get(b)!);
}

/** The distinct values of a task field, sorted (for the filter menus). */
export function valuesOf(rows: readonly OverviewRow[], key: 'category' | 'difficulty' | 'app'): string[] {
  return [...new Set(rows.map((r) => r.task[key]))].sort();
}
