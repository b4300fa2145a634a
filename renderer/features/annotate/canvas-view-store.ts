import { create } from 'zustand';
import type { ZoomCommands } from '../../canvas/use-zoom';

/** What the boxes carry on the annotation canvas (see EpisodeScreen's `labels`). */
export const LABEL_MODES = ['both', 'text', 'numbers'] as const;
export type LabelMode = (typeof LABEL_MODES)[number];
export const LABEL_MODE_NAMES: Record<LabelMode, string> = { both: 'Numbers on screen', text: 'Text only', numbers: 'Numbers only' };

export interface CanvasViewState {
  labels: LabelMode;
  /** The magnifier follows the pointer over the screen (`z`). */
  magnifier: boolean;
  /** Components selected besides the pinned one (Shift/Ctrl+click, Shift+arrows, Space): adds apply to all of them. */
  multi: number[];
  /** Digits typed for "#18 e" entry, '' when none. */
  entry: string;
  /** What the component panel shows: the numbered list or the hierarchy tree. */
  sideTab: 'list' | 'tree';
  /** A short message for the annotator (e.g. "every task is annotated"), shown until the next one. */
  notice: string;
  cycleLabels(): void;
  toggleMagnifier(): void;
  setMulti(ids: number[]): void;
  /** Adds `id` to the multi-selection, or removes it when there. */
  toggleMulti(id: number): void;
  setEntry(entry: string): void;
  say(notice: string): void;
  setSideTab(tab: 'list' | 'tree'): void;
}

/** The annotation canvas's view state: label mode, magnifier, multi-selection, number entry, notices. */
export const useCanvasView = create<CanvasViewState>()((set, get) => ({
  labels: 'both',
  magnifier: false,
  multi: [],
  entry: '',
  notice: '',
  sideTab: 'list',
  cycleLabels: () => set({ labels: LABEL_MODES[(LABEL_MODES.indexOf(get().labels) + 1) % LABEL_MODES.length] }),
  toggleMagnifier: () => set({ magnifier: !get().magnifier }),
  setMulti: (multi) => set({ multi }),
  toggleMulti: (id) => set({ multi: get().multi.includes(id) ? get().multi.filter((x) => x !== id) : [...get().multi, id] }),
  setEntry: (entry) => set({ entry }),
  say: (notice) => set({ notice }),
  setSideTab: (sideTab) => set({ sideTab }),
}));

/** The annotation stage's zoom commands while it is mounted (keys and the tree's "zoom to" use them). */
export const annotateZoom: { current: ZoomCommands | null } = { current: null };
