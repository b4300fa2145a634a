import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from './store';
import { TopBar } from './features/shell/TopBar';
import { OpenDatasetView } from './features/open-dataset/OpenDatasetView';
import { TaskList } from './features/tasks/TaskList';
import { EpisodeView } from './features/episode/EpisodeView';
import { useKeyboardNavigation } from './features/shell/use-keyboard-navigation';
import { CheckPanel } from './features/check/CheckPanel';

/**
 * Composes the views. `data-app-state` is 'loading' while any call or the
 * shown screenshot's components are pending and 'ready' otherwise, so tests
 * wait on state, never on timers.
 */
export function App() {
  const s = useAppStore(useShallow((st) => ({
    boot: st.boot, bootStatus: st.bootStatus, bootError: st.bootError, hasDataset: st.dataset !== null, checkOpen: st.checkOpen,
    busy: st.bootStatus === 'loading' || st.datasetStatus === 'loading' || st.episodeStatus === 'loading' || st.hierarchyStatus === 'loading',
  })));
  useKeyboardNavigation(useAppStore);
  useEffect(() => {
    void s.boot();
  }, [s.boot]);

  const state = s.bootStatus === 'idle' || s.busy ? 'loading' : s.bootStatus === 'error' ? 'error' : 'ready';
  return (
    <div className="app" data-app-state={state} data-view={s.hasDataset ? 'dataset' : 'open'}>
      <TopBar />
      {s.bootStatus === 'error' ? (
        <main className="open-view"><div className="error-box" role="alert">Cannot reach Touchstone: {s.bootError}</div></main>
      ) : s.hasDataset ? (
        <>
          <div className="workspace">
            <TaskList />
            <EpisodeView />
          </div>
          {s.checkOpen && <CheckPanel />}
        </>
      ) : (
        <OpenDatasetView />
      )}
    </div>
  );
}
