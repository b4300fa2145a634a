import type { DatasetOverview, StepHierarchy } from '../../shared/contract';
import type { Problem } from '../../shared/model';
import { datasetWithLoadedProblems } from './task-problems';
import { messageOf, type EpisodeSlice, type Slice, type SliceState } from './types';

/** The task list learns what loading an episode found (only while the same dataset is open). */
function updatedTask(current: DatasetOverview | null, id: string, path: string, problems: Problem[]): { dataset?: DatasetOverview } {
  if (!current || current.id !== id) return {};
  const next = datasetWithLoadedProblems(current, path, problems);
  return next === current ? {} : { dataset: next };
}

export const initialEpisode = (): SliceState<EpisodeSlice> => ({
  taskPath: null, episode: null, screens: [], episodeStatus: 'idle', episodeError: null,
  step: 0, hierarchy: null, hierarchyStatus: 'idle', hierarchyError: null, hovered: null, selected: null,
});

export const createEpisodeSlice: Slice<EpisodeSlice> = (set, get) => {
  // Opening a task asks for its first step's components together with the episode (one round trip, not two).
  let prefetch: { path: string; step: number; hierarchy: Promise<StepHierarchy | null> } | null = null;
  return {
  ...initialEpisode(),
  resetEpisode: () => set(initialEpisode()),

  async selectTask(path, step = 0) {
    const dataset = get().dataset;
    if (!dataset || path === null) {
      set(initialEpisode());
      return;
    }
    if (path === get().taskPath && get().episodeStatus !== 'error') {
      if (step !== get().step && get().episode) await get().selectStep(step);
      return;
    }
    set({ taskPath: path, episode: null, screens: [], episodeStatus: 'loading', episodeError: null, hierarchy: null, hierarchyStatus: 'idle', step, hovered: null, selected: null });
    const client = get().client;
    try {
      const args = { datasetId: dataset.id, path };
      prefetch = { path, step, hierarchy: client.call('episode:hierarchy', { ...args, step }).catch(() => null) };
      const [episode, screens] = await Promise.all([client.call('episode:load', args), client.call('episode:screens', args)]);
      if (get().taskPath !== path) return; // a newer selection won
      set({ episode, screens, episodeStatus: 'ready', ...updatedTask(get().dataset, dataset.id, path, episode.problems) });
      await get().selectStep(step);
    } catch (err) {
      if (get().taskPath !== path) return;
      const message = messageOf(err);
      // A task already listed with an error (its folder is missing) is not counted twice for the same cause.
      const known = (get().dataset?.tasks.find((t) => t.path === path)?.errors ?? 0) > 0;
      const problem: Problem = { severity: 'error', file: path, message, hint: 'Restore the episode folder or fix the index.' };
      set({ episodeStatus: 'error', episodeError: message, ...(known ? {} : updatedTask(get().dataset, dataset.id, path, [problem])) });
    }
  },

  async selectStep(step) {
    const { dataset, taskPath, episode } = get();
    if (!dataset || !taskPath || !episode) return;
    const last = Math.max(0, episode.steps.length - 1);
    const target = Math.min(Math.max(0, step), last);
    set({ step: target, hierarchy: null, hierarchyStatus: 'loading', hierarchyError: null, hovered: null, selected: null });
    try {
      const early = prefetch && prefetch.path === taskPath && prefetch.step === target ? await prefetch.hierarchy : null;
      prefetch = null;
      const hierarchy = early ?? await get().client.call('episode:hierarchy', { datasetId: dataset.id, path: taskPath, step: target });
      if (get().taskPath !== taskPath || get().step !== target) return;
      set({ hierarchy, hierarchyStatus: 'ready' });
    } catch (err) {
      if (get().taskPath === taskPath && get().step === target) set({ hierarchyStatus: 'error', hierarchyError: messageOf(err) });
    }
  },

  hover: (id) => set({ hovered: id }),
  select: (id) => set({ selected: id }),
  };
};
