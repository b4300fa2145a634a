import { useCallback, useEffect, useState } from 'react';
import type { EvalSpec } from '../../../shared/contract/evaluation';
import type { RecentRun } from '../../../shared/contract/run';
import type { TouchstoneClient } from '../../api/client';
import { useRunStore } from './run-store';

/** The last folder of a run's path: what tells two runs apart in one evaluation. */
const label = (out: string): string => out.split('/').filter(Boolean).pop() ?? out;

/**
 * The evaluation of one run (its columns as they are), or of several side by side (each column
 * named after its run too, so two runs of the same agent stay two columns).
 */
export function evalSpecOfRuns(root: string, runs: readonly RecentRun[]): EvalSpec {
  const many = runs.length > 1;
  return {
    dataset: root,
    agents: runs.flatMap((r) => r.columns.map((c) => ({ name: many ? `${c.name} [${label(r.out)}]` : c.name, path: `${root}/${r.out}/${c.path}` }))),
  };
}

/**
 * Finished runs of the dataset (`run:recent`), newest first: one click opens a run in the
 * evaluation; ticking two and "Compare" opens both side by side. Read again when a run ends.
 */
export function RecentRuns({ client, datasetId, root, onEvaluate }: { client: TouchstoneClient; datasetId: string; root: string; onEvaluate(spec: EvalSpec): void }) {
  const ended = useRunStore((s) => (s.run && s.run.status !== 'running' ? `${s.run.jobId}:${s.run.status}` : ''));
  const [runs, setRuns] = useState<RecentRun[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    client.call('run:recent', { datasetId }).then((r) => { if (live) { setRuns(r); setError(null); } }, (e: unknown) => { if (live) setError(e instanceof Error ? e.message : String(e)); });
    return () => { live = false; };
  }, [client, datasetId, ended]);
  const toggle = useCallback((out: string, on: boolean) => setPicked((p) => (on ? [...p.filter((x) => x !== out), out].slice(-2) : p.filter((x) => x !== out))), []);
  if (error) return <section className="recent-runs" aria-label="Recent runs"><div className="error-box" role="alert">{error}</div></section>;
  if (!runs) return null;
  const chosen = picked.map((o) => runs.find((r) => r.out === o)).filter((r): r is RecentRun => !!r);
  return (
    <section className="recent-runs" aria-label="Recent runs" data-runs={runs.length}>
      <header className="run-section-head">
        <h2>Recent runs</h2>
        <button type="button" className="btn btn-small" data-action="compare-runs" disabled={chosen.length !== 2}
          title="Tick two runs to evaluate them side by side" onClick={() => onEvaluate(evalSpecOfRuns(root, chosen))}>
          Compare {chosen.length === 2 ? 'the two ticked' : '(tick two)'}
        </button>
      </header>
      {runs.length === 0 ? <p className="muted">No finished run in this dataset yet: runs go to the output folder the form names.</p> : (
        <table className="run-episodes recent-run-table">
          <thead><tr><th /><th>run folder</th><th>agents</th><th>ended</th><th>episodes</th><th>completed</th><th /></tr></thead>
          <tbody>
            {runs.map((r) => (
              <tr key={r.out} data-run-folder={r.out} data-episodes={r.episodes} data-completed-count={r.completed}>
                <td><input type="checkbox" aria-label={`Compare ${r.out}`} checked={picked.includes(r.out)} onChange={(e) => toggle(r.out, e.target.checked)} /></td>
                <td className="mono">{r.out}</td>
                <td>{r.columns.map((c) => c.name).join(', ')}</td>
                <td className="muted">{new Date(r.endedAt).toLocaleString()}</td>
                <td>{r.episodes}{r.incomplete > 0 && <span className="muted"> ({r.incomplete} unfinished)</span>}{r.quarantined ? <span className="muted"> · {r.quarantined} quarantined</span> : null}</td>
                <td>{r.evaluated ? `${r.completed}/${r.evaluated}` : '–'}</td>
                <td><button type="button" className="btn btn-small" data-action="evaluate-run" onClick={() => onEvaluate(evalSpecOfRuns(root, [r]))}>Evaluate</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
