import type { AnnotationBase, AnnotationSaved, DatasetOverview, EpisodeInfo } from '../../shared/contract';
import { formatEssItem, parseEss } from '../../shared/formats/ess';
import { CallError } from '../api/client';
import { messageOf, type AnnotateSlice, type Slice, type SliceState, type Store } from './types';

/** activity<0> reads best first, as annotators write it. */
const ACTIVITY = formatEssItem({ kind: 'activity' });

export const initialAnnotate = (): SliceState<AnnotateSlice> => ({
  draft: null, draftStatus: 'idle', draftError: null, saveState: 'idle', saveError: null, conflict: null, history: [], future: [],
  live: null, livePath: null, liveStatus: 'idle',
});

/** The items of a stored `.ess` line (null: it does not parse). */
export function itemsOf(line: string | null): string[] | null {
  if (line === null || line.trim() === '') return [];
  const parsed = parseEss(line, 'i.ess');
  return parsed.ok ? parsed.value.items.map((i) => i.raw) : null;
}

/** The episode and task list after a save: the filmstrip's ESS marks and the task's annotated-step count. */
function afterSave(s: Store, path: string, saved: AnnotationSaved): Partial<Store> {
  const out: Partial<Store> = {};
  let episode: EpisodeInfo | null = s.episode;
  if (episode && s.taskPath === path) {
    const steps = episode.steps.map((st) => {
      if (st.index !== saved.step) return st;
      const { ess: _e, essError: _x, ...rest } = st;
      return saved.ess === null ? rest : { ...rest, ess: saved.ess };
    });
    episode = { ...episode, steps };
    out.episode = episode;
    // A save never renumbers: keeping the same component list spares the canvas and the list a redraw.
    const same = s.hierarchy && s.hierarchy.step === saved.step && s.hierarchy.components.length === saved.hierarchy.components.length;
    if (s.step === saved.step) out.hierarchy = same ? { ...saved.hierarchy, components: s.hierarchy!.components } : saved.hierarchy;
  }
  const ds: DatasetOverview | null = s.dataset;
  if (ds && episode && s.taskPath === path) {
    const annotatedSteps = episode.steps.filter((st) => st.ess !== undefined).length;
    out.dataset = { ...ds, tasks: ds.tasks.map((t) => (t.path !== path ? t : { ...t, annotatedSteps, status: t.errors > 0 ? 'error' : annotatedSteps > 0 ? 'annotated' : 'none' })) };
  }
  return out;
}

/** How long after the last save the live checks run. */
export const LIVE_DELAY = 400;

