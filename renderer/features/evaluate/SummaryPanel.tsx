import { useMemo, type ReactNode } from 'react';
import type { EvalOverview } from '../../../shared/contract/evaluation';
import { EVAL_METHOD_KEYS } from '../../../shared/contract/evaluation-methods';
import { agentChartSvg, completionBy, METHOD_LABELS, overviewMetrics } from '../../../shared/evaluation/overview-metrics';

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
      <table className="ev-methods" data-testid="method-table">
        <thead><tr><th>Agent</th><th>Method</th><th>TCR</th><th>Acc</th><th>P</th><th>R</th><th>F1</th><th title="false accepts: completed by the method, not by the human">FA</th><th title="false rejects: not completed by the method, completed by the human">FR</th><th title="false completions: the agent claimed complete, the method says not completed">FC</th><th title="missed completions: the method says the goal was reached, the agent did not claim complete">MC</th></tr></thead>
        <tbody>
          {overview.agents.flatMap((a) => EVAL_METHOD_KEYS.map((m, i) => {
            const x = overviewMetrics(overview, a, m);
            return (
              <tr key={`${a}-${m}`} data-agent={a} data-method={m}>
                {i === 0 && <th rowSpan={EVAL_METHOD_KEYS.length}>{a}</th>}
                <td>{METHOD_LABELS[m]}</td><td>{pct(x.tcr)}</td><td data-metric="accuracy">{pct(x.accuracy)}</td><td>{pct(x.precision)}</td><td>{pct(x.recall)}</td><td>{pct(x.f1)}</td>
                <td>{x.confusion?.fp ?? '–'}</td><td>{x.confusion?.fn ?? '–'}</td>
                <td data-metric="false-completions">{x.falseCompletions ?? '–'}</td><td data-metric="missed-completions">{x.missedCompletions ?? '–'}</td>
              </tr>
            );
          }))}
        </tbody>
      </table>
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
                <td key={a} title={`${a}: n=${g.rates[a]!.n}`}><span className="bar"><span style={{ width: `${g.rates[a]!.rate * 100}%` }} /></span>{pct(g.rates[a]!.rate)}</td>
              ))}</tr>
            ))}
          </tbody>
        </table>
      ))}
    </aside>
  );
}
