import { memo, startTransition, useEffect, useMemo, useState } from 'react';
import type { RunEpisodeSummary } from '../../../shared/contract/run';
import { useRunStore, type LiveRunState } from './run-store';
import { RunTile } from './RunTile';
import { RunAttach, RunUsage } from './RunUsage';
import { StepLog } from './StepLog';
import { CanaryPanel } from './CanaryPanel';

const verdict = (c: boolean | undefined): string => (c === undefined ? '' : c ? 'completed' : 'not completed');

/** A configuration's name, marked when the device could not be put back afterwards. */
const configCell = (e: RunEpisodeSummary): string => (e.config === undefined ? '' : `${e.config}${e.configRestored === false ? ' (not restored)' : ''}`);

/** The run's finished episodes; a configuration column when the run used device configurations (B-MoCA), none otherwise. */
const EpisodeTable = memo(function EpisodeTable({ episodes }: { episodes: RunEpisodeSummary[] }) {
  const configs = useMemo(() => episodes.some((e) => e.config !== undefined), [episodes]);
  if (!episodes.length) return null;
  return (
    <table className="run-episodes" aria-label="Finished episodes" data-config-column={configs}>
      <thead><tr><th>episode</th>{configs && <th>configuration</th>}<th>agent</th><th>device</th><th>outcome</th><th>steps</th><th>verdict</th></tr></thead>
      <tbody>
        {episodes.map((e) => (
          <tr key={`${e.trace}`} data-trace={e.trace} data-steps={e.steps} data-episode={e.episode} data-outcome={e.outcome} data-completed={e.completed === undefined ? '' : String(e.completed)} data-config={e.config} title={e.reason}>
            <td className="mono">{e.episode}</td>{configs && <td className="ep-config" data-restored={e.configRestored === undefined ? undefined : String(e.configRestored)}>{configCell(e)}</td>}
            <td>{e.agent} r{e.repeat}</td><td className="mono ep-device">{e.device}</td>
            <td className="ep-outcome">{e.outcome === 'cancelled' ? 'cancelled (steps kept, incomplete)' : e.outcome === 'interrupted' && e.reason ? `interrupted: ${e.reason}` : e.outcome}</td><td>{e.steps}</td><td>{verdict(e.completed)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
});

/** The devices a run has shown, in a stable order (a new array only when the set changes). */
function useDevices(run: LiveRunState): string[] {
  const key = [...new Set([...Object.keys(run.last), ...Object.keys(run.running), ...run.episodes.map((e) => e.device)])].sort().join('\n');
  return useMemo(() => (key ? key.split('\n') : []), [key]);
}

/**
 * The store's live run, rendered as a transition: React renders it in slices and lets a key or
 * click in between (a store hook would render it in one block, delaying the input behind it).
 */
function useTransitionRun(): LiveRunState | null {
  const [run, setRun] = useState(() => useRunStore.getState().run);
  useEffect(() => {
    setRun(useRunStore.getState().run);
    return useRunStore.subscribe((s, old) => {
      if (s.run === old.run) return;
      // A new run or a status change shows at once; steps and episodes as a transition.
      if (!old.run || !s.run || s.run.status !== old.run.status || s.run.jobId !== old.run.jobId) setRun(s.run);
      else startTransition(() => setRun(s.run));
    });
  }, []);
  return run;
}

/**
 * The live run: progress, one tile per device, the episodes as they end, the step log with timings.
 * It follows the store itself, so a step re-renders this section (once per animation frame at
 * most), never the whole view; each tile re-renders only when its own device moved.
 */
export const LiveRun = memo(function LiveRun({ onCancel, onCancelEpisode, onEvaluate }: { onCancel(): void; onCancelEpisode(device: string): void; onEvaluate(): void }) {
  const run = useTransitionRun();
  if (!run) return null;
  return <LiveRunBody run={run} onCancel={onCancel} onCancelEpisode={onCancelEpisode} onEvaluate={onEvaluate} />;
});

function LiveRunBody({ run, onCancel, onCancelEpisode, onEvaluate }: { run: LiveRunState; onCancel(): void; onCancelEpisode(device: string): void; onEvaluate(): void }) {
  const devices = useDevices(run);
  const outcomes = useMemo(() => {
    const o: Record<string, RunEpisodeSummary> = {};
    for (const e of run.episodes) o[e.device] = e;
    return o;
  }, [run.episodes]);
  const pct = run.total ? Math.round((run.done / run.total) * 100) : 0;
  const running = run.status === 'running';
  return (
    <section className="live-run" aria-label="Live run" data-run-status={run.status} data-episodes-done={run.episodes.length}>
      <header className="run-section-head">
        <h2>Run</h2>
        <div className="run-progress" role="progressbar" aria-valuemin={0} aria-valuemax={run.total} aria-valuenow={run.done} aria-label="Episodes done">
          <span style={{ width: `${pct}%` }} />
        </div>
        <span className="muted">{run.done}/{run.total || '?'} episodes · {run.status}</span>
        {run.out && <span className="muted mono" data-run-out-live title="Output folder, relative to the dataset">→ {run.out}</span>}
        {running && <button type="button" className="btn btn-small" data-action="cancel-run" onClick={onCancel}>Cancel run</button>}
        {!running && run.episodes.length > 0 && <button type="button" className="btn btn-small btn-primary" data-action="open-evaluation" onClick={onEvaluate}>Open in evaluation</button>}
      </header>
      {run.error && <div className="error-box" role="alert">{run.error}</div>}
      {run.canary && <CanaryPanel canary={run.canary} />}
      <RunAttach run={run} /><RunUsage run={run} />
      <div className="run-tiles">
        {devices.map((d) => (
          <RunTile key={d} device={d} last={run.last[d]} episode={run.running[d]} outcome={outcomes[d]?.outcome} reason={outcomes[d]?.reason} ended={!running} onCancel={running ? onCancelEpisode : undefined} />
        ))}
      </div>
      <EpisodeTable episodes={run.episodes} />
      <StepLog steps={run.steps} />
    </section>
  );
}
