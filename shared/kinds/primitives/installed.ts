import type { EssItem } from '../../model';
import { installCheck } from './install-checks';
import type { PrimitiveSpec } from './spec';

/** `check_install<app>` (also `installed<app>`, `install<app>`): at the end, the app is installed. */
export const installed = {
  ...installCheck('installed', ['check_install', 'installed', 'install']),
  order: { fixed: 40, legacy: 6 },
  describe: (item) => `At the end, ${item.app} is installed.`,
  ui: { label: 'Installed', input: 'app', adds: [] },
} satisfies PrimitiveSpec<Extract<EssItem, { kind: 'installed' }>>;
