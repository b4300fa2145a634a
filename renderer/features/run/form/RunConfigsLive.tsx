import { useEffect, useState } from 'react';
import type { TouchstoneClient } from '../../../api/client';
import type { RunConfigReport } from '../../../../shared/contract/run';
import type { LiveRunState } from '../run-store';

const pct = (r: number | null): string => (r === null ? '–' : `${Math.round(r * 100)}%`);

/** A run with device configurations: the configuration of each running and finished episode, then the per-factor breakdown. */
export function RunConfigsLive({ run, client }: { run: LiveRunState; client: TouchstoneClient }) {
  const [report, setReport] = useState<RunConfigReport | null>(null);
  const configured = run.episodes.some((e) => e.config) || run.steps.some((s) => s.config);
  const ended = run.status !== 'running';
  useEffect(() => {
    setReport(null);
    if (!ended || !configured) return;
    let live = true;
    client.call('run:configReport', { jobId: run.jobId }).then((r) => { if (live) setReport(r); }, () => undefined);
    return () => { live = false; };
  }, [client, run.jobId, ended, configured]);
  if (!configured) return null;
  const runningConfig = (device: string) => run.steps.findLast((s) => s.device === device && s.episode === run.running[device])?.config;
  return (
    <section className="run-usage run-configs" aria-label="Device configurations of the run">
      <table aria-label="Episodes by configuration">
        <thead><tr><th>configuration</th><th>episode</th><th>device</th><th>outcome</th><th>verdict</th><th>restored</th></tr></thead>
        <tbody>
          {Object.entries(run.running).map(([d, ep]) => (
            <tr key={`run/${d}`} data-config={runningConfig(d) ?? ''} data-episode={ep} data-state="running"><td>{runningConfig(d) ?? '…'}</td><td className="mono">{ep}</td><td className="mono">{d}</td><td>running</td><td /><td /></tr>
          ))}
          {run.episodes.map((e) => (
            <tr key={e.trace} data-config={e.config ?? ''} data-episode={e.episode} data-state="ended" data-completed={e.completed === undefined ? '' : String(e.completed)}>
              <td>{e.config ?? '(none)'}</td><td className="mono">{e.episode}</td><td className="mono">{e.device}</td><td>{e.outcome}</td>
              <td>{e.completed === undefined ? '' : e.completed ? 'completed' : 'not completed'}</td><td>{e.configRestored === undefined ? '' : e.configRestored ? 'yes' : 'NO'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {report && (
        <details open className="config-report" aria-label="Per-factor breakdown" data-not-restored={report.notRestored}>
          <summary>Per-factor breakdown · <span className="mono">{report.mdPath}</span> · <span className="mono">{report.jsonPath}</span></summary>
          <table aria-label="Success per configuration">
            <thead><tr><th>configuration</th><th>episodes</th><th>evaluated</th><th>completed</th><th>rate</th></tr></thead>
            <tbody>
              {Object.entries(report.configs).map(([name, c]) => (
                <tr key={name} data-config={name} data-completed={c.completed} data-episodes={c.episodes}><td>{name}{c.split ? ` (${c.split})` : ''}</td><td>{c.episodes}</td><td>{c.evaluated}</td><td>{c.completed}</td><td>{pct(c.rate)}</td></tr>
              ))}
            </tbody>
          </table>
          {report.notRestored > 0 && <p role="alert">{report.notRestored} episode(s) left settings not restored: see episode.json deviceConfig.restored.</p>}
          <pre className="run-attach">{report.md}</pre>
        </details>
      )}
    </section>
  );
}
