import type { DatasetOverview } from '../../shared/contract';
import { CallError } from '../api/client';
import { followJob, newJobId } from '../api/jobs';
import { initialCheck } from './check-slice';
import { initialEpisode } from './episode-slice';
import { initialAnnotate } from './annotate-slice';
import { initialSuggest } from './suggest-slice';
import { initialReview } from './review-slice';
import { messageOf, type DatasetSlice, type Slice } from './types';

export const createDatasetSlice: Slice<DatasetSlice> = (set, get) => {
  async function open(run: (jobId: string) => Promise<DatasetOverview | null>, at?: { task: string | null; step: number | null }): Promise<void> {
    const before = get().dataset;
    const jobId = newJobId('open');
    set({ datasetStatus: 'loading', datasetError: null, progress: null, cancelling: false, openJobId: jobId });
    const off = followJob(get().client, jobId, ({ done, total, phase }) => set({ progress: { done, total, ...(phase ? { phase } : {}) } }));
    try {
      const dataset = await run(jobId);
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
      set({ dataset, datasetStatus: 'ready', query: '', ...initialEpisode(), ...initialCheck(), ...initialAnnotate(), ...initialSuggest(), ...initialReview() });
      void get().loadRecent();
      void get().loadReviews();
      const first = dataset.tasks.find((t) => t.path === at?.task) ?? dataset.tasks[0];
      if (first) await get().selectTask(first.path, first.path === at?.task ? at.step ?? 0 : 0);
    } catch (err) {
      // The user asked for it: back to where they were, no error.
      if (get().cancelling || (err instanceof CallError && err.code === 'cancelled')) set({ datasetStatus: before ? 'ready' : 'idle' });
      else set({ datasetStatus: 'error', datasetError: messageOf(err) });
    } finally {
      off();
      set({ progress: null, cancelling: false, openJobId: null });
    }
  }

  return {
    recent: [],
    dataset: null,
    datasetStatus: 'idle',
    datasetError: null,
    progress: null,
    cancelling: false,
    openJobId: null,
    query: '',
    async loadRecent() {
      try {
        set({ recent: await get().client.call('dataset:recent', {}) });
      } catch {
        set({ recent: [] }); // the recent list is a convenience; opening by path still works
      }
    },
    openPath: (path, at) => open((jobId) => get().client.call('dataset:open', { path: path.trim(), jobId }), at),
    pickFolder: () => open((jobId) => get().client.call('dataset:pickFolder', { jobId })),
    async cancelOpen() {
      const jobId = get().openJobId;
      if (get().datasetStatus !== 'loading' || !jobId) return;
      set({ cancelling: true });
      try {
        await get().client.call('job:cancel', { jobId });
      } catch (err) {
        set({ cancelling: false, datasetError: messageOf(err) });
      }
    },
    closeDataset() {
      set({ dataset: null, datasetStatus: 'idle', datasetError: null, query: '', ...initialEpisode(), ...initialCheck(), ...initialAnnotate(), ...initialSuggest(), ...initialReview() });
      void get().loadRecent();
    },
    setQuery: (query) => set({ query }),
  };
};
