import { CallError } from '../api/client';
import { followJob, newJobId } from '../api/jobs';
import { taskOfFile, stepOfFile } from './problem-location';
import { messageOf, type CheckSlice, type Slice, type SliceState } from './types';

export const initialCheck = (): SliceState<CheckSlice> => ({ checkStatus: 'idle', checkProgress: null, checkReport: null, checkError: null, checkOpen: false, checkJobId: null });

export const createCheckSlice: Slice<CheckSlice> = (set, get) => ({
  ...initialCheck(),
  resetCheck: () => set(initialCheck()),

  async runCheck() {
    const dataset = get().dataset;
    if (!dataset || get().checkStatus === 'loading') return;
    const jobId = newJobId('check');
    set({ checkStatus: 'loading', checkProgress: null, checkReport: null, checkError: null, checkOpen: true, checkJobId: jobId });
    const off = followJob(get().client, jobId, (p) => set({ checkProgress: { done: p.done, total: p.total } }));
    try {
      const report = await get().client.call('dataset:check', { datasetId: dataset.id, jobId });
      if (get().dataset?.id === dataset.id) set({ checkStatus: 'ready', checkReport: report });
    } catch (err) {
      const cancelled = get().checkStatus === 'cancelled' || (err instanceof CallError && err.code === 'cancelled');
      set(cancelled ? { checkStatus: 'cancelled' } : { checkStatus: 'error', checkError: messageOf(err) });
    } finally {
      off();
      set({ checkJobId: null });
    }
  },

  async cancelCheck() {
    const jobId = get().checkJobId;
    if (get().checkStatus !== 'loading' || !jobId) return;
    set({ checkStatus: 'cancelled' });
    try {
      await get().client.call('job:cancel', { jobId });
    } catch (err) {
      set({ checkError: messageOf(err) });
    }
  },

  setCheckOpen: (open) => set({ checkOpen: open }),

  async goToProblem(file, step) {
    const task = taskOfFile(get().dataset?.tasks ?? [], file);
    if (!task) return;
    if (get().taskPath !== task.path || get().episodeStatus === 'error') await get().selectTask(task.path);
    const s = stepOfFile(file, step);
    if (s !== undefined && get().taskPath === task.path && get().episode && s !== get().step) await get().selectStep(s);
  },
});
