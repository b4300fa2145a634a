import { useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Problem } from '../../../shared/model';
import { useAppStore } from '../../store';
import { stepOfFile, taskOfFile } from '../../store/problem-location';
import { AuditPanel } from '../audit/AuditPanel';

type Filter = 'all' | 'error' | 'warning';
// Enough to read through; the CLI (`touchstone dataset check`) prints the rest.
const MAX_ROWS = 2000;

/** The "Check dataset" job: progress with Cancel, the counts, and every problem; clicking one jumps to its task and step. */
export function CheckPanel() {
  const s = useAppStore(useShallow((st) => ({
    status: st.checkStatus, progress: st.checkProgress, report: st.checkReport, error: st.checkError, tasks: st.dataset?.tasks ?? [],
    taskPath: st.taskPath, step: st.step, run: st.runCheck, cancel: st.cancelCheck, setOpen: st.setCheckOpen, go: st.goToProblem,
  })));
  const [filter, setFilter] = useState<Filter>('all');
  const problems = useMemo(() => (s.report?.problems ?? []).filter((p) => filter === 'all' || p.severity === filter), [s.report, filter]);
  const pct = s.progress && s.progress.total ? (100 * s.progress.done) / s.progress.total : null;
  const c = s.report?.counts;

  return (
    <section className="check-panel" aria-label="Dataset check" data-check-state={s.status} data-problem-count={s.report ? s.report.problems.length : undefined}>
      <header className="check-head">
        <h2>Dataset check</h2>
        {s.status === 'loading' && (
          <div className="open-progress compact" data-check-progress={s.progress ? `${s.progress.done}/${s.progress.total}` : '0/0'}>
            <div className="progress" role="progressbar" aria-label="Checking the dataset" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct === null ? undefined : Math.round(pct)}>
              <div className={`progress-bar${pct === null ? ' indeterminate' : ''}`} style={pct === null ? undefined : { width: `${pct}%` }} />
              <span>{s.progress ? `Checking episodes ${s.progress.done}/${s.progress.total}` : 'Reading the index…'}</span>
            </div>
            <button className="btn btn-small" type="button" onClick={() => void s.cancel()}>Cancel</button>
          </div>
        )}
        {s.status === 'cancelled' && <span className="muted">Cancelled; nothing was checked to the end.</span>}
        {s.status === 'error' && <span className="topbar-error" role="alert">{s.error}</span>}
        {c && (
          <span className="check-counts">
            <span><b>{c.episodes}</b> {plural(c.episodes, 'episode')}</span><span><b>{c.steps}</b> {plural(c.steps, 'step')}</span><span><b>{c.annotatedSteps}</b> annotated</span>
            <span className={c.errors ? 'count-error' : ''}><b>{c.errors}</b> {plural(c.errors, 'error')}</span><span className={c.warnings ? 'count-warn' : ''}><b>{c.warnings}</b> {plural(c.warnings, 'warning')}</span>
          </span>
        )}
        <span className="spacer" />
        {s.report && (
          <span className="overlay-toggles" role="group" aria-label="Show">
            {(['all', 'error', 'warning'] as const).map((f) => (
              <button key={f} type="button" className={`toggle${filter === f ? ' on' : ''}`} aria-pressed={filter === f} onClick={() => setFilter(f)}>{f === 'all' ? 'All' : `${f[0].toUpperCase()}${f.slice(1)}s`}</button>
            ))}
          </span>
        )}
        {s.status !== 'loading' && <button className="btn btn-small" type="button" onClick={() => void s.run()}>Run again</button>}
        <button className="btn btn-small" type="button" aria-label="Close the check" onClick={() => s.setOpen(false)}>Close</button>
      </header>
      {s.report && (problems.length === 0
        ? <p className="muted check-empty">{s.report.problems.length ? 'Nothing of this kind.' : 'No problems found.'}</p>
        : (
          <ul className="check-list">
            {problems.slice(0, MAX_ROWS).map((p, i) => <ProblemRow key={i} p={p} here={isHere(p, s.tasks, s.taskPath, s.step)} canGo={taskOfFile(s.tasks, p.file) !== null} onGo={() => void s.go(p.file, p.step)} />)}
            {problems.length > MAX_ROWS && <li className="muted">… and {problems.length - MAX_ROWS} more (run `touchstone dataset check` for all).</li>}
          </ul>
        ))}
      <AuditPanel />
    </section>
  );
}

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}

function isHere(p: Problem, tasks: Parameters<typeof taskOfFile>[0], taskPath: string | null, step: number): boolean {
  const t = taskOfFile(tasks, p.file);
  const st = stepOfFile(p.file, p.step);
  return !!t && t.path === taskPath && (st === undefined || st === step);
}

function ProblemRow({ p, here, canGo, onGo }: { p: Problem; here: boolean; canGo: boolean; onGo(): void }) {
  const where = `${p.file}${p.line !== undefined ? `:${p.line}` : ''}${p.step !== undefined ? ` (step ${p.step})` : ''}`;
  return (
    <li data-severity={p.severity} data-problem-file={p.file} data-problem-step={p.step} className={here ? 'here' : undefined}>
      <button type="button" disabled={!canGo} title={canGo ? 'Show this task and step' : 'A dataset-level file'} onClick={onGo}>
        <span className={`sev sev-${p.severity}`}>{p.severity === 'error' ? 'error' : 'warn'}</span>
        <span className="mono check-where">{where}</span>
        <span className="check-msg">{p.message}{p.hint && <span className="hint-text"> — {p.hint}</span>}</span>
      </button>
    </li>
  );
}
