import type { TouchstoneClient } from '../api/client';
import { messageOf, type AppSlice, type Slice } from './types';

export const createAppSlice = (client: TouchstoneClient): Slice<AppSlice> => (set, get) => ({
  client,
  info: null,
  bootStatus: 'idle',
  bootError: null,
  async boot() {
    set({ bootStatus: 'loading', bootError: null });
    try {
      const info = await client.call('app:info', {});
      set({ info, bootStatus: 'ready' });
      await get().loadRecent();
    } catch (err) {
      set({ bootStatus: 'error', bootError: messageOf(err) });
    }
  },
});
