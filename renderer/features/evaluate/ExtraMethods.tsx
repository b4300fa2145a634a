import { useMemo } from 'react';
import { EVAL_EXTRA_METHODS, type EvalExtraMethod } from '../../../shared/contract/evaluation-methods';
import type { EvalExtraCell, EvalExtraResult, EvalOverview } from '../../../shared/contract/evaluation';
import type { TouchstoneClient } from '../../api/client';
import { useEvalStore } from './eval-store';
import { EXTRA_LABELS } from './OverviewTable';
import { cellKey } from './overview-rows';

const SHORT: Record<EvalExtraMethod, string> = { judge: 'judge', hybrid: 'hybrid', checkpoints: 'CheckPoints' };
const pct = (v: number | undefined): string => (v === undefined ? '–' : `${(v * 100).toFixed(1)}%`);

/** The extra verdicts by task x agent (cellKey). */
export function useExtraCells(): ReadonlyMap<string, EvalExtraCell> {
  const extra = useEvalStore((s) => s.extra);
  return useMemo(() => new Map((extra?.cells ?? []).map((c) => [cellKey(c.agent, c.episode), c])), [extra]);
}

/** Toolbar switches: the judge, hybrid and CheckPoints columns on or off (each change computes them in the core). */
export function ExtraToggles({ client }: { client: TouchstoneClient }) {
  const { extraOn, extraStatus, setExtra } = useEvalStore();
  const toggle = (m: EvalExtraMethod, on: boolean) => void setExtra(client, EVAL_EXTRA_METHODS.filter((x) => (x === m ? on : extraOn.includes(x))));
  return (
    <span className="ev-extra-toggles" data-extra-state={extraStatus} data-extra-on={extraOn.join(',')}>
      {EVAL_EXTRA_METHODS.map((m) => (
        <label key={m} title={EXTRA_LABELS[m]}><input type="checkbox" data-extra-toggle={m} checked={extraOn.includes(m)} onChange={(e) => toggle(m, e.target.checked)} /> {SHORT[m]}</label>
      ))}
      {extraStatus === 'loading' && <span className="muted">computing…</span>}
    </span>
  );
}

/** Why a column is empty, the judge's requests, tokens and cost, and any error. */
export function ExtraNotes() {
  const { extra, extraError, extraOn } = useEvalStore();
  if (extraError) return <div className="error-box" role="alert">{extraError}</div>;
  if (!extra || !extraOn.length) return null;
  const j = extra.judge;
  return (
    <div className="ev-extra-notes">
      {Object.entries(extra.unavailable).map(([m, why]) => <div key={m} className="ev-unavailable" data-unavailable={m}><b>{SHORT[m as EvalExtraMethod]} column empty:</b> {why}</div>)}
      {j && <div className="muted" data-judge-usage>judge {j.models.join(' + ')}: {j.requests} request(s), {j.cached} cached, {j.failed} failed · {j.tokens.prompt + j.tokens.completion} tokens{j.costUsd !== undefined ? ` · $${j.costUsd.toFixed(4)}` : ''}</div>}
      {extra.warnings.length > 0 && <div className="muted">{extra.warnings.slice(0, 3).join(' · ')}</div>}
    </div>
  );
}

/** Per agent and extra method: decided episodes, completion rate, agreement with the human labels, queued for a human. */
export function ExtraSummary({ overview, extra }: { overview: EvalOverview; extra: EvalExtraResult | null }) {
  if (!extra || !extra.methods.length) return null;
  return (
    <table className="ev-methods" data-testid="extra-method-table">
      <caption>More methods vs human labels</caption>
      <thead><tr><th>Agent</th><th>Method</th><th>decided</th><th>TCR</th><th>Acc</th><th>queued</th></tr></thead>
      <tbody>
        {overview.agents.flatMap((a) => extra.methods.map((m) => {
          const cells = extra.cells.filter((c) => c.agent === a).map((c) => [c.episode, c[m]] as const);
          const decided = cells.filter(([, v]) => v?.completed !== undefined);
          const labelled = decided.filter(([ep]) => overview.human[a]?.[ep] !== undefined);
          const agree = labelled.filter(([ep, v]) => overview.human[a]![ep] === v!.completed).length;
          return (
            <tr key={`${a}-${m}`} data-agent={a} data-method={m}>
              <th>{a}</th><td>{EXTRA_LABELS[m]}</td><td>{decided.length}</td>
              <td>{pct(decided.length ? decided.filter(([, v]) => v!.completed).length / decided.length : undefined)}</td>
              <td data-metric="accuracy">{pct(labelled.length ? agree / labelled.length : undefined)}</td>
              <td>{cells.filter(([, v]) => v?.needsHuman).length}</td>
            </tr>
          );
        }))}
      </tbody>
    </table>
  );
}

/** In the replay: each extra method's verdict and reason for this task x agent (the judge's reason in words). */
export function ReplayExtra({ agent, episode }: { agent: string; episode: string }) {
  const { extra, extraOn } = useEvalStore();
  const cell = extra?.cells.find((c) => c.agent === agent && c.episode === episode);
  if (!extra || !extraOn.length) return null;
  return (
    <div className="replay-extra">
      {extra.methods.map((m) => {
        const v = cell?.[m];
        const st = v?.needsHuman ? 'needs a human' : v?.completed === undefined ? 'no verdict' : v.completed ? 'completed' : 'not completed';
        return (
          <p key={m} className={`replay-extra-reason ${v?.completed === true ? 'pass' : v?.completed === false ? 'fail' : ''}`} data-extra-reason={m}>
            <b>{EXTRA_LABELS[m]}: {st}{m === 'checkpoints' && v?.score ? ` (${v.score}, level 1 ${pct(v.level1)}, level 2 ${pct(v.level2)})` : ''}</b> {v?.reason ?? extra.unavailable[m] ?? ''}
          </p>
        );
      })}
    </div>
  );
}
