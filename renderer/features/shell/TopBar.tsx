import { useShallow } from 'zustand/react/shallow';
import { formatProblem } from '../../../shared/model';
import { useAppStore } from '../../store';
import { OpenProgress } from '../open-dataset/OpenProgress';
import { useEvalStore } from '../evaluate/eval-store';

/** App title, the open dataset and its counts, and the way back to the open screen. */
export function TopBar({ onShowKeys }: { onShowKeys(): void }) {
  const { info, dataset, error, closeDataset, pickFolder, checking, checkOpen, runCheck, setCheckOpen, view, setView } = useAppStore(
    useShallow((s) => ({
      view: s.view, setView: s.setView,
      info: s.info, dataset: s.dataset, error: s.datasetError, closeDataset: s.closeDataset, pickFolder: s.pickFolder,
      checking: s.checkStatus === 'loading', checkOpen: s.checkOpen, runCheck: s.runCheck, setCheckOpen: s.setCheckOpen,
    })),
  );
  // In the Evaluate view the bar names the dataset being evaluated (the form's, then the open evaluation's).
  const evaluatedRoot = useEvalStore((s) => s.overview?.datasetRoot ?? s.spec?.dataset ?? s.draft?.dataset.trim() ?? '');
  const evaluatedName = useEvalStore((s) => s.overview?.datasetName ?? '');
  const evaluated = evaluatedRoot ? { root: evaluatedRoot, name: evaluatedName || baseName(evaluatedRoot) } : null;
  const annotated = dataset?.tasks.filter((t) => t.annotatedSteps > 0).length ?? 0;
  const errors = dataset?.tasks.filter((t) => t.status === 'error').length ?? 0;
  return (
    <header className="topbar">
      <div className="brand"><span className="brand-mark" aria-hidden>◆</span> Touchstone</div>
      {view === 'evaluate' && evaluated && (
        <div className="dataset-chip" title={evaluated.root} data-evaluated-dataset={evaluated.root}>
          <span className="dataset-name">Evaluating {evaluated.name}</span>
          <span className="mono muted dataset-root">{evaluated.root}</span>
        </div>
      )}
      {dataset && view !== 'evaluate' && (
        <div className="dataset-chip" title={dataset.root}>
          <span className="dataset-name">{dataset.name}</span>
          <span className="mono muted dataset-root">{dataset.root}</span>
        </div>
      )}
      {/* The counts are the open dataset's: shown in the Evaluate view only when it is the evaluated one. */}
      {dataset && (view !== 'evaluate' || !evaluated || evaluated.root === dataset.root) && (
        <div className="counts">
          <span><b>{dataset.tasks.length}</b> {plural(dataset.tasks.length, 'task')}</span>
          <span><b>{annotated}</b> annotated</span>
          {errors > 0 && <span className="count-error"><b>{errors}</b> with errors</span>}
          {dataset.problems.length > 0 && <span className="count-warn" title={dataset.problems.slice(0, 8).map((p) => formatProblem(p)).join('\n')}><b>{dataset.problems.length}</b> {plural(dataset.problems.length, 'problem')}</span>}
        </div>
      )}
      {dataset && (
        <nav className="view-tabs" aria-label="Views">
          {(['dataset', 'annotate', 'run'] as const).map((v) => (
            <button key={v} type="button" className={`toggle${view === v ? ' on' : ''}`} aria-current={view === v ? 'page' : undefined} data-view-tab={v} onClick={() => setView(v)}>
              {v === 'dataset' ? 'Browse' : v === 'annotate' ? 'Annotate' : 'Run'}
            </button>
          ))}
        </nav>
      )}
      <span className="spacer" />
      {dataset && <OpenProgress compact />}
      {dataset && error && <span className="topbar-error" role="alert" title={error}>{error}</span>}
      {dataset && (
        <button className="btn btn-small" type="button" data-action="check-dataset" disabled={checking}
          title="Validate every file of the dataset: screenshots, hierarchies, annotations"
          onClick={() => (checkOpen && !checking ? setCheckOpen(false) : void runCheck())}>
          {checking ? 'Checking…' : checkOpen ? 'Hide check' : 'Check dataset'}
        </button>
      )}
      {dataset && info?.canPickFolder && <button className="btn btn-small" onClick={() => void pickFolder()}>Open folder…</button>}
      {dataset && <button className="btn btn-small" onClick={closeDataset}>Switch dataset</button>}
      <button className="btn btn-small" type="button" data-view-tab="evaluate" onClick={() => { if (view === 'evaluate') useEvalStore.getState().dismissPreset(); setView(view === 'evaluate' ? 'dataset' : 'evaluate'); }}>{view === 'evaluate' ? 'Datasets' : 'Evaluate'}</button>
      <button className="btn btn-small btn-keys" type="button" aria-label="Keyboard shortcuts" title="Keyboard shortcuts (?)" onClick={onShowKeys}>?</button>
      {info && <span className="mode-pill" title={`Touchstone ${info.version}`}>{info.mode === 'web' ? 'web · 127.0.0.1' : 'desktop'}</span>}
    </header>
  );
}

const baseName = (p: string): string => p.split(/[\\/]/).filter(Boolean).pop() ?? p;

function plural(n: number, word: string): string {
  return n === 1 ? word : `${word}s`;
}
