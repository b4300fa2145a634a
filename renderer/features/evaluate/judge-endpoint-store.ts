import { create } from 'zustand';
import { EVAL_EXTRA_METHODS } from '../../../shared/contract/evaluation-methods';
import type { JudgeEndpointEdit, JudgeEndpointView } from '../../../shared/contract/evaluation';
import type { TouchstoneClient } from '../../api/client';
import { useEvalStore } from './eval-store';

export interface JudgeEndpointState {
  /** The panel is shown under the toolbar. */
  open: boolean;
  view: JudgeEndpointView | null;
  status: 'idle' | 'loading' | 'saving' | 'ready' | 'error';
  error: string | null;
  /** What the last save did, in words. */
  note: string | null;
  toggle(client: TouchstoneClient): void;
  load(client: TouchstoneClient): Promise<void>;
  /** Saves (or resets) the endpoint; the judge and hybrid columns, when on, run again with it. */
  save(client: TouchstoneClient, edit: JudgeEndpointEdit): Promise<boolean>;
  /** Runs the judge column now (turning it on if it was off). */
  runJudge(client: TouchstoneClient): Promise<void>;
  /**
   * Follows endpoint changes saved in another window: the panel shows the new endpoint and says so,
   * and the judge and hybrid columns, when on, run again with it. Returns the unsubscribe.
   */
  listen(client: TouchstoneClient): () => void;
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));
const usesJudge = (): boolean => useEvalStore.getState().extraOn.some((m) => m === 'judge' || m === 'hybrid');

/** The judge's endpoint as the core has it (names of keys only, never a key). */
export const useJudgeEndpoint = create<JudgeEndpointState>()((set, get) => ({
  open: false, view: null, status: 'idle', error: null, note: null,
  toggle(client) {
    const open = !get().open;
    set({ open, note: null });
    if (open) void get().load(client);
  },
  async load(client) {
    set({ status: 'loading', error: null });
    try { set({ view: await client.call('eval:judgeEndpoint', {}), status: 'ready' }); } catch (err) { set({ status: 'error', error: messageOf(err) }); }
  },
  async save(client, edit) {
    set({ status: 'saving', error: null, note: null });
    try {
      const view = await client.call('eval:judgeEndpointSet', edit);
      const rerun = usesJudge();
      set({ view, status: 'ready', note: `${edit.reset ? 'App settings cleared: the environment is in effect.' : 'Saved.'}${rerun ? ' The judge column runs again with this endpoint.' : ' Turn the judge column on (or Run judge) to use it.'}` });
      if (rerun) { const ev = useEvalStore.getState(); void ev.setExtra(client, ev.extraOn); }
      return true;
    } catch (err) {
      set({ status: 'error', error: messageOf(err) });
      return false;
    }
  },
  listen(client) {
    return client.on('eval:judgeEndpoint', (view) => {
      // This window's own save sets its view and note from the call's answer.
      if (get().status === 'saving' || JSON.stringify(view) === JSON.stringify(get().view)) return;
      const rerun = usesJudge();
      set({ view, status: 'ready', error: null, note: `Changed in another window.${rerun ? ' The judge column runs again with this endpoint.' : ''}` });
      if (rerun) { const ev = useEvalStore.getState(); void ev.setExtra(client, ev.extraOn); }
    });
  },
  async runJudge(client) {
    const ev = useEvalStore.getState();
    set({ note: null });
    await ev.setExtra(client, EVAL_EXTRA_METHODS.filter((m) => m === 'judge' || ev.extraOn.includes(m)));
  },
}));
