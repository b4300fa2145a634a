import type { DatasetOverview } from '../../shared/contract';
import { messageOf, type DatasetSlice, type Slice, type Store } from './types';

export const createDatasetSlice: Slice<DatasetSlice> = (set, get) => {
  async function open(run: () => Promise<DatasetOverview | null>): Promise<void> {
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
      set({ dataset, datasetStatus: 'ready', query: '', ...clearedEpisode() });
      void get().loadRecent();
      const first = dataset.tasks[0];
      if (first) await get().selectTask(first.path);
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
    openPath: (path) => open(() => get().client.call('dataset:open', { path: path.trim() })),
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
      set({ dataset: null, datasetStatus: 'idle', datasetError: null, query: '', ...clearedEpisode() });
      void get().loadRecent();
    },
    setQuery: (query) => set({ query }),
  };
};

/** Episode state reset when the dataset changes. */
export function clearedEpisode(): Partial<Store> {
  return {
    taskPath: null, episode: null, screens: [], episodeStatus: 'idle', episodeError: null,
    step: 0, hierarchy: null, hierarchyStatus: 'idle', hierarchyError: null, hovered: null, selected: null,
    checkStatus: 'idle', checkProgress: null, checkReport: null, checkError: null, checkOpen: false,
  };
}
