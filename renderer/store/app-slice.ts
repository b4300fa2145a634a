import type { TouchstoneClient } from '../api/client';
import { messageOf, type AppSlice, type Slice } from './types';

export const createAppSlice = (client: TouchstoneClient): Slice<AppSlice> => (set, get) => ({
  client,
  info: null,
  bootStatus: 'idle',
  bootError: null,
  async boot(route) {
    set({ bootStatus: 'loading', bootError: null });
    try {
      const info = await client.call('app:info', {});
      set({ info });
      await get().loadRecent();
      // The place the URL names, before the app says it is ready (a reload returns to the same task and step).
      if (route) await get().applyRoute(route);
      set({ bootStatus: 'ready' });
    } catch (err) {
      set({ bootStatus: 'error', bootError: messageOf(err) });
    }
  },
});
