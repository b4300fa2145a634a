import type { EvalOverview } from '../../../shared/contract/evaluation';
import { EVAL_METHOD_KEYS } from '../../../shared/contract/evaluation-methods';
import { METHOD_LABELS, overviewMetrics } from '../../../shared/evaluation/overview-metrics';

/**
 * The agents' claims against each method's verdict: false completions (the agent claimed complete,
 * the method says not completed) and missed completions (the method says completed, the agent did
 * not claim it). Beside the method table rather than in it, so that table keeps fitting at 1280 px;
 * shown only when the traces tell the claims.
 */
export function ClaimsTable({ overview }: { overview: EvalOverview }) {
  const rows = overview.agents.flatMap((a) => EVAL_METHOD_KEYS.map((m) => ({ a, m, x: overviewMetrics(overview, a, m) })))
    .filter((r) => r.x.falseCompletions !== undefined);
  if (!rows.length) return null;
  return (
    <table className="ev-claims" data-testid="claims-table">
      <caption>Claims vs verdicts</caption>
      <thead><tr><th>Agent</th><th>Method</th>
        <th title="false completions: the agent claimed complete, the method says not completed">FC</th>
        <th title="missed completions: the method says the goal was reached, the agent did not claim complete">MC</th></tr></thead>
      <tbody>
        {rows.map(({ a, m, x }) => (
          <tr key={`${a}-${m}`} data-agent={a} data-method={m}>
            <th>{a}</th><td>{METHOD_LABELS[m]}</td>
            <td data-metric="false-completions">{x.falseCompletions}</td><td data-metric="missed-completions">{x.missedCompletions}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
