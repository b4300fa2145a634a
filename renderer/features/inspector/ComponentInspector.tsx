import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { formatProblem, type NumberedComponent } from '../../../shared/model';
import type { StepHierarchy } from '../../../shared/contract';
import { EssItemList } from './EssItemList';
import { ESS_COLORS } from '../../canvas/overlay-colors';

const FLAGS = ['clickable', 'long-clickable', 'scrollable', 'focusable', 'focused', 'enabled', 'selected', 'checkable', 'checked', 'password', 'visible'] as const;

export interface ComponentInspectorProps {
  hierarchy: StepHierarchy | null;
  focusId: number | null;
  pinned: boolean;
  onPick(id: number | null): void;
  onHover(id: number | null): void;
  /** A search box over the list (id, text, class, resource-id, description). */
  searchable?: boolean;
}

/** Fields of the hovered/selected component, and the list of all components of the step. */
export function ComponentInspector({ hierarchy, focusId, pinned, onPick, onHover, searchable = false }: ComponentInspectorProps) {
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
    listRef.current?.querySelector('li.active')?.scrollIntoView({ block: 'nearest' });
  }, [focusId]);
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
      {searchable && (
        <input className="component-search" type="search" aria-label="Search components" placeholder="Search components (#id, text, class)" value={query}
          spellCheck={false} onChange={(e) => setQuery(e.target.value)} onKeyDown={(e) => e.key === 'Escape' && setQuery('')} />
      )}
      <ul className="component-list" ref={listRef} onMouseLeave={() => onHover(null)} aria-label="Components" data-listed={listed.length}>
        {listed.map((x) => <ComponentRow key={x.id} c={x} active={x.id === focusId} ess={essOf.get(x.id)?.join(' ')} onHover={onHover} onPick={onPick} />)}
      </ul>
    </aside>
  );
}

/** One row of the component list (memoised: hovering re-renders only the rows that change). */
const ComponentRow = memo(function ComponentRow({ c, active, ess, onHover, onPick }: { c: NumberedComponent; active: boolean; ess: string | undefined; onHover(id: number | null): void; onPick(id: number | null): void }) {
  return (
    <li className={active ? 'active' : undefined} onMouseEnter={() => onHover(c.id)} onClick={() => onPick(c.id)}>
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
