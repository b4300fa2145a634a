import { describe, expect, it } from 'vitest';
import { loadConfigs, saveConfig } from './run-configs';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('saved run configurations', () => {
  it('saves by name (replacing one of the same name), sorted, and reads them back', () => {
    const st = memoryStorage();
    saveConfig({ name: 'smoke', agent: 'replay', repeat: 1, maxSteps: 20, query: '', category: '' }, st);
    saveConfig({ name: 'all random', agent: 'random', repeat: 3, maxSteps: 40, query: 'notes', category: 'general' }, st);
    const list = saveConfig({ name: 'smoke', agent: 'noop', repeat: 2, maxSteps: 5, query: '', category: '' }, st);
    expect(list.map((c) => `${c.name}:${c.agent}`)).toEqual(['all random:random', 'smoke:noop']);
    expect(loadConfigs(st)).toEqual(list);
  });

  it('ignores unreadable or foreign content instead of failing the view', () => {
    const st = memoryStorage();
    st.setItem('touchstone.run.configs', '{not json');
    expect(loadConfigs(st)).toEqual([]);
    st.setItem('touchstone.run.configs', JSON.stringify([{ name: 'ok', agent: 'replay' }, { nope: 1 }, null]));
    expect(loadConfigs(st).map((c) => c.name)).toEqual(['ok']);
  });
});
