import { useMemo, type ReactNode } from 'react';
import type { EvalOverview } from '../../../shared/contract/evaluation';
import { agentChartSvg, completionBy, overviewMetrics } from '../../../shared/evaluation/overview-metrics';
import { MethodTable } from './MethodTable';
import { PairedTests } from './PairedTests';
import { ClaimsTable } from './ClaimsTable';

const pct = (v: number | undefined): string => (v === undefined ? '–' : `${(v * 100).toFixed(1)}%`);

/**
 * The figures of the overview, recomputed from it on every change (a new human label shows at
 * once): the completion chart, the method comparison laid out like the LlamaTouch paper (per agent,
 * a row per method: accuracy, precision, recall, F1 against the human labels, false accepts and
 * false rejects apart), the confusion matrix of the selected agent, completion by category and difficulty.
 */
export function SummaryPanel({ overview, agent, children }: { overview: EvalOverview; agent: string | undefined; children?: ReactNode }) {
  const svg = useMemo(() => agentChartSvg(overview), [overview]);
  const focus = agent ?? overview.agents[0]!;
  const conf = overviewMetrics(overview, focus, 'essential').confusion;
  return (
    <aside className="ev-summary">
      {children}
      <div className="chart" dangerouslySetInnerHTML={{ __html: svg }} />
      <MethodTable overview={overview} />
      <PairedTests overview={overview} agent={focus} />
      <ClaimsTable overview={overview} />
      <table className="ev-confusion" data-agent={focus}>
        <caption>{focus}: essential (fixed) vs human</caption>
        <tbody>
          <tr><th /><th>human ✓</th><th>human ✗</th></tr>
          <tr><th>evaluator ✓</th><td data-cm="tp">{conf?.tp ?? '–'}</td><td data-cm="fp">{conf?.fp ?? '–'}</td></tr>
          <tr><th>evaluator ✗</th><td data-cm="fn">{conf?.fn ?? '–'}</td><td data-cm="tn">{conf?.tn ?? '–'}</td></tr>
        </tbody>
      </table>
      {(['category', 'difficulty'] as const).map((by) => (
        <table key={by} className="ev-groups">
          <caption>Completion (essential, fixed) by {by}</caption>
          <tbody>
            <tr><th>{by}</th>{overview.agents.map((a) => <th key={a}>{a}</th>)}</tr>
            {completionBy(overview, 'essential', by).map((g) => (
              <tr key={g.group}><td>{g.group}</td>{overview.agents.map((a) => (
                <td key={a} title={`${a}: n=${g.rates[a]!.n}`}>{g.rates[a]!.n ? <><span className="bar"><span style={{ width: `${g.rates[a]!.rate * 100}%` }} /></span>{pct(g.rates[a]!.rate)} <small className="ci">n={g.rates[a]!.n}</small></> : '–'}</td>
              ))}</tr>
            ))}
          </tbody>
        </table>
      ))}
    </aside>
  );
}
