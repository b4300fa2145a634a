import type { EvalMethodKey } from '../contract/evaluation';
import { summarise, type EpisodeRow, type MethodName } from './metrics';
import type { OverviewData } from './overview-metrics';
import { paperTables, type TableFormat } from './paper-tables';

/** The view's verdict columns that are methods of the paper tables (legacy is a mode of the essential states, not a method there). */
const TABLE_METHODS: readonly (EvalMethodKey & MethodName)[] = ['essential', 'stepwise', 'lcs'];

/**
 * The paper tables (`touchstone eval --table`) of an evaluation open in the view: per agent, the
 * method table and the per-group table with n and 95 % Wilson intervals, in Markdown, LaTeX
 * (booktabs) or CSV. The same renderer as the CLI's (paper-tables.ts), over the view's verdicts and
 * labels, so an export from the view and one from `touchstone eval` read the same for the same run.
 */
export function overviewPaperTables(o: OverviewData, f: TableFormat): string {
  const parts: string[] = [];
  for (const agent of o.agents) {
    const labels = o.human[agent] ?? {};
    const tasks = new Map(o.tasks.map((t) => [t.episode, t]));
    const cells = o.cells.filter((c) => c.agent === agent);
    const methods = TABLE_METHODS.filter((m) => cells.some((c) => c.verdicts[m] !== undefined));
    if (!cells.length || !methods.length) continue;
    const rows: EpisodeRow[] = cells.map((c) => {
      const t = tasks.get(c.episode);
      const completed: EpisodeRow['completed'] = {};
      for (const m of methods) if (c.verdicts[m] !== undefined) completed[m] = c.verdicts[m];
      return {
        episode: c.episode, category: t?.category ?? '', nsteps: t?.nsteps ?? 0, human: labels[c.episode], completed, reasons: {},
        ...(c.progress !== undefined ? { progress: c.progress } : {}), ...(c.claim ? { claim: c.claim } : {}),
        ...(c.goalReached !== undefined ? { goalReached: c.goalReached } : {}),
      };
    });
    parts.push(paperTables(summarise(rows, methods, { countInterrupted: o.countInterrupted ?? false }), methods, agent, f));
  }
  return parts.join('\n');
}
