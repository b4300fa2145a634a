import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AuditReport } from '../../../shared/contract/audit';
import { CallError } from '../../api/client';
import { followJob, newJobId } from '../../api/jobs';
import { useAppStore } from '../../store';
import { messageOf } from '../../store/types';

type Status = 'idle' | 'loading' | 'ready' | 'cancelled' | 'error';

/**
 * The annotation audit of the open dataset (`dataset:audit`, as `touchstone audit`): run as a job with
 * progress and Cancel; lists each task a no-op, random, cut or shortcut trace passes, the items that
 * let it pass and a stronger item; a task's name opens it.
 */
export function AuditPanel() {
  const s = useAppStore(useShallow((st) => ({ client: st.client, dataset: st.dataset, selectTask: st.selectTask })));
  const [status, setStatus] = useState<Status>('idle');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [report, setReport] = useState<AuditReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const job = useRef<string | null>(null);
  useEffect(() => () => { if (job.current) void s.client.call('job:cancel', { jobId: job.current }).catch(() => undefined); }, [s.client]);

  async function run(): Promise<void> {
    if (!s.dataset || status === 'loading') return;
    const jobId = newJobId('audit');
    job.current = jobId;
    setStatus('loading'); setProgress(null); setReport(null); setError(null);
    const off = followJob(s.client, jobId, (p) => setProgress({ done: p.done, total: p.total }));
    try {
      setReport(await s.client.call('dataset:audit', { datasetId: s.dataset.id, jobId }));
      setStatus('ready');
    } catch (err) {
      if (err instanceof CallError && err.code === 'cancelled') setStatus('cancelled');
      else { setStatus('error'); setError(messageOf(err)); }
    } finally {
      off();
      job.current = null;
    }
  }

  const cancel = (): void => { if (job.current) void s.client.call('job:cancel', { jobId: job.current }).catch((err: unknown) => setError(messageOf(err))); };
  const flagged = report?.tasks.filter((t) => t.passes.length || t.error) ?? [];
  const pct = progress && progress.total ? (100 * progress.done) / progress.total : null;

  return (
    <section className="audit-panel" aria-label="Annotation audit" data-audit-state={status} data-audit-weak={report ? report.weak.length : undefined}>
      <header className="check-head">
        <h2>Annotation audit</h2>
        {status === 'loading' && (
          <div className="open-progress compact" data-audit-progress={progress ? `${progress.done}/${progress.total}` : '0/0'}>
            <div className="progress" role="progressbar" aria-label="Auditing the annotations" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct === null ? undefined : Math.round(pct)}>
              <div className={`progress-bar${pct === null ? ' indeterminate' : ''}`} style={pct === null ? undefined : { width: `${pct}%` }} />
              <span>{progress ? `Auditing tasks ${progress.done}/${progress.total}` : 'Reading the dataset…'}</span>
            </div>
            <button className="btn btn-small" type="button" onClick={cancel}>Cancel</button>
          </div>
        )}
        {status === 'cancelled' && <span className="muted">Cancelled.</span>}
        {status === 'error' && <span className="topbar-error" role="alert">{error}</span>}
        {report && (
          <span className="check-counts">
            <span><b>{report.tasks.length}</b> audited</span>
            <span className={report.weak.length ? 'count-error' : ''}><b>{report.weak.length}</b> pass a no-op, install, random or shortcut trace</span>
            <span className={report.cut.length ? 'count-warn' : ''}><b>{report.cut.length}</b> pass only a cut recording</span>
          </span>
        )}
        <span className="spacer" />
        {status !== 'loading' && <button className="btn btn-small" type="button" onClick={() => void run()}>{report ? 'Audit again' : 'Audit annotations'}</button>}
      </header>
      {status === 'idle' && <p className="muted check-empty">Runs every annotation against a no-op trace, random traces, its recording cut before each state and an am start shortcut, offline (as touchstone audit).</p>}
      {report && (flagged.length === 0
        ? <p className="muted check-empty">No trace that skips the task passes any annotation.</p>
        : (
          <ul className="check-list">
            {flagged.map((t) => (
              <li key={t.path} data-audit-task={t.episode} data-severity={t.passes.some((p) => p.kind !== 'cut') ? 'error' : 'warning'}>
                <button type="button" title="Show this task" onClick={() => void s.selectTask(t.path)}><b>{t.episode}</b> {t.description}</button>
                {t.error && <div className="muted">{t.error}</div>}
                {t.passes.map((p, k) => (
                  <div key={k} data-audit-pass={p.kind}>
                    passes <b>{p.label}</b> through {p.items.map((i) => `step ${i.step} ${i.item}`).join(', ') || 'no item'}; <i>{p.suggestion}</i>
                  </div>
                ))}
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
