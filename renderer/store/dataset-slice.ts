import type { DatasetOverview } from '../../shared/contract';
import { initialCheck } from './check-slice';
import { initialEpisode } from './episode-slice';
import { messageOf, type DatasetSlice, type Slice } from './types';

export const createDatasetSlice: Slice<DatasetSlice> = (set, get) => {
  async function open(run: () => Promise<DatasetOverview | null>, at?: { task: string | null; step: number | null }): Promise<void> {
    const before = get().dataset;
    set({ datasetStatus: 'loading', datasetError: null, progress: null, cancelling: false });
    const off = get().client.on('dataset:progress', (progress) => set({ progress }));
    try {
      const dataset = await run();
      // Cancel clicked just as the scan finished: the user still chose not to switch.
      if (get().cancelling) {
        set({ datasetStatus: before ? 'ready' : 'idle' });
        return;
      }
      if (!dataset) {
        set({ datasetStatus: before ? 'ready' : 'idle' }); // dialog cancelled
        return;
      }
      // One update: the other slices start over with the new dataset (each slice owns its initial state).
      set({ dataset, datasetStatus: 'ready', query: '', ...initialEpisode(), ...initialCheck() });
      void get().loadRecent();
      const first = dataset.tasks.find((t) => t.path === at?.task) ?? dataset.tasks[0];
      if (first) await get().selectTask(first.path, first.path === at?.task ? at.step ?? 0 : 0);
    } catch (err) {
      // The user asked for it: back to where they were, no error (the desktop bridge carries only the message, so the flag decides).
      if (get().cancelling) set({ datasetStatus: before ? 'ready' : 'idle' });
      else set({ datasetStatus: 'error', datasetError: messageOf(err) });
    } finally {
      off();
      set({ progress: null, cancelling: false });
    }
  }

  return {
    recent: [],
    dataset: null,
    datasetStatus: 'idle',
    datasetError: null,
    progress: null,
    cancelling: false,
    query: '',
    async loadRecent() {
      try {
        set({ recent: await get().client.call('dataset:recent', {}) });
      } catch {
        set({ recent: [] }); // the recent list is a convenience; opening by path still works
      }
    },
    openPath: (path, at) => open(() => get().client.call('dataset:open', { path: path.trim() }), at),
    pickFolder: () => open(() => get().client.call('dataset:pickFolder', {})),
    async cancelOpen() {
      if (get().datasetStatus !== 'loading') return;
      set({ cancelling: true });
      try {
        await get().client.call('dataset:cancelOpen', {});
      } catch (err) {
        set({ cancelling: false, datasetError: messageOf(err) });
      }
    },
    closeDataset() {
      set({ dataset: null, datasetStatus: 'idle', datasetError: null, query: '', ...initialEpisode(), ...initialCheck() });
      void get().loadRecent();
    },
    setQuery: (query) => set({ query }),
  };
};
