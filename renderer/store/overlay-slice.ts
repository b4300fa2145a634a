import type { OverlaySlice, Slice } from './types';

export const createOverlaySlice: Slice<OverlaySlice> = (set, get) => ({
  overlays: { action: true, ess: true, boxes: true },
  toggleOverlay: (name) => set({ overlays: { ...get().overlays, [name]: !get().overlays[name] } }),
});
