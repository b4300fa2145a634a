import { useEffect, useRef } from 'react';
import { keymap, useKeymapVersion } from './use-keymap';
import type { KeyBinding } from './keymap';

/**
 * The `?` overlay: every key of the active view (and the global ones), grouped,
 * read from the registry itself. Esc or `?` closes it; while open it takes
 * every key, so nothing behind it moves.
 */
export function KeymapOverlay({ scopes, onClose }: { scopes: readonly string[]; onClose(): void }) {
  useKeymapVersion();
  const ref = useRef<HTMLDivElement>(null);
  const sections = keymap.list(scopes);
  useEffect(() => {
    ref.current?.focus();
    return keymap.pushModal([{ keys: ['Escape', '?'], label: 'Close this list', run: onClose }]);
  }, [onClose]);
  return (
    <div className="keymap-backdrop" onClick={onClose}>
      <div className="keymap-overlay" role="dialog" aria-modal="true" aria-label="Keyboard shortcuts" tabIndex={-1} ref={ref}
        data-keymap-scopes={scopes.join(' ')} onClick={(e) => e.stopPropagation()}>
        <header>
          <h2>Keyboard shortcuts</h2>
          <button type="button" className="btn btn-small" onClick={onClose}>Close <kbd>Esc</kbd></button>
        </header>
        <div className="keymap-sections">
          {sections.map((s, i) => <Section key={`${s.scope}-${i}`} scope={s.scope} bindings={s.bindings} />)}
        </div>
      </div>
    </div>
  );
}

function Section({ scope, bindings }: { scope: string; bindings: readonly KeyBinding[] }) {
  const groups = [...new Set(bindings.map((b) => b.group ?? ''))];
  return (
    <section data-keymap-scope={scope}>
      {groups.map((g) => (
        <div key={g} className="keymap-group">
          <h3>{g || (scope === 'global' ? 'Everywhere' : `${scope[0].toUpperCase()}${scope.slice(1)} view`)}</h3>
          <dl>
            {bindings.filter((b) => (b.group ?? '') === g).map((b) => (
              <div key={b.keys.join(' ')} className="keymap-row" data-keys={b.keys.join(' ')}>
                <dt>{b.keys.map((k) => <kbd key={k}>{k}</kbd>)}</dt>
                <dd>{b.label}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </section>
  );
}
