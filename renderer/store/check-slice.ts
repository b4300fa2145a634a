import { taskOfFile, stepOfFile } from './problem-location';
import { messageOf, type CheckSlice, type Slice, type SliceState } from './types';

export const initialCheck = (): SliceState<CheckSlice> => ({ checkStatus: 'idle', checkProgress: null, checkReport: null, checkError: null, checkOpen: false });

export const createCheckSlice: Slice<CheckSlice> = (set, get) => ({
  ...initialCheck(),
  resetCheck: () => set(initialCheck()),

  async runCheck() {
    const dataset = get().dataset;
    if (!dataset || get().checkStatus === 'loading') return;
    set({ checkStatus: 'loading', checkProgress: null, checkReport: null, checkError: null, checkOpen: true });
    const off = get().client.on('dataset:checkProgress', (p) => {
      if (p.datasetId === dataset.id) set({ checkProgress: { done: p.done, total: p.total } });
    });
    try {
      const report = await get().client.call('dataset:check', { datasetId: dataset.id });
      if (get().dataset?.id === dataset.id) set({ checkStatus: 'ready', checkReport: report });
    } catch (err) {
      const cancelled = get().checkStatus === 'cancelled';
      if (!cancelled) set({ checkStatus: 'error', checkError: messageOf(err) });
    } finally {
      off();
    }
  },

  async cancelCheck() {
    if (get().checkStatus !== 'loading') return;
    // Set first: the failing call then knows the user asked for it (the desktop bridge carries only the message).
    set({ checkStatus: 'cancelled' });
    try {
      await get().client.call('dataset:cancelCheck', {});
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
