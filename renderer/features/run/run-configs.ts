/** Named run configurations, kept in the browser's storage (per origin: the same in desktop and web mode on one machine). */
export interface RunConfig {
  name: string;
  agent: string;
  repeat: number;
  maxSteps: number;
  query: string;
  category: string;
}

const KEY = 'touchstone.run.configs';

export function loadConfigs(storage: Pick<Storage, 'getItem'> = localStorage): RunConfig[] {
  try {
    const v = JSON.parse(storage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((c): c is RunConfig => typeof c?.name === 'string' && typeof c.agent === 'string') : [];
  } catch { return []; }
}

/** Saves (or replaces by name) a configuration; returns the new list, sorted by name. */
export function saveConfig(c: RunConfig, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): RunConfig[] {
  const list = [...loadConfigs(storage).filter((x) => x.name !== c.name), c].sort((a, b) => a.name.localeCompare(b.name));
  storage.setItem(KEY, JSON.stringify(list));
  return list;
}
