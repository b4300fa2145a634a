import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store';

/** Progress of the dataset being opened, with a Cancel button; nothing when no open is running. */
export function OpenProgress({ compact = false }: { compact?: boolean }) {
  const { status, progress, cancelling, cancelOpen } = useAppStore(
    useShallow((s) => ({ status: s.datasetStatus, progress: s.progress, cancelling: s.cancelling, cancelOpen: s.cancelOpen })),
  );
  if (status !== 'loading') return null;
  const pct = progress && progress.total ? (100 * progress.done) / progress.total : null;
  const label = cancelling ? 'Cancelling…'
    : !progress ? 'Opening…'
      : progress.phase === 'index' ? 'Reading the index…'
        : `Reading episodes ${progress.done}/${progress.total}`;
  return (
    <div className={`open-progress${compact ? ' compact' : ''}`} data-open-progress={progress ? `${progress.done}/${progress.total}` : '0/0'}>
      <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct === null ? undefined : Math.round(pct)} aria-label="Opening the dataset">
        <div className={`progress-bar${pct === null ? ' indeterminate' : ''}`} style={pct === null ? undefined : { width: `${pct}%` }} />
        <span>{label}</span>
      </div>
      <button className="btn btn-small" type="button" disabled={cancelling} onClick={() => void cancelOpen()}>Cancel</button>
    </div>
  );
}
