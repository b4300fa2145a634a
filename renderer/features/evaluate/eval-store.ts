import { create } from 'zustand';
import type { EvalEpisodeDetail, EvalExportFormat, EvalExtraMethod, EvalExtraResult, EvalOverview, EvalSpec } from '../../../shared/contract/evaluation';
import type { TouchstoneClient } from '../../api/client';
import { followJob, newJobId } from '../../api/jobs';
import { draftOf, loadDraft, saveDraft, type EvalDraft } from './eval-draft';
import { NO_FILTER, type OverviewFilter, type OverviewSort } from './overview-rows';

export type EvalStatus = 'idle' | 'loading' | 'ready' | 'error';
const SPEC_KEY = 'touchstone.evaluation';

export interface EvalState {
  spec: EvalSpec | null;
  overview: EvalOverview | null;
  status: EvalStatus;
  error: string | null;
  progress: { done: number; total: number; phase?: string } | null;
  jobId: string | null;
  filter: OverviewFilter;
  sort: OverviewSort;
  /** The selected task x agent (keyboard cursor of the overview, subject of the replay). */
  cursor: { episode: string; agent: string } | null;
  /** 'replay' shows the cursor's episode; 'compare' two agents (features/compare). */
  mode: 'overview' | 'replay' | 'compare';
  /** A replay opened from the comparison: both agents of the flipped episode, one click apart; Back returns to the comparison. */
  pair: { episode: string; a: string; b: string } | null;
  openCompare(): void;
  closeCompare(): void;
  /** Opens `episode`'s replay of agent `a`, with `b`'s offered beside it. */
  openPair(client: TouchstoneClient, episode: string, a: string, b: string): Promise<void>;
  detail: EvalEpisodeDetail | null;
  detailStatus: EvalStatus;
  /** Selected agent step in the replay. */
  step: number;
  labelError: string | null;
  /** Extra methods shown as more columns (judge, hybrid, CheckPoints) and what they gave. */
  extraOn: EvalExtraMethod[];
  extra: EvalExtraResult | null;
  extraStatus: EvalStatus;
  extraError: string | null;
  setExtra(client: TouchstoneClient, methods: EvalExtraMethod[]): Promise<void>;
  /** Folders handed over from elsewhere (a trace folder typed on the dataset screen) for the open form. */
  prefill: { agents?: { name: string; path: string }[] } | null;
  /** The open form's content: kept when the form closes, set to the evaluation's spec on Close (eval-draft.ts). */
  draft: EvalDraft | null;
  setDraft(d: EvalDraft): void;
  setPrefill(p: EvalState['prefill']): void;
  /** The user left the server's preset evaluation for the datasets: the app stops going back to it. */
  presetDismissed: boolean;
  dismissPreset(): void;
  open(client: TouchstoneClient, spec: EvalSpec): Promise<void>;
  cancel(client: TouchstoneClient): Promise<void>;
  close(): void;
  setFilter(f: Partial<OverviewFilter>): void;
  setSort(s: OverviewSort): void;
  setCursor(c: { episode: string; agent: string } | null): void;
  openReplay(client: TouchstoneClient, c?: { episode: string; agent: string }): Promise<void>;
  closeReplay(): void;
  setStep(step: number): void;
  setLabel(client: TouchstoneClient, agent: string, episode: string, human: boolean | null): Promise<void>;
  exportAs(client: TouchstoneClient, format: EvalExportFormat): Promise<{ name: string; content: string; manifest?: string } | null>;
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** The last evaluation opened in this tab, so a reload returns to it (the cache makes that instant). */
export function rememberedSpec(): EvalSpec | null {
  try {
    return JSON.parse(sessionStorage.getItem(SPEC_KEY) ?? 'null') as EvalSpec | null;
  } catch {
    return null;
  }
}

/**
 * The evaluation view's state. Opening shows the cached overview at once (`fromCache`), then runs the
 * full open as a job (every file checked, changes re-evaluated) and replaces it. Metrics are computed
 * from `overview` by the components, so a label change shows in every figure at once.
 */
export const useEvalStore = create<EvalState>()((set, get) => ({
  spec: null, overview: null, status: 'idle', error: null, progress: null, jobId: null,
  filter: NO_FILTER, sort: { key: 'task', desc: false }, cursor: null, mode: 'overview',
  detail: null, detailStatus: 'idle', step: 0, labelError: null, prefill: null, pair: null,
  openCompare: () => set({ mode: 'compare', pair: null }),
  closeCompare: () => set({ mode: 'overview', pair: null }),
  async openPair(client, episode, a, b) {
    set({ pair: { episode, a, b } });
    await get().openReplay(client, { episode, agent: a });
  },
  extraOn: [], extra: null, extraStatus: 'idle', extraError: null,
  async setExtra(client, methods) {
    const o = get().overview;
    set({ extraOn: methods, extraError: null });
    if (!o || !methods.length) { set({ extra: null, extraStatus: 'idle' }); return; }
    set({ extraStatus: 'loading' });
    try {
      const extra = await client.call('eval:methods', { evalId: o.evalId, methods });
      if (get().overview?.evalId === o.evalId && get().extraOn.join() === methods.join()) set({ extra, extraStatus: 'ready' });
    } catch (err) {
      set({ extraStatus: 'error', extraError: messageOf(err) });
    }
  },
  setPrefill: (prefill) => set({ prefill }),
  draft: loadDraft(),
  setDraft: (draft) => { saveDraft(draft); set({ draft }); },
  presetDismissed: false,
  dismissPreset: () => set({ presetDismissed: true }),

  async open(client, spec) {
    sessionStorage.setItem(SPEC_KEY, JSON.stringify(spec));
    const jobId = newJobId('evaluation');
    set({ spec, status: 'loading', error: null, progress: { done: 0, total: 0 }, jobId, mode: 'overview', detail: null, extra: null, extraStatus: 'idle', extraOn: spec.methods ?? [] });
    try {
      const quick = await client.call('eval:open', { ...spec, fromCache: true });
      if (quick.cells.length && get().jobId === jobId) {
        set({ overview: quick, cursor: get().cursor ?? firstCell(quick) });
        // Let the cached overview paint before the core starts checking every file.
        await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      }
    } catch { /* nothing cached or unreadable: the full open says why */ }
    const stop = followJob(client, jobId, (p) => set({ progress: { done: p.done, total: p.total, ...(p.phase ? { phase: p.phase } : {}) } }));
    try {
      const overview = await client.call('eval:open', { ...spec, jobId });
      if (get().jobId !== jobId) return;
      set({ overview, status: 'ready', progress: null, jobId: null, cursor: keepCursor(get().cursor, overview) });
      if (get().extraOn.length) void get().setExtra(client, get().extraOn);
      if (get().mode === 'replay') await get().openReplay(client);
    } catch (err) {
      if (get().jobId === jobId) set({ status: 'error', error: messageOf(err), progress: null, jobId: null });
    } finally {
      stop();
    }
  },
  async cancel(client) {
    const id = get().jobId;
    if (id) await client.call('job:cancel', { jobId: id });
  },
  close() {
    sessionStorage.removeItem(SPEC_KEY);
    // The form shows what was evaluated, to change and open again.
    const spec = get().spec;
    if (spec) get().setDraft(draftOf(spec));
    set({ spec: null, overview: null, status: 'idle', error: null, progress: null, jobId: null, cursor: null, mode: 'overview', pair: null, detail: null, extra: null, extraOn: [], extraStatus: 'idle' });
  },
  setFilter: (f) => set({ filter: { ...get().filter, ...f } }),
  setSort: (sort) => set({ sort }),
  setCursor: (cursor) => set({ cursor }),
  async openReplay(client, c) {
    const o = get().overview;
    const cursor = c ?? get().cursor;
    if (!o || !cursor) return;
    set({ cursor, mode: 'replay', detailStatus: 'loading' });
    try {
      const detail = await client.call('eval:episode', { evalId: o.evalId, ...cursor });
      const miss = detail.essential?.states.find((s) => !s.matched);
      // Start where the story is: the closest step of the first unmatched state, else the first step.
      set({ detail, detailStatus: 'ready', step: miss?.closestStep ?? 0 });
    } catch (err) {
      set({ detailStatus: 'error', error: messageOf(err) });
    }
  },
  closeReplay: () => set({ mode: get().pair ? 'compare' : 'overview' }),
  setStep: (step) => {
    const n = get().detail?.agentSteps.length ?? 0;
    set({ step: Math.max(0, Math.min(step, n - 1)) });
  },
  async setLabel(client, agent, episode, value) {
    const o = get().overview;
    if (!o) return;
    set({ labelError: null });
    try {
      const r = await client.call('eval:label', { evalId: o.evalId, agent, episode, human: value });
      const cur = get().overview!;
      // Agents sharing the label file share the change (as the core bound it to each of them, when it says).
      const shared = cur.agents.filter((a) => cur.humanFiles[a] === r.file);
      const human = r.human ?? { ...cur.human, ...Object.fromEntries(shared.map((a) => [a, r.labels])) };
      const d = get().detail;
      const mine = d ? human[d.agent] : undefined;
      set({
        overview: { ...cur, human, ...(r.labelBindings ? { labelBindings: r.labelBindings } : {}), ...(r.warnings ? { warnings: r.warnings } : {}) },
        detail: d && d.episode === episode && shared.includes(d.agent) ? { ...d, ...(mine?.[episode] === undefined ? { human: undefined } : { human: mine[episode] }) } : d,
      });
    } catch (err) {
      set({ labelError: messageOf(err) });
    }
  },
  async exportAs(client, format) {
    const o = get().overview;
    if (!o) return null;
    const r = await client.call('eval:export', { evalId: o.evalId, format });
    const name = `touchstone-evaluation-${o.datasetName}${format === 'tables-csv' ? '-tables.csv' : format === 'svg' ? '-chart.svg' : `.${format}`}`;
    return { name, content: r.content ?? '', ...(r.manifest ? { manifest: r.manifest } : {}) };
  },
}));

function firstCell(o: EvalOverview): { episode: string; agent: string } | null {
  const c = o.cells[0];
  return c ? { episode: c.episode, agent: c.agent } : null;
}

function keepCursor(c: { episode: string; agent: string } | null, o: EvalOverview): { episode: string; agent: string } | null {
  return c && o.cells.some((x) => x.episode === c.episode && x.agent === c.agent) ? c : firstCell(o);
}
