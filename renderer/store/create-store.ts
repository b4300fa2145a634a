import { create } from 'zustand';
import type { TouchstoneClient } from '../api/client';
import { createAppSlice } from './app-slice';
import { createDatasetSlice } from './dataset-slice';
import { createEpisodeSlice } from './episode-slice';
import { createOverlaySlice } from './overlay-slice';
import { createCheckSlice } from './check-slice';
import { createViewSlice } from './view-slice';
import { createAnnotateSlice } from './annotate-slice';
import { createSuggestSlice } from './suggest-slice';
import { createReviewSlice } from './review-slice';
import type { Store } from './types';

/** The app's one store, composed of typed slices over a client (tests pass one bound to a real server). */
export function createAppStore(client: TouchstoneClient) {
  return create<Store>()((...a) => ({
    ...createAppSlice(client)(...a),
    ...createViewSlice(...a),
    ...createDatasetSlice(...a),
    ...createEpisodeSlice(...a),
    ...createOverlaySlice(...a),
    ...createCheckSlice(...a),
    ...createAnnotateSlice(...a),
    ...createSuggestSlice(...a),
    ...createReviewSlice(...a),
  }));
}

export type AppStore = ReturnType<typeof createAppStore>;
