import type { OverlaySlice, Slice, SliceState } from './types';

export const initialOverlays = (): SliceState<OverlaySlice> => ({ overlays: { action: true, ess: true, boxes: true } });

export const createOverlaySlice: Slice<OverlaySlice> = (set, get) => ({
  ...initialOverlays(),
  toggleOverlay: (name) => set({ overlays: { ...get().overlays, [name]: !get().overlays[name] } }),
  resetOverlays: () => set(initialOverlays()),
});
