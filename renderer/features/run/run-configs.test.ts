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

  it('keeps the agent settings, key names and reset; never a key, even one typed into a setting', () => {
    const st = memoryStorage();
    const key = 'sk-live-0123456789abcdef0123';
    saveConfig({
      name: 'llm local', agent: 'llm', repeat: 1, maxSteps: 15, query: '', category: '', reset: { method: 'snapshot', snapshot: 'clean' },
      values: { base_url: 'http://127.0.0.1:8080/v1', model: 'qwen', temperature: '0.2', api_key: key, stray: 'x' }, keyNames: { api_key: 'openai', model: key },
    }, st);
    const [c] = loadConfigs(st);
    expect(c).toMatchObject({ agent: 'llm', values: { base_url: 'http://127.0.0.1:8080/v1', model: 'qwen', temperature: '0.2' }, keyNames: { api_key: 'openai' }, reset: { method: 'snapshot', snapshot: 'clean' } });
    expect(Object.keys(c!.values!)).toEqual(['base_url', 'model', 'temperature']);
    expect([...st.data.values()].join()).not.toContain(key);
  });

  it('keeps the device configuration choice: named subset, or a split with its seed; drops what is not a choice', () => {
    const st = memoryStorage();
    saveConfig({ name: 'two', agent: 'replay', repeat: 1, maxSteps: 20, query: '', category: '', deviceConfigs: { file: 'configs.json', names: ['default', 'large-dark'] } }, st);
    saveConfig({ name: 'split', agent: 'replay', repeat: 1, maxSteps: 20, query: '', category: '', deviceConfigs: { file: 'c.json', split: 'test', seed: 7, names: ['x'] } }, st);
    saveConfig({ name: 'junk', agent: 'replay', repeat: 1, maxSteps: 20, query: '', category: '', deviceConfigs: { nope: 1 } as never }, st);
    const got = Object.fromEntries(loadConfigs(st).map((c) => [c.name, c.deviceConfigs]));
    expect(got).toEqual({ two: { file: 'configs.json', names: ['default', 'large-dark'] }, split: { file: 'c.json', split: 'test', seed: 7 }, junk: undefined });
  });
});
