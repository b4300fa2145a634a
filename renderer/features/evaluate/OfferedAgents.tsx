import type { EvalSpec, OfferedTraces, RecentEvaluation } from '../../../shared/contract/evaluation';

/** The dataset's own trace folders (`traces/<agent>`, `runs/<timestamp>/<agent>`) as one-click agent rows. */
export function OfferedAgents({ offered, taken, onAdd }: { offered: OfferedTraces[]; taken: ReadonlySet<string>; onAdd(row: { name: string; path: string }): void }) {
  return (
    <div className="offered-agents" data-testid="offered-agents">
      <span className="muted">Traces kept with this dataset:</span>
      {offered.map((o) => (
        <button key={o.path} type="button" className="btn btn-small" data-offered-agent={o.name} data-path={o.path} disabled={taken.has(o.path)}
          title={`${o.path}: ${o.traces} trace(s)`} onClick={() => onAdd({ name: o.name.replace(/ \(.*\)$/, ''), path: o.path })}>
          + {o.name} <small className="muted">{o.traces}</small>
        </button>
      ))}
    </div>
  );
}

/** Recent evaluations (the core's list), newest first; a click fills the form with one. */
export function RecentEvaluations({ recent, onPick }: { recent: RecentEvaluation[]; onPick(s: EvalSpec): void }) {
  if (!recent.length) return null;
  const base = (p: string): string => p.split(/[\\/]/).filter(Boolean).pop() ?? p;
  return (
    <div className="recent-evaluations" data-testid="recent-evaluations">
      <span className="muted">Recent:</span>
      {recent.map(({ spec: s, openedAt }, i) => (
        <button key={i} type="button" className="btn btn-small" data-recent-dataset={s.dataset} data-opened-at={openedAt}
          title={`${s.dataset}\n${s.agents.map((a) => `${a.name}: ${a.path}`).join('\n')}${s.human ? `\nlabels: ${s.human}` : ''}\nopened ${new Date(openedAt).toLocaleString()}`} onClick={() => onPick(s)}>
          {base(s.dataset)} · {s.agents.map((a) => a.name).join(', ')}
        </button>
      ))}
    </div>
  );
}
