/**
 * The keymap registry: each view registers its own bindings under its scope
 * while it is shown, and one dispatcher runs the binding of the active scopes
 * for a key (the `?` overlay lists the same bindings, so what it shows is
 * what the keys do). A modal (a dialog, the overlay itself) takes every key
 * while it is open.
 */

/** The parts of a KeyboardEvent the registry reads (a plain object in tests). */
export interface KeyEventLike {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}

export interface KeyBinding {
  /** Key names as `keyName` spells them: 'e', 'ArrowRight', 'Ctrl+Z', 'Ctrl+Shift+Z', '?'. */
  keys: readonly string[];
  /** What the key does, as the overlay shows it. */
  label: string;
  /** A heading in the overlay (e.g. 'Steps', 'Overlays'). */
  group?: string;
  /** A stable name of the action ('overlay:ess', 'zoom:in'), so buttons can show the key that runs it in the shown view. */
  id?: string;
  /** Runs the action; returning false lets the key through (no preventDefault). */
  run(e: KeyEventLike): void | boolean;
}

/**
 * The canonical name of a key press: modifiers in the order Ctrl, Alt, Shift,
 * then the key. A printable character carries Shift in itself ('?', 'E'), so
 * Shift is named only with Ctrl/Alt or on named keys (Shift+Tab); letters are
 * lower-cased under Ctrl/Alt so Ctrl+Shift+Z reads the same on every layout.
 * Meta counts as Ctrl (macOS Cmd).
 */
export function keyName(e: KeyEventLike): string {
  const ctrl = e.ctrlKey || e.metaKey;
  const printable = e.key.length === 1;
  const key = printable && (ctrl || e.altKey) ? e.key.toLowerCase() : e.key === ' ' ? 'Space' : e.key;
  const mods = [ctrl ? 'Ctrl' : '', e.altKey ? 'Alt' : '', e.shiftKey && (ctrl || e.altKey || !printable) ? 'Shift' : ''].filter(Boolean);
  return [...mods, key.length === 1 && (ctrl || e.altKey) ? key.toUpperCase() : key].join('+');
}

interface Entry {
  scope: string;
  bindings: readonly KeyBinding[];
}

export interface Keymap {
  /** Adds bindings under a scope (a view name, or 'global'); returns the function removing them. */
  register(scope: string, bindings: readonly KeyBinding[]): () => void;
  /** Makes these bindings the only active ones until the returned function is called (dialogs). */
  pushModal(bindings: readonly KeyBinding[]): () => void;
  /** The binding a key press runs with these scopes active (earlier scopes win), or null. */
  find(scopes: readonly string[], e: KeyEventLike): KeyBinding | null;
  /** Every binding of these scopes, by scope, for the overlay (modals left out). */
  list(scopes: readonly string[]): Array<{ scope: string; bindings: readonly KeyBinding[] }>;
  /** The first key of the most recently registered binding with this id (the shown view's), or null when none is bound. */
  keyFor(id: string): string | null;
  /** Calls `listener` after every register/unregister. */
  subscribe(listener: () => void): () => void;
}

export function createKeymap(): Keymap {
  const entries: Entry[] = [];
  const modals: Array<readonly KeyBinding[]> = [];
  const listeners = new Set<() => void>();
  const changed = () => listeners.forEach((l) => l());
  const active = (scopes: readonly string[]): Entry[] => {
    const top = modals.at(-1);
    if (top) return [{ scope: 'modal', bindings: top }];
    return scopes.flatMap((s) => entries.filter((e) => e.scope === s));
  };
  return {
    register(scope, bindings) {
      const entry = { scope, bindings };
      entries.push(entry);
      changed();
      return () => {
        const i = entries.indexOf(entry);
        if (i >= 0) entries.splice(i, 1);
        changed();
      };
    },
    pushModal(bindings) {
      modals.push(bindings);
      changed();
      return () => {
        const i = modals.lastIndexOf(bindings);
        if (i >= 0) modals.splice(i, 1);
        changed();
      };
    },
    find(scopes, e) {
      const name = keyName(e);
      for (const entry of active(scopes)) {
        const hit = entry.bindings.find((b) => b.keys.includes(name));
        if (hit) return hit;
      }
      return null;
    },
    keyFor(id) {
      for (let i = entries.length - 1; i >= 0; i--) {
        const hit = entries[i].bindings.find((b) => b.id === id);
        if (hit) return hit.keys[0] ?? null;
      }
      return null;
    },
    list: (scopes) => scopes.flatMap((s) => entries.filter((e) => e.scope === s && e.bindings.length > 0)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
