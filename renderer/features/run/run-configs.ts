import type { RunConfigChoice, RunReset } from '../../../shared/contract/run';
import { AGENT_SPECS, describeAgent } from '../../../shared/kinds/agents';
import { keepableKeyNames, keepableValues } from './form/check-agent-settings';

// Saved configurations are cleaned as they load, before `run:agents` answers: by the same table it reads.
const KINDS = new Map(AGENT_SPECS.map((s) => [s.name, describeAgent(s)]));

/**
 * Named run configurations, kept in the browser's storage (per origin: the same in desktop and web mode
 * on one machine). They keep the agent's settings and the *names* of stored API keys, never a key.
 */
export interface RunConfig {
  name: string;
  agent: string;
  repeat: number;
  maxSteps: number;
  query: string;
  category: string;
  /** The agent's settings by field key (non-secret fields only). */
  values?: Record<string, string>;
  /** Secret fields -> the name of a stored key. */
  keyNames?: Record<string, string>;
  reset?: RunReset;
  /** The device configurations chosen (file, named subset or seeded split). */
  deviceConfigs?: RunConfigChoice;
}

/** A stored configuration choice as the form can use it, or undefined. */
function cleanChoice(c: RunConfigChoice | undefined): RunConfigChoice | undefined {
  if (!c || typeof c.file !== 'string') return undefined;
  if (c.split === 'train' || c.split === 'test') return { file: c.file, split: c.split, seed: Number.isInteger(c.seed) && c.seed! >= 0 ? c.seed : 0 };
  return { file: c.file, ...(Array.isArray(c.names) ? { names: c.names.filter((n): n is string => typeof n === 'string') } : {}) };
}

const KEY = 'touchstone.run.configs';

/** What a configuration may hold: secret fields are names, unknown fields are dropped. */
function clean(c: RunConfig): RunConfig {
  return {
    name: c.name, agent: c.agent, repeat: c.repeat, maxSteps: c.maxSteps, query: c.query ?? '', category: c.category ?? '',
    values: keepableValues(KINDS.get(c.agent), c.values ?? {}), keyNames: keepableKeyNames(KINDS.get(c.agent), c.keyNames ?? {}),
    ...(cleanChoice(c.deviceConfigs) ? { deviceConfigs: cleanChoice(c.deviceConfigs) } : {}),
    ...(c.reset ? { reset: c.reset.method === 'snapshot' ? { method: 'snapshot', snapshot: c.reset.snapshot ?? '' } : { method: c.reset.method } } : {}),
  };
}

export function loadConfigs(storage: Pick<Storage, 'getItem'> = localStorage): RunConfig[] {
  try {
    const v = JSON.parse(storage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((c): c is RunConfig => typeof c?.name === 'string' && typeof c.agent === 'string').map(clean) : [];
  } catch { return []; }
}

/** Saves (or replaces by name) a configuration; returns the new list, sorted by name. */
export function saveConfig(c: RunConfig, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): RunConfig[] {
  const list = [...loadConfigs(storage).filter((x) => x.name !== c.name), clean(c)].sort((a, b) => a.name.localeCompare(b.name));
  storage.setItem(KEY, JSON.stringify(list));
  return list;
}
