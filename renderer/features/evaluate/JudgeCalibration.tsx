import { useMemo } from 'react';
import type { EvalExtraResult, EvalOverview } from '../../../shared/contract/evaluation';
import { judgeCalibration, votesOfExtraCells } from '../../../shared/evaluation/judge-calibration';
import type { Rate } from '../../../shared/evaluation/stats/wilson';

const pc = (v: number): string => `${(v * 100).toFixed(1)}%`;
const rate = (r: Rate) => (r.rate === undefined ? '–' : <>{pc(r.rate)}<small className="ci">{Math.round(r.low! * 100)}–{Math.round(r.high! * 100)} n={r.n}</small></>);

/**
 * How each judge (each model, the pair, the hybrid) compares with the human labels: confusion,
 * accuracy with its interval, leniency, the "needs a human" rate, tokens and cost per trajectory.
 */
export function JudgeCalibration({ overview, extra }: { overview: EvalOverview; extra: EvalExtraResult | null }) {
  const rows = useMemo(() => (extra ? judgeCalibration(votesOfExtraCells(extra.cells, overview.human)) : []), [extra, overview.human]);
  if (!rows.length) return null;
  return (
    <table className="ev-methods ev-calibration" data-testid="judge-calibration">
      <caption>Judge calibration vs human labels</caption>
      <thead><tr><th>Judge</th><th>n</th><th title="true accepts / false accepts / false rejects / true rejects">TP/FA/FR/TN</th><th>Acc</th><th>Len</th><th>human</th><th title="tokens and cost per trajectory">tok · $</th></tr></thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.judge} data-judge={r.judge}>
            <td style={{ whiteSpace: 'normal' }}>{r.judge}</td><td>{r.trajectories}</td>
            <td data-metric="confusion">{r.confusion.tp}/{r.confusion.fp}/{r.confusion.fn}/{r.confusion.tn}</td>
            <td data-metric="accuracy">{rate(r.accuracy)}</td><td data-metric="leniency">{r.leniency === undefined ? '–' : r.leniency.toFixed(2)}</td>
            <td data-metric="needs-human">{rate(r.needsHuman)}</td>
            <td>{r.tokensPerTrajectory === undefined ? '–' : Math.round(r.tokensPerTrajectory)}{r.costPerTrajectory !== undefined ? <small className="ci">${r.costPerTrajectory.toFixed(5)}</small> : null}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