export const createAnnotateSlice: Slice<AnnotateSlice> = (set, get, api) => {
  /** The task's episode once loaded; null when another task was opened or it failed. */
  const episodeOf = (path: string): Promise<EpisodeInfo | null> => new Promise((resolve) => {
    const now = (): EpisodeInfo | null | undefined => {
      const st = get();
      if (st.taskPath !== path || st.episodeStatus === 'error') return null;
      return st.episodeStatus === 'ready' ? st.episode : undefined;
    };
    const first = now();
    if (first !== undefined) return resolve(first);
    const stop = api.subscribe(() => {
      const v = now();
      if (v === undefined) return;
      stop();
      resolve(v);
    });
  });

  // Saves run one after another, each from the versions the previous one returned.
  let chain: Promise<void> = Promise.resolve();

  async function save(path: string, step: number): Promise<void> {
    const d = get().draft;
    const ds = get().dataset;
    if (!d || !ds || d.path !== path || d.step !== step) return;
    set({ saveState: 'saving', saveError: null });
    try {
      const saved = await get().client.call('annotation:save', { datasetId: ds.id, path, step, ess: d.items.join('|'), base: d.base });
      const now = get().draft;
      set({
        ...afterSave(get(), path, saved),
        ...(now && now.path === path && now.step === step ? { draft: { ...now, base: saved.base, stored: saved.ess } } : {}),
        saveState: 'saved',
      });
      scheduleLiveCheck();
    } catch (err) {
      if (err instanceof CallError && err.code === 'conflict') {
        const disk = await get().client.call('annotation:load', { datasetId: ds.id, path, step }).catch(() => null);
        set({ saveState: 'conflict', saveError: messageOf(err), conflict: disk ? { path, step, disk: disk.ess, mine: d.items.join('|'), base: disk.base } : null });
      } else set({ saveState: 'error', saveError: messageOf(err) });
    }
  }
  // Live checks after edits wait for a pause (LIVE_DELAY ms), so a burst of edits runs them once
  // and they never hold up the next save on the server.
  let liveTimer: ReturnType<typeof setTimeout> | undefined;
  const scheduleLiveCheck = () => {
    clearTimeout(liveTimer);
    set({ liveStatus: 'loading' });
    liveTimer = setTimeout(() => void get().runLiveCheck(), LIVE_DELAY);
  };
  const queueSave = (path: string, step: number): Promise<void> => (chain = chain.then(() => save(path, step)));

  /** Replaces the current step's items, recording the edit for undo, and saves. */
  async function apply(items: string[], record: 'edit' | 'undo' | 'redo'): Promise<void> {
    const d = get().draft;
    if (!d || get().conflict) return;
    const edit = { path: d.path, step: d.step, before: d.items, after: items };
    if (record === 'edit') set({ history: [...get().history, edit], future: [] });
    set({ draft: { ...d, items } });
    await queueSave(d.path, d.step);
  }

  /** Goes to the step an undo/redo entry is about, so the change is seen where it happens. */
  async function goTo(path: string, step: number): Promise<boolean> {
    if (get().taskPath !== path) return false;
    if (get().step !== step || get().draft?.step !== step) {
      await get().selectStep(step);
      await get().loadDraft();
    }
    return get().draft?.step === step;
  }

  let liveRun = 0;
  return {
    ...initialAnnotate(),
    resetAnnotate: () => set(initialAnnotate()),

    async runLiveCheck() {
      const { dataset, taskPath } = get();
      if (!dataset || !taskPath) return;
      const run = ++liveRun;
      set({ liveStatus: 'loading', ...(get().livePath !== taskPath ? { live: null, livePath: taskPath } : {}) });
      try {
        const live = await get().client.call('annotation:check', { datasetId: dataset.id, path: taskPath });
        if (run === liveRun && get().taskPath === taskPath) set({ live, livePath: taskPath, liveStatus: 'ready' });
      } catch {
        if (run === liveRun) set({ liveStatus: 'error' }); // the checks advise; a failure to run them never blocks editing
      }
    },

    async loadDraft() {
      // Read together with the episode (not after it): opening a task is one round trip shorter.
      const { dataset, taskPath, step } = get();
      if (!dataset || !taskPath || get().episodeStatus === 'error') return;
      if (get().draft?.path !== taskPath) set({ history: [], future: [] }); // undo stays within one task
      set({ draftStatus: 'loading', draftError: null, conflict: null, saveState: 'idle', saveError: null });
      await chain; // a save still running for the step being left finishes first
      try {
        const a = await get().client.call('annotation:load', { datasetId: dataset.id, path: taskPath, step });
        if (get().taskPath !== taskPath || get().step !== step) return;
        const items = itemsOf(a.ess);
        if (items === null) {
          set({ draft: null, draftStatus: 'error', draftError: `The stored line does not parse: ${a.ess}. Fix it in a text editor, or remove the step's .ess file.` });
          return;
        }
        set({ draft: { path: taskPath, step, items, base: a.base, stored: a.ess }, draftStatus: 'ready' });
        if (get().livePath !== taskPath) {
          const episode = await episodeOf(taskPath);
          if (!episode || get().taskPath !== taskPath || get().livePath === taskPath) return;
          // A task without any annotation has nothing to check yet (and opening it stays quick).
          const annotated = episode.steps.some((x) => x.ess !== undefined);
          if (annotated) void get().runLiveCheck();
          else set({ live: { states: 0, own: null, cut: null, noop: null, warnings: [] }, livePath: taskPath, liveStatus: 'ready' });
        }
      } catch (err) {
        if (get().taskPath === taskPath && get().step === step) set({ draftStatus: 'error', draftError: messageOf(err) });
      }
    },

    async addItem(raw) {
      const d = get().draft;
      if (!d || d.items.includes(raw)) return;
      await apply(raw === ACTIVITY ? [raw, ...d.items] : [...d.items, raw], 'edit');
    },
    async toggleItem(raw) {
      const d = get().draft;
      if (!d) return;
      if (d.items.includes(raw)) await apply(d.items.filter((x) => x !== raw), 'edit');
      else await get().addItem(raw);
    },
    async removeItem(index) {
      const d = get().draft;
      if (!d || index < 0 || index >= d.items.length) return;
      await apply(d.items.filter((_, i) => i !== index), 'edit');
    },
    async replaceItem(index, raw) {
      const d = get().draft;
      if (!d || index < 0 || index >= d.items.length || d.items.includes(raw)) return;
      await apply(d.items.map((x, i) => (i === index ? raw : x)), 'edit');
    },
    async moveItem(index, delta) {
      const d = get().draft;
      const to = index + delta;
      if (!d || index < 0 || index >= d.items.length || to < 0 || to >= d.items.length) return;
      const items = [...d.items];
      [items[index], items[to]] = [items[to], items[index]];
      await apply(items, 'edit');
    },
    async undo() {
      const edit = get().history.at(-1);
      if (!edit || !(await goTo(edit.path, edit.step))) return;
      set({ history: get().history.slice(0, -1), future: [...get().future, edit] });
      await apply(edit.before, 'undo');
    },
    async redo() {
      const edit = get().future.at(-1);
      if (!edit || !(await goTo(edit.path, edit.step))) return;
      set({ future: get().future.slice(0, -1), history: [...get().history, edit] });
      await apply(edit.after, 'redo');
    },

    async resolveConflict(keep) {
      const c = get().conflict;
      const d = get().draft;
      if (!c || !d || d.path !== c.path || d.step !== c.step) return;
      if (keep === 'disk') {
        const items = itemsOf(c.disk);
        set({ conflict: null, saveState: 'idle', saveError: null, history: [], future: [], draft: { ...d, items: items ?? [], base: c.base, stored: c.disk } });
        return;
      }
      set({ conflict: null, draft: { ...d, base: c.base } });
      await queueSave(d.path, d.step);
    },
  };
};

export type { AnnotationBase };
