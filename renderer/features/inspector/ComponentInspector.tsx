import { memo, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useFocusKeys } from '../../keymap/use-keymap';
import { formatProblem, type NumberedComponent } from '../../../shared/model';
import type { StepHierarchy } from '../../../shared/contract';
import { EssItemList } from './EssItemList';
import { ESS_COLORS } from '../../canvas/overlay-colors';
import { scrollIntoList } from '../../components/scroll-into-list';

const FLAGS = ['clickable', 'long-clickable', 'scrollable', 'focusable', 'focused', 'enabled', 'selected', 'checkable', 'checked', 'password', 'visible'] as const;

export interface ComponentInspectorProps {
  hierarchy: StepHierarchy | null;
  focusId: number | null;
  pinned: boolean;
  onPick(id: number | null): void;
  onHover(id: number | null): void;
  /** A search box over the list (id, text, class, resource-id, description). */
  searchable?: boolean;
  /** A second view of the components (the hierarchy tree), offered as a tab beside the list. */
  tree?: ReactNode;
  tab?: 'list' | 'tree';
  onTab?(tab: 'list' | 'tree'): void;
  /** Components selected besides the pinned one; Shift/Ctrl+click and Space add or remove one. */
  multi?: readonly number[];
  onToggleMulti?(id: number): void;
}

