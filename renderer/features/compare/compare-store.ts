import { create } from 'zustand';
import type { EvalOverview } from '../../../shared/contract/evaluation';
import type { Comparison } from '../../../shared/evaluation/compare';
import type { TouchstoneClient } from '../../api/client';

/** The verdict methods a comparison can be on: the view's columns that `touchstone compare --method` knows. */
export type CompareMethod = 'essential' | 'stepwise' | 'lcs';

export interface CompareState {
  /** The evaluation the picks belong to: a new one starts with its first two agents. */
  evalId: string | null;
  a: string;
  b: string;
  method: CompareMethod;
  result: Comparison | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** Keeps the picks of `o`, or starts with its first two agents; then compares. */
  start(client: TouchstoneClient, o: EvalOverview): Promise<void>;
  pick(client: TouchstoneClient, patch: Partial<Pick<CompareState, 'a' | 'b' | 'method'>>): Promise<void>;
}

/**
 * The comparison's picks and result, kept while a replay opened from it is shown, so going back finds
 * the same table. The core compares (`eval:compare`, the code of `touchstone compare`).
 */
export const useCompareStore = create<CompareState>()((set, get) => {
  const run = async (client: TouchstoneClient): Promise<void> => {
    const { evalId, a, b, method } = get();
    if (!evalId || !a || !b) return;
    set({ status: 'loading', error: null });
    try {
      const result = await client.call('eval:compare', { evalId, a, b, method });
      // A later pick wins over an earlier answer.
      if (get().a === a && get().b === b && get().method === method && get().evalId === evalId) set({ result, status: 'ready' });
    } catch (err) {
      if (get().a === a && get().b === b) set({ status: 'error', error: err instanceof Error ? err.message : String(err), result: null });
    }
  };
  return {
    evalId: null, a: '', b: '', method: 'essential', result: null, status: 'idle', error: null,
    async start(client, o) {
      const same = get().evalId === o.evalId && o.agents.includes(get().a) && o.agents.includes(get().b);
      if (!same) set({ evalId: o.evalId, a: o.agents[0] ?? '', b: o.agents[1] ?? '', result: null, status: 'idle' });
      if (!same || get().status !== 'ready') await run(client);
    },
    async pick(client, patch) {
      set(patch);
      await run(client);
    },
  };
});
