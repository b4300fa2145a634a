import type { EvalOverview } from '../../../shared/contract/evaluation';

/**
 * Which labels file each agent uses and how it was bound (its own rows, or a two-column file as
 * given), the annotators' agreement and disagreements, and, in an alert, every label warning: labels
 * that do not fit the agent are never silent numbers.
 */
export function LabelsPanel({ overview }: { overview: EvalOverview }) {
  const bindings = overview.labelBindings ?? {};
  const warnings = Object.values(bindings).flatMap((b) => b.warnings);
  return (
    <div className="ev-labels" data-testid="labels-panel">
      {warnings.length > 0 && <div className="ev-label-warnings" role="alert" data-label-warnings={warnings.length}>{warnings.map((w, i) => <p key={i}>⚠ {w}</p>)}</div>}
      <details>
        <summary>Human labels: {overview.agents.map((a) => `${a} ${Object.keys(overview.human[a] ?? {}).length}`).join(' · ')}</summary>
        <ul>
          {overview.agents.map((a) => {
            const b = bindings[a];
            const ag = b?.agreement;
            return (
              <li key={a} data-label-agent={a} data-label-file={overview.humanFiles[a] ?? ''} data-label-format={b?.format ?? ''}>
                <b>{a}</b>: <span className="mono">{overview.humanFiles[a] ?? '(none)'}</span>{b ? ` — ${b.binding}` : ''}
                {ag && <> · {ag.annotators.length} annotators on {ag.subjects} episode(s){ag.cohen !== undefined ? `, Cohen's κ ${ag.cohen.toFixed(2)}` : ''}{ag.fleiss !== undefined ? `, Fleiss' κ ${ag.fleiss.toFixed(2)}` : ''}</>}
                {b && b.disagreements.length > 0 && <> · disagreements: {b.disagreements.map((d) => <span key={d.episode} className="mono" data-disagreement={d.episode} title={Object.entries(d.votes).map(([n, v]) => `${n}: ${v ? '✓' : '✗'}`).join(', ')}> {d.episode}</span>)}</>}
              </li>
            );
          })}
        </ul>
      </details>
    </div>
  );
}
