import type { LiveRunState } from './run-store';
import { RunTile } from './RunTile';
import { RunAttach, RunUsage } from './RunUsage';

const verdict = (c: boolean | undefined): string => (c === undefined ? '' : c ? 'completed' : 'not completed');

/** The live run: progress, one tile per device, the episodes as they end, the step log with timings. */
export function LiveRun({ run, onCancel, onCancelEpisode, onEvaluate }: { run: LiveRunState; onCancel(): void; onCancelEpisode(device: string): void; onEvaluate(): void }) {
  const devices = [...new Set([...run.steps.map((s) => s.device), ...Object.keys(run.running), ...run.episodes.map((e) => e.device)])].sort();
  const lastOf = (d: string) => run.steps.findLast((s) => s.device === d);
  const pct = run.total ? Math.round((run.done / run.total) * 100) : 0;
  return (
    <section className="live-run" aria-label="Live run" data-run-status={run.status} data-episodes-done={run.episodes.length}>
      <header className="run-section-head">
        <h2>Run</h2>
        <div className="run-progress" role="progressbar" aria-valuemin={0} aria-valuemax={run.total} aria-valuenow={run.done} aria-label="Episodes done">
          <span style={{ width: `${pct}%` }} />
        </div>
        <span className="muted">{run.done}/{run.total || '?'} episodes · {run.status}</span>
        {run.status === 'running' && <button type="button" className="btn btn-small" data-action="cancel-run" onClick={onCancel}>Cancel run</button>}
        {run.status !== 'running' && run.episodes.length > 0 && <button type="button" className="btn btn-small btn-primary" data-action="open-evaluation" onClick={onEvaluate}>Open in evaluation</button>}
      </header>
      {run.error && <div className="error-box" role="alert">{run.error}</div>}
      <RunAttach run={run} /><RunUsage run={run} />
      <div className="run-tiles">
        {devices.map((d) => (
          <RunTile key={d} device={d} last={lastOf(d)} episode={run.running[d]} outcome={run.episodes.findLast((e) => e.device === d)?.outcome}
            onCancel={run.status === 'running' ? () => onCancelEpisode(d) : undefined} />
        ))}
      </div>
      {run.episodes.length > 0 && (
        <table className="run-episodes" aria-label="Finished episodes">
          <thead><tr><th>episode</th><th>agent</th><th>device</th><th>outcome</th><th>steps</th><th>verdict</th></tr></thead>
          <tbody>
            {run.episodes.map((e) => (
              <tr key={`${e.trace}`} data-trace={e.trace} data-steps={e.steps} data-episode={e.episode} data-outcome={e.outcome} data-completed={e.completed === undefined ? '' : String(e.completed)} title={e.reason}>
                <td className="mono">{e.episode}</td><td>{e.agent} r{e.repeat}</td><td className="mono">{e.device}</td>
                <td>{e.outcome === 'cancelled' ? 'cancelled (steps kept, incomplete)' : e.outcome}</td><td>{e.steps}</td><td>{verdict(e.completed)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ol className="step-log" aria-label="Step log">
        {run.steps.slice(-60).reverse().map((s) => (
          <li key={`${s.device}/${s.episode}/${s.repeat}/${s.step}`} data-device={s.device}>
            <span className="mono">{s.device}</span> <span className="mono">{s.episode}#{s.step}</span> {s.description}
            <span className="muted"> · {Math.round(s.totalMs)} ms (agent {Math.round(s.agentMs)} ms)</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