/** Fields of the hovered/selected component, and the list of all components of the step. */
export function ComponentInspector({ hierarchy, focusId, pinned, onPick, onHover, searchable = false, tree, tab = 'list', onTab, multi, onToggleMulti }: ComponentInspectorProps) {
  const comps = hierarchy?.components ?? [];
  const [query, setQuery] = useState('');
  const listed = useMemo(() => {
    const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
    if (!terms.length) return comps;
    return comps.filter((x) => {
      const hay = `#${x.id} ${x.text} ${x.class} ${x['resource-id']} ${x['content-desc']}`.toLowerCase();
      return terms.every((t) => hay.includes(t));
    });
  }, [comps, query]);
  const c = focusId === null ? undefined : comps.find((x) => x.id === focusId);
  const listRef = useRef<HTMLUListElement>(null);
  // Which primitives point at each component, so the list shows what the annotation uses.
  const essOf = new Map<number, string[]>();
  for (const it of hierarchy?.ess ?? []) for (const id of it.componentIds) if (it.primitive) essOf.set(id, [...(essOf.get(id) ?? []), it.primitive]);
  // Keep the row of the box under the pointer visible ('nearest' never scrolls a row that is already in view).
  useEffect(() => {
    scrollIntoList(listRef.current, listRef.current?.querySelector('li.active'));
  }, [focusId]);
  const step = (delta: number) => {
    const i = listed.findIndex((x) => x.id === focusId);
    const next = listed[Math.max(0, Math.min(listed.length - 1, i < 0 ? 0 : i + delta))];
    if (!next) return false;
    onPick(next.id);
  };
  const listKeys = useFocusKeys('components', [
    { keys: ['ArrowDown', 'j'], label: 'Select the next component of the list', group: 'Component list (focused)', run: () => step(1) },
    { keys: ['ArrowUp', 'k'], label: 'Select the previous component of the list', group: 'Component list (focused)', run: () => step(-1) },
    { keys: ['Space'], label: 'Add the component to the selection, or take it out', group: 'Component list (focused)', run: () => {
      if (focusId === null || !onToggleMulti) return false;
      onToggleMulti(focusId);
    } },
  ]);
  const showTree = tree !== undefined && tab === 'tree';
  return (
    <aside className="inspector" aria-label="Component">
      <header className="inspector-head">
        <h2>{c ? <>Component <span className="num">#{c.id}</span></> : 'Components'}</h2>
        {hierarchy && <span className="muted" title="Where the numbers come from">{sourceLabel(hierarchy.source)}</span>}
      </header>
      {hierarchy?.ess && hierarchy.ess.length > 0 && <EssItemList items={hierarchy.ess} focusId={focusId} onPick={onPick} onHover={onHover} />}
      {/* Fixed height, so hovering the list below never shifts it under the pointer. */}
      <div className="inspector-detail">
        {c ? <Fields c={c} pinned={pinned} onClear={() => onPick(null)} /> : <p className="muted hint">Hover a box or a row to inspect it; click to pin.</p>}
        {hierarchy?.problems.map((p, i) => <div key={i} className={p.severity === 'error' ? 'error-box inline' : 'warn-box'}>{formatProblem(p)}</div>)}
      </div>
      {tree !== undefined && (
        <div className="inspector-tabs" role="tablist" aria-label="Components as">
          {(['list', 'tree'] as const).map((t) => (
            <button key={t} type="button" role="tab" aria-selected={tab === t} className={`toggle${tab === t ? ' on' : ''}`} data-tab={t} onClick={() => onTab?.(t)}>
              {t === 'list' ? 'Numbered list' : 'Hierarchy tree'}
            </button>
          ))}
        </div>
      )}
      {/* Both stay mounted (their keys stay registered and listed in ?); the one not shown is hidden. */}
      {tree !== undefined && <div className="inspector-pane" hidden={!showTree}>{tree}</div>}
      <div className="inspector-pane" hidden={showTree}>
        {searchable && (
          <input className="component-search" type="search" aria-label="Search components" placeholder="Search components (#id, text, class)" value={query}
            spellCheck={false} onChange={(e) => setQuery(e.target.value)} onKeyDown={(e) => {
              if (e.key === 'Escape') setQuery('');
              // Enter or ↓ takes the first hit and moves on to the list, where ↑/↓ go on.
              if ((e.key === 'Enter' || e.key === 'ArrowDown') && listed.length) {
                e.preventDefault();
                onPick(listed[0].id);
                listRef.current?.focus({ preventScroll: true });
              }
            }} />
        )}
        <ul className="component-list" ref={listRef} onMouseLeave={() => onHover(null)} aria-label="Components" data-listed={listed.length}
          tabIndex={searchable ? 0 : undefined} onKeyDown={searchable ? listKeys : undefined} data-focus-region="components">
          {listed.map((x) => <ComponentRow key={x.id} c={x} active={x.id === focusId} multi={multi?.includes(x.id) ?? false} ess={essOf.get(x.id)?.join(' ')}
            onHover={onHover} onPick={onPick} onToggleMulti={onToggleMulti} />)}
        </ul>
      </div>
    </aside>
  );
}

/** One row of the component list (memoised: hovering re-renders only the rows that change). */
const ComponentRow = memo(function ComponentRow({ c, active, multi, ess, onHover, onPick, onToggleMulti }: {
  c: NumberedComponent; active: boolean; multi: boolean; ess: string | undefined; onHover(id: number | null): void; onPick(id: number | null): void; onToggleMulti?(id: number): void;
}) {
  return (
    <li className={`${active ? 'active' : ''}${multi ? ' multi' : ''}` || undefined} data-id={c.id} onMouseEnter={() => onHover(c.id)}
      onClick={(e) => (onToggleMulti && (e.shiftKey || e.ctrlKey || e.metaKey) ? onToggleMulti(c.id) : onPick(c.id))}>
      <span className="num">{c.id}</span>
      <span className="comp-class">{shortClass(c.class)}</span>
      <span className="comp-label">{c.text || c['content-desc'] || c['resource-id'].split('/').pop() || ''}</span>
      <span className="comp-ess" data-ess={ess}>
        {ess?.split(' ').map((p) => <i key={p} title={`${p} item of this step's essential state`} style={{ background: ESS_COLORS[p as keyof typeof ESS_COLORS] }} />)}
      </span>
    </li>
  );
});

function Fields({ c, pinned, onClear }: { c: NumberedComponent; pinned: boolean; onClear(): void }) {
  const rows: [string, string][] = [
    ['class', c.class], ['text', c.text], ['resource-id', c['resource-id']], ['content-desc', c['content-desc']], ['bounds', c.bounds],
  ];
  if (typeof c.xpath === 'string') rows.push(['xpath', c.xpath]);
  return (
    <div className="fields" data-component-id={c.id}>
      <dl>
        {rows.map(([k, v]) => (
          <div key={k} className="field"><dt>{k}</dt><dd className={v ? 'mono' : 'mono empty'}>{v || '—'}</dd></div>
        ))}
      </dl>
      <div className="flags">
        {FLAGS.map((f) => <span key={f} className={`flag${c[f] === true ? ' on' : ''}`}>{f}</span>)}
      </div>
      {pinned && <button className="btn btn-small" onClick={onClear}>Unpin (Esc)</button>}
    </div>
  );
}

function shortClass(cls: string): string {
  return cls.split('.').pop() ?? cls;
}

function sourceLabel(s: StepHierarchy['source']): string {
  switch (s) {
    case 'i.json': return 'numbers from i.json';
    case 'xml': return 'derived from i.xml';
    case 'vh': return 'derived from i.vh';
    case 'none': return 'no hierarchy';
  }
}
