import type { OverlaySlice, Slice, SliceState } from './types';

export const initialOverlays = (): SliceState<OverlaySlice> => ({ overlays: { action: true, ess: true, boxes: true }, boxFilter: 'all' });

export const createOverlaySlice: Slice<OverlaySlice> = (set, get) => ({
  ...initialOverlays(),
  toggleOverlay: (name) => set({ overlays: { ...get().overlays, [name]: !get().overlays[name] } }),
  setBoxFilter: (boxFilter) => set({ boxFilter }),
  resetOverlays: () => set(initialOverlays()),
});
