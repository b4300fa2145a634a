import type { Slice, SliceState, SuggestSlice } from './types';

export const initialSuggest = (): SliceState<SuggestSlice> => ({ suggestions: null, suggestPath: null, decided: {} });

const keyOf = (step: number, item: string) => `${step}:${item}`;

/** Suggested items for a task without annotation: fetched once per task, accepted or rejected one by one. */
export const createSuggestSlice: Slice<SuggestSlice> = (set, get) => ({
  ...initialSuggest(),
  resetSuggest: () => set(initialSuggest()),

  async loadSuggestions() {
    const { dataset, taskPath } = get();
    if (!dataset || !taskPath || get().suggestPath === taskPath) return;
    set({ suggestions: null, suggestPath: taskPath, decided: {} });
    try {
      const suggestions = await get().client.call('annotation:suggest', { datasetId: dataset.id, path: taskPath });
      if (get().suggestPath === taskPath) set({ suggestions });
    } catch {
      if (get().suggestPath === taskPath) set({ suggestions: [] }); // suggestions help; without them the editor works the same
    }
  },

  pendingSuggestions() {
    const { suggestions, suggestPath, taskPath, decided, draft } = get();
    if (!suggestions || suggestPath !== taskPath) return [];
    return suggestions.filter((s) => !decided[keyOf(s.step, s.item)] && !(draft && draft.step === s.step && draft.items.includes(s.item)));
  },

  async decideSuggestion(s, accept) {
    set({ decided: { ...get().decided, [keyOf(s.step, s.item)]: accept ? 'accepted' : 'rejected' } });
    if (!accept) return;
    if (get().step !== s.step) {
      await get().selectStep(s.step);
      await get().loadDraft();
    }
    if (get().draft?.step === s.step) await get().addItem(s.item);
  },
});
