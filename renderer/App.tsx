import { useCallback, useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from './store';
import { TopBar } from './features/shell/TopBar';
import { OpenDatasetView } from './features/open-dataset/OpenDatasetView';
import { DatasetView } from './features/dataset/DatasetView';
import { AnnotateView } from './features/annotate/AnnotateView';
import { PendingView } from './features/shell/PendingView';
import { EvaluateView } from './features/evaluate/EvaluateView';
import { RunView } from './features/run/RunView';
import { useEvalPreset } from './features/evaluate/use-eval-preset';
import { KeymapOverlay } from './keymap/KeymapOverlay';
import { useKeymap, useKeymapDispatcher } from './keymap/use-keymap';
import { parseRoute } from './route/route';
import { useUrlSync } from './store/use-url-sync';

/**
 * Shows the view the store names (the URL follows it, and back/forward set
 * it). `data-app-state` is 'loading' while any call or the shown screenshot's
 * components are pending and 'ready' otherwise, so tests wait on state, never
 * on timers; `data-view` is 'open' until a dataset is open, then the view.
 */
export function App() {
  const s = useAppStore(useShallow((st) => ({
    boot: st.boot, bootStatus: st.bootStatus, bootError: st.bootError, hasDataset: st.dataset !== null, view: st.view, setView: st.setView,
    busy: st.bootStatus === 'loading' || st.datasetStatus === 'loading' || st.episodeStatus === 'loading' || st.hierarchyStatus === 'loading' || st.draftStatus === 'loading' || st.saveState === 'saving',
  })));
  useEffect(() => {
    void s.boot(parseRoute(window.location.hash));
  }, [s.boot]);
  useUrlSync(useAppStore);
  useEvalPreset();

  const [keysOpen, setKeysOpen] = useState(false);
  const closeKeys = useCallback(() => setKeysOpen(false), []);
  useKeymap('global', useMemo(() => [{ keys: ['?'], label: 'Show the keyboard shortcuts', run: () => setKeysOpen(true) }], []));
  // The evaluation view stands on its own (its dataset comes with the evaluation).
  const shown = s.view === 'evaluate' ? 'evaluate' : s.hasDataset ? s.view : 'open';
  const scopes = useMemo(() => [shown, 'global'], [shown]);
  useKeymapDispatcher(scopes);
  // The overlay also lists the keys of the widgets that take keys while focused (the screen, the tree, the component list).
  const listed = useMemo(() => (shown === 'annotate' ? [shown, 'screen', 'tree', 'components', 'global'] : scopes), [shown, scopes]);

  const state = s.bootStatus === 'idle' || s.busy ? 'loading' : s.bootStatus === 'error' ? 'error' : 'ready';
  return (
    <div className="app" data-app-state={state} data-view={shown}>
      <TopBar onShowKeys={() => setKeysOpen(true)} />
      {s.bootStatus === 'error' ? (
        <main className="open-view"><div className="error-box" role="alert">Cannot reach Touchstone: {s.bootError}</div></main>
      ) : s.view === 'evaluate' ? (
        <EvaluateView />
      ) : !s.hasDataset ? (
        <OpenDatasetView />
      ) : s.view === 'dataset' ? (
        <DatasetView />
      ) : s.view === 'run' ? (
        <RunView />
      ) : s.view === 'annotate' ? (
        <AnnotateView />
      ) : (
        <PendingView view={s.view} onBack={() => s.setView('dataset')} />
      )}
      {keysOpen && <KeymapOverlay scopes={listed} onClose={closeKeys} />}
    </div>
  );
}
