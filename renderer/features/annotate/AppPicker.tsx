import { useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AppChoice } from '../../../shared/contract/annotation';
import { useAppStore } from '../../store';
import { installItem, matchApps } from './app-match';

/**
 * Install / uninstall checks: a searchable combobox over the app table and
 * the apps the recording had installed (↑/↓ move, Enter picks, Escape
 * closes), then one button per check. `i` focuses it.
 */
export function AppPicker() {
  const s = useAppStore(useShallow((st) => ({ client: st.client, id: st.dataset?.id, path: st.taskPath, items: st.draft?.items, add: st.addItem, blocked: !st.draft || !!st.conflict })));
  const [apps, setApps] = useState<{ path: string; list: AppChoice[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<AppChoice | null>(null);

  // The list is fetched when the picker is first used on a task, never while the task opens.
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!wanted || !s.id || !s.path || apps?.path === s.path) return;
    let live = true;
    setError(null);
    s.client.call('annotation:apps', { datasetId: s.id, path: s.path })
      .then((list) => live && setApps({ path: s.path!, list }))
      .catch((err: unknown) => live && setError(err instanceof Error ? err.message : String(err)));
    return () => { live = false; };
  }, [wanted, s.client, s.id, s.path, apps?.path]);

  const shown = useMemo(() => matchApps(apps?.path === s.path ? apps.list : [], query), [apps, s.path, query]);
  const pick = (a: AppChoice | undefined) => {
    if (!a) return;
    setChosen(a);
    setQuery(a.name);
    setOpen(false);
  };
  const optionId = (i: number) => `app-option-${i}`;
  const add = (installed: boolean) => {
    const item = chosen ? installItem(chosen, installed) : null;
    if (item && !s.items?.includes(item)) void s.add(item);
  };

  return (
    <div className="app-picker" role="group" aria-label="Install checks">
      <div className="app-picker-field">
        <input id="app-picker-input" type="text" role="combobox" aria-label="App for an install check" aria-autocomplete="list"
          aria-expanded={open} aria-controls="app-picker-list" aria-activedescendant={open && shown[active] ? optionId(active) : undefined}
          placeholder="App…  ( i )" value={query} spellCheck={false}
          onFocus={() => { setWanted(true); setOpen(true); }} onBlur={() => setOpen(false)}
          onChange={(e) => { setQuery(e.target.value); setChosen(null); setActive(0); setOpen(true); }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              setOpen(true);
              setActive((i) => Math.max(0, Math.min(shown.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1))));
            } else if (e.key === 'Enter' && open) {
              e.preventDefault();
              pick(shown[active]);
            } else if (e.key === 'Escape') {
              if (open) setOpen(false);
              else (e.target as HTMLInputElement).blur();
            }
          }} />
        {open && (
          <ul id="app-picker-list" role="listbox" aria-label="Apps" className="app-picker-list">
            {shown.map((a, i) => (
              <li key={`${a.name}|${a.package}`} id={optionId(i)} role="option" aria-selected={i === active} className={i === active ? 'active' : undefined}
                onMouseDown={(e) => { e.preventDefault(); pick(a); }} onMouseEnter={() => setActive(i)}>
                <span className="app-name">{a.name}</span>
                {a.package !== a.name && <span className="app-pkg mono">{a.package}</span>}
                {a.source === 'trace' && <span className="badge badge-ok">installed in recording</span>}
              </li>
            ))}
            {shown.length === 0 && <li className="muted" role="presentation">{apps?.path === s.path ? 'No app matches.' : 'Loading the apps…'}</li>}
          </ul>
        )}
      </div>
      <button type="button" className="btn btn-small" data-add="install" disabled={!chosen || s.blocked} title="The app must be installed at the end (check_install<app>)" onClick={() => add(true)}>Installed</button>
      <button type="button" className="btn btn-small" data-add="uninstall" disabled={!chosen || s.blocked} title="The app must not be installed at the end (check_uninstall<app>)" onClick={() => add(false)}>Uninstalled</button>
      {error && <span className="topbar-error" role="alert">{error}</span>}
    </div>
  );
}
