import type { EssItem } from '../../model';
import { installCheck } from './install-checks';
import type { PrimitiveSpec } from './spec';

/** `check_uninstall<app>` (also `uninstalled<app>`): at the end, the app is not installed. */
export const uninstalled = {
  ...installCheck('uninstalled', ['check_uninstall', 'uninstalled']),
  order: { fixed: 50, legacy: 7 },
  describe: (item) => `At the end, ${item.app} is not installed.`,
  ui: { label: 'Uninstalled', input: 'app', adds: [] },
} satisfies PrimitiveSpec<Extract<EssItem, { kind: 'uninstalled' }>>;
