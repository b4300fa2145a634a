import { api } from '../api';
import { createAppStore } from './create-store';

/** The renderer's store hook (use narrow selectors, `useShallow` for objects). */
export const useAppStore = createAppStore(api);
export type { Store, LoadStatus } from './types';
