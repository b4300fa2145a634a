import type { EvalOverview } from '../../../shared/contract/evaluation';
import { EVAL_METHOD_KEYS, type EvalMethodKey } from '../../../shared/contract/evaluation-methods';
import { methodStats, nSentence } from '../../../shared/evaluation/method-stats';
import { METHOD_LABELS } from '../../../shared/evaluation/overview-metrics';
import type { Rate } from '../../../shared/evaluation/stats/wilson';

/** Short method names: the table must fit beside the overview at 1280 px. */
const SHORT: Record<EvalMethodKey, string> = { essential: 'Ess. fixed', legacy: 'Ess. legacy', stepwise: 'Step-wise', lcs: 'LCS' };
const pc = (v: number): string => `${(v * 100).toFixed(1)}%`;
const whole = (v: number): string => String(Math.round(v * 100));

/** A rate over its 95 % interval and n: "62.5%" over "41–80". Empty (n = 0) is "–", never "0.0%". */
function RateCell({ r, metric }: { r: Rate; metric: string }) {
  if (r.rate === undefined) return <td data-metric={metric} data-n={0} className="na">–</td>;
  return (
    <td data-metric={metric} data-n={r.n} data-low={r.low} data-high={r.high} title={`${r.k} of ${r.n}: ${pc(r.rate)}, 95% Wilson interval ${pc(r.low!)}–${pc(r.high!)}`}>
      {pc(r.rate)}<small className="ci">{whole(r.low!)}–{whole(r.high!)}</small>
    </td>
  );
}

/**
 * The method comparison laid out like the LlamaTouch paper: per agent a row per method with its n,
 * the completion rate and, against the human labels, accuracy, precision and recall, each with its
 * 95 % Wilson interval, F1, false accepts, false rejects and the leniency FA / (FA + FR).
 */
export function MethodTable({ overview }: { overview: EvalOverview }) {
  return (
    <table className="ev-methods" data-testid="method-table">
      <thead>
        <tr>
          <th>Method</th><th title="episodes with a verdict (labelled ones in brackets)">n</th><th title="task completion rate, 95% interval below">TCR</th>
          <th>Acc</th><th>P</th><th>R</th><th>F1</th>
          <th title="false accepts: completed by the method, not by the human">FA</th><th title="false rejects: not completed by the method, completed by the human">FR</th>
          <th title="leniency FA / (FA + FR): 1 = every error accepts a failed run, 0 = every error rejects a completed one">Len</th>
        </tr>
      </thead>
      {overview.agents.map((a) => (
        <tbody key={a} data-agent-group={a}>
          <tr className="agent-row"><th colSpan={10} data-agent-head={a}>{a}</th></tr>
          {EVAL_METHOD_KEYS.map((m) => {
            const x = methodStats(overview, a, m);
            return (
              <tr key={m} data-agent={a} data-method={m}>
                <td title={METHOD_LABELS[m]}>{SHORT[m]}</td>
                <td data-metric="n" title={nSentence(x)} data-interrupted={x.apart?.interrupted ?? 0} data-step-limit={x.apart?.stepLimit ?? 0}>{x.n}{x.labelled ? <small className="ci">{x.labelled} lab.</small> : null}</td>
                <RateCell r={x.tcr} metric="tcr" /><RateCell r={x.accuracy} metric="accuracy" /><RateCell r={x.precision} metric="precision" /><RateCell r={x.recall} metric="recall" />
                <td data-metric="f1">{x.f1 === undefined ? '–' : x.f1.toFixed(2)}</td>
                <td data-metric="fa">{x.fa ?? '–'}</td><td data-metric="fr">{x.fr ?? '–'}</td>
                <td data-metric="leniency">{x.leniency === undefined ? '–' : x.leniency.toFixed(2)}</td>
              </tr>
            );
          })}
        </tbody>
      ))}
    </table>
  );
}
