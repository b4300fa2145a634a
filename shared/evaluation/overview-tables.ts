import type { EvalMethodKey } from '../contract/evaluation';
import { summarise, type MethodName } from './metrics';
import { overviewRows, type OverviewData } from './overview-metrics';
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
    const cells = new Map(o.cells.filter((c) => c.agent === agent).map((c) => [c.episode, c]));
    const methods = TABLE_METHODS.filter((m) => [...cells.values()].some((c) => c.verdicts[m] !== undefined));
    if (!cells.size || !methods.length) continue;
    // The view's metrics rows (essential verdicts, labels, claims), with the other methods' verdicts beside.
    const rows = overviewRows(o, agent, 'essential');
    for (const r of rows) {
      const v = cells.get(r.episode)!.verdicts;
      for (const m of methods) if (m !== 'essential' && v[m] !== undefined) r.completed[m] = v[m];
    }
    parts.push(paperTables(summarise(rows, methods, { countInterrupted: o.countInterrupted ?? false }), methods, agent, f));
  }
  return parts.join('\n');
}
