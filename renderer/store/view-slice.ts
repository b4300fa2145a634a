import type { Slice, SliceState, ViewSlice } from './types';

export const initialView = (): SliceState<ViewSlice> => ({ view: 'dataset' });

export const createViewSlice: Slice<ViewSlice> = (set, get) => ({
  ...initialView(),
  setView: (view) => set({ view }),
  resetView: () => set(initialView()),

  async applyRoute(route) {
    set({ view: route.view });
    const s = get();
    if (!route.dataset) {
      if (s.dataset) s.closeDataset();
      return;
    }
    if (s.dataset?.root !== route.dataset) {
      await s.openPath(route.dataset, { task: route.task, step: route.step });
      return;
    }
    if (route.task && route.task !== s.taskPath) await s.selectTask(route.task, route.step ?? 0);
    else if (route.step !== null && route.step !== s.step) await s.selectStep(route.step);
  },
});
