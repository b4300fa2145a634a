import { messageOf, type ReviewSlice, type Slice, type SliceState } from './types';

export const initialReview = (): SliceState<ReviewSlice> => ({ reviews: null, reviewError: null });

/** Review mode: every task's review of the open dataset, and marking the current task reviewed or returned. */
export const createReviewSlice: Slice<ReviewSlice> = (set, get) => ({
  ...initialReview(),
  resetReview: () => set(initialReview()),

  async loadReviews() {
    const ds = get().dataset;
    if (!ds) return;
    try {
      const reviews = await get().client.call('annotation:reviews', { datasetId: ds.id });
      if (get().dataset?.id === ds.id) set({ reviews, reviewError: null });
    } catch (err) {
      set({ reviews: {}, reviewError: messageOf(err) });
    }
  },

  async setReview(status, comment = '') {
    const { dataset, taskPath } = get();
    if (!dataset || !taskPath) return;
    try {
      const reviews = await get().client.call('annotation:review', { datasetId: dataset.id, path: taskPath, status, comment });
      if (get().dataset?.id === dataset.id) set({ reviews, reviewError: null });
    } catch (err) {
      set({ reviewError: messageOf(err) });
    }
  },
});
