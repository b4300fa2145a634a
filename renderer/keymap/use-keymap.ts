import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { createKeymap, type KeyBinding, type Keymap } from './keymap';

/** The renderer's one keymap (views register into it while mounted). */
export const keymap: Keymap = createKeymap();

function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable);
}

/**
 * Registers `bindings` under `scope` while the calling component is mounted.
 * The bindings may be a fresh array every render: the registry keeps the
 * latest through a ref, so only a change of the keys or labels re-registers.
 */
export function useKeymap(scope: string, bindings: readonly KeyBinding[], map: Keymap = keymap): void {
  const latest = useRef(bindings);
  latest.current = bindings;
  const shape = bindings.map((b) => `${b.keys.join(',')}:${b.label}:${b.group ?? ''}:${b.id ?? ''}`).join('|');
  useEffect(() => {
    const proxies: KeyBinding[] = latest.current.map((b, i) => ({ keys: b.keys, label: b.label, group: b.group, id: b.id, run: (e) => latest.current[i]?.run(e) }));
    return map.register(scope, proxies);
  }, [scope, shape, map]);
}

/** The one window key listener: runs the binding of the active scopes (first wins), never while typing in a field. */
export function useKeymapDispatcher(scopes: readonly string[], map: Keymap = keymap): void {
  const key = scopes.join(' ');
  useEffect(() => {
    const active = key.split(' ');
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || typingIn(e.target)) return;
      const binding = map.find(active, e);
      if (!binding) return;
      if (binding.run(e) !== false) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [key, map]);
}

/** Re-renders on every register/unregister (for the overlay). */
export function useKeymapVersion(map: Keymap = keymap): number {
  const version = useRef(0);
  return useSyncExternalStore(
    (cb) => map.subscribe(() => {
      version.current++;
      cb();
    }),
    () => version.current,
  );
}

/** The key that runs the action named `id` in the views shown now (null when none binds it); follows registrations. */
export function useKeyFor(id: string, map: Keymap = keymap): string | null {
  useKeymapVersion(map);
  return map.keyFor(id);
}

/**
 * Keys that act only while a widget has the focus (the screen, the tree, a list): registered under
 * their own scope, so the `?` overlay lists them, and run from the widget's onKeyDown, so they take
 * the key before the view's keys (the window dispatcher skips a key already handled).
 */
export function useFocusKeys(scope: string, bindings: readonly KeyBinding[], map: Keymap = keymap): (e: React.KeyboardEvent) => void {
  useKeymap(scope, bindings, map);
  return useCallback((e: React.KeyboardEvent) => {
    if (e.defaultPrevented || typingIn(e.target)) return;
    const b = map.find([scope], e);
    if (!b || b.run(e) === false) return;
    e.preventDefault();
    e.stopPropagation();
  }, [scope, map]);
}
