import { describe, expect, it } from 'vitest';
import { createKeymap, keyName, type KeyEventLike } from './keymap';

const ev = (key: string, mods: Partial<KeyEventLike> = {}): KeyEventLike => ({ key, ctrlKey: false, altKey: false, metaKey: false, shiftKey: false, ...mods });

describe('keyName', () => {
  it.each([
    [ev('e'), 'e'],
    [ev('E', { shiftKey: true }), 'E'],
    [ev('?', { shiftKey: true }), '?'],
    [ev('z', { ctrlKey: true }), 'Ctrl+Z'],
    [ev('Z', { ctrlKey: true, shiftKey: true }), 'Ctrl+Shift+Z'],
    [ev('z', { metaKey: true }), 'Ctrl+Z'],
    [ev('ArrowRight'), 'ArrowRight'],
    [ev('Tab', { shiftKey: true }), 'Shift+Tab'],
    [ev(' '), 'Space'],
  ])('%j is %s', (e, name) => {
    expect(keyName(e)).toBe(name);
  });
});

describe('keymap registry', () => {
  it('runs the binding of the first active scope that has the key, and nothing of inactive scopes', () => {
    const km = createKeymap();
    const ran: string[] = [];
    km.register('global', [{ keys: ['?'], label: 'help', run: () => { ran.push('help'); } }, { keys: ['e'], label: 'g-e', run: () => { ran.push('g-e'); } }]);
    const off = km.register('annotate', [{ keys: ['e'], label: 'exact', run: () => { ran.push('exact'); } }]);
    km.register('dataset', [{ keys: ['a'], label: 'action', run: () => { ran.push('action'); } }]);
    km.find(['annotate', 'global'], ev('e'))?.run(ev('e'));
    km.find(['dataset', 'global'], ev('e'))?.run(ev('e'));
    expect(km.find(['annotate', 'global'], ev('a'))).toBeNull();
    off();
    km.find(['annotate', 'global'], ev('e'))?.run(ev('e'));
    expect(ran).toEqual(['exact', 'g-e', 'g-e']);
    expect(km.list(['dataset', 'global']).map((s) => [s.scope, s.bindings.map((b) => b.label)])).toEqual([['dataset', ['action']], ['global', ['help', 'g-e']]]);
  });

  it('a modal takes every key until it closes, and tells subscribers', () => {
    const km = createKeymap();
    let changes = 0;
    km.subscribe(() => changes++);
    km.register('dataset', [{ keys: ['ArrowRight'], label: 'next', run: () => undefined }]);
    const close = km.pushModal([{ keys: ['Escape'], label: 'close', run: () => undefined }]);
    expect(km.find(['dataset'], ev('ArrowRight'))).toBeNull();
    expect(km.find(['dataset'], ev('Escape'))?.label).toBe('close');
    expect(km.list(['dataset']).map((s) => s.scope)).toEqual(['dataset']);
    close();
    expect(km.find(['dataset'], ev('ArrowRight'))?.label).toBe('next');
    expect(changes).toBe(3);
  });

  it('names the key that runs an action in the views registered now (the toolbar reads it)', () => {
    const km = createKeymap();
    const offDataset = km.register('dataset', [{ keys: ['e'], id: 'overlay:ess', label: 'ess', run: () => undefined }]);
    expect(km.keyFor('overlay:ess')).toBe('e');
    offDataset();
    const offAnnotate = km.register('annotate', [{ keys: ['E'], id: 'overlay:ess', label: 'ess', run: () => undefined }]);
    expect(km.keyFor('overlay:ess')).toBe('E');
    offAnnotate();
    expect(km.keyFor('overlay:ess')).toBeNull();
  });
});
