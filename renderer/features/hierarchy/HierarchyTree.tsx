import { useEffect, useMemo, useRef, useState } from 'react';
import type { NumberedComponent } from '../../../shared/model';
import { useFocusKeys } from '../../keymap/use-keymap';
import { buildTree, searchTree, visibleRows, type TreeNode } from './build-tree';
import './hierarchy.css';

export interface HierarchyTreeProps {
  components: readonly NumberedComponent[];
  selected: number | null;
  hovered: number | null;
  multi: readonly number[];
  onPick(id: number | null): void;
  onHover(id: number | null): void;
  onToggleMulti(id: number): void;
}

const ROW = 22;
const OVERSCAN = 8;

/**
 * The step's hierarchy beside the screen (Appium Inspector-style): collapsible
 * nodes, the numbered ones synced both ways with the screen and the list
 * (hover and selection come from and go to the store), a search over number,
 * text, id, class and xpath, keys while focused, and the selected node's
 * xpath to copy. Only the rows in view are rendered, so a 300-node screen stays quick.
 */
export function HierarchyTree(p: HierarchyTreeProps) {
  const nodes = useMemo(() => buildTree(p.components), [p.components]);
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(new Set());
  const [query, setQuery] = useState('');
  const [cursor, setCursor] = useState<number | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  useEffect(() => { setCollapsed(new Set()); setCursor(null); }, [nodes]);
  const found = useMemo(() => (query.trim() ? searchTree(nodes, p.components, query) : null), [nodes, p.components, query]);
  const rows = useMemo(() => visibleRows(nodes, found ? new Set() : collapsed, found?.shown), [nodes, collapsed, found]);
  const nodeOf = useMemo(() => new Map(nodes.filter((n) => n.id !== null).map((n) => [n.id as number, n.index])), [nodes]);
  const byId = useMemo(() => new Map(p.components.map((c) => [c.id, c])), [p.components]);
  const current = cursor ?? (p.selected !== null ? nodeOf.get(p.selected) ?? null : null);

  // Keep the selected node (from the screen or the list) in view, its ancestors open.
  const scroller = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);
  const [height, setHeight] = useState(400);
  useEffect(() => {
    if (p.selected === null) return;
    const at = nodeOf.get(p.selected);
    if (at === undefined) return;
    setCursor(null);
    setCollapsed((c) => {
      let open: Set<number> | null = null;
      for (let q = nodes[at].parent; q !== null; q = nodes[q].parent) if (c.has(q)) (open ??= new Set(c)).delete(q);
      return open ?? c;
    });
  }, [p.selected, nodeOf, nodes]);
  useEffect(() => {
    const el = scroller.current;
    const i = current === null ? -1 : rows.indexOf(current);
    if (!el || i < 0) return;
    if (i * ROW < el.scrollTop) el.scrollTop = i * ROW;
    else if ((i + 1) * ROW > el.scrollTop + el.clientHeight) el.scrollTop = (i + 1) * ROW - el.clientHeight;
  }, [current, rows]);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const move = (delta: number) => {
    const i = current === null ? -1 : rows.indexOf(current);
    const next = rows[Math.max(0, Math.min(rows.length - 1, i + delta))];
    if (next === undefined) return;
    setCursor(next);
    const id = nodes[next].id;
    if (id !== null) p.onHover(id);
  };
  const setOpen = (index: number, open: boolean) => setCollapsed((c) => {
    const n = new Set(c);
    if (open) n.delete(index); else n.add(index);
    return n;
  });
  const pickCurrent = () => {
    const id = current === null ? null : nodes[current].id;
    if (id === null) return false;
    p.onPick(id);
  };
  const copy = (xpath: string | null) => {
    if (!xpath) return;
    setCopied(xpath);
    void navigator.clipboard?.writeText(xpath).catch(() => undefined);
  };
  const onKeyDown = useFocusKeys('tree', [
    { keys: ['ArrowDown', 'j'], label: 'Next node', group: 'Hierarchy tree (focused)', run: () => move(1) },
    { keys: ['ArrowUp', 'k'], label: 'Previous node', group: 'Hierarchy tree (focused)', run: () => move(-1) },
    { keys: ['ArrowRight', 'l'], label: 'Open the node, or go to its first child', group: 'Hierarchy tree (focused)', run: () => {
      if (current === null) return move(1);
      if (collapsed.has(current)) setOpen(current, true); else move(1);
    } },
    { keys: ['ArrowLeft', 'h'], label: 'Close the node, or go to its parent', group: 'Hierarchy tree (focused)', run: () => {
      if (current === null) return;
      const n = nodes[current];
      if (n.children.length && !collapsed.has(current)) setOpen(current, false);
      else if (n.parent !== null) setCursor(n.parent);
    } },
    { keys: ['Enter'], label: 'Select (pin) the node\'s component', group: 'Hierarchy tree (focused)', run: pickCurrent },
    { keys: ['Space'], label: 'Add the node\'s component to the selection, or take it out', group: 'Hierarchy tree (focused)', run: () => {
      const id = current === null ? null : nodes[current].id;
      if (id === null) return false;
      p.onToggleMulti(id);
    } },
    { keys: ['Ctrl+Shift+C'], label: 'Copy the node\'s xpath', group: 'Hierarchy tree (focused)', run: () => copy(current === null ? null : nodes[current].xpath) },
  ]);

  const first = Math.max(0, Math.floor(top / ROW) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((top + height) / ROW) + OVERSCAN);
  const hits = new Set(found?.hits ?? []);
  const cur = current === null ? null : nodes[current];
  return (
    <section className="hierarchy-tree" aria-label="Hierarchy tree" data-tree-nodes={nodes.length} data-tree-rows={rows.length} data-copied={copied ?? undefined}>
      <div className="tree-search">
        <input id="tree-search" type="search" aria-label="Search the tree" placeholder="Search the tree (#id, text, id, class, xpath)" value={query} spellCheck={false}
          onChange={(e) => { setQuery(e.target.value); setCursor(null); }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setQuery('');
            if ((e.key === 'Enter' || e.key === 'ArrowDown') && found) {
              const hit = found.hits.find((h) => nodes[h].id !== null) ?? found.hits[0];
              if (hit === undefined) return;
              e.preventDefault();
              setCursor(hit);
              if (e.key === 'Enter' && nodes[hit].id !== null) p.onPick(nodes[hit].id);
              scroller.current?.focus({ preventScroll: true });
            }
          }} />
        <span className="muted" data-tree-hits={found?.hits.length}>{found ? `${found.hits.length} found` : `${nodes.length} nodes`}</span>
      </div>
      <div className="tree-rows" ref={scroller} tabIndex={0} role="tree" aria-label="Nodes" data-focus-region="tree"
        onScroll={(e) => setTop(e.currentTarget.scrollTop)} onKeyDown={onKeyDown} onMouseLeave={() => p.onHover(null)}>
        <div style={{ height: rows.length * ROW, position: 'relative' }}>
          {rows.slice(first, last).map((index, k) => (
            <Row key={index} n={nodes[index]} c={nodes[index].id === null ? undefined : byId.get(nodes[index].id as number)} top={(first + k) * ROW}
              open={!collapsed.has(index) || !!found} cursor={index === current} hit={hits.has(index)}
              selected={nodes[index].id !== null && nodes[index].id === p.selected} hovered={nodes[index].id !== null && nodes[index].id === p.hovered}
              multi={nodes[index].id !== null && p.multi.includes(nodes[index].id as number)}
              onToggle={() => setOpen(index, collapsed.has(index))}
              onPick={(add) => {
                setCursor(index);
                const id = nodes[index].id;
                if (id === null) return;
                if (add) p.onToggleMulti(id); else p.onPick(id);
              }}
              onHover={() => nodes[index].id !== null && p.onHover(nodes[index].id)} />
          ))}
        </div>
      </div>
      <footer className="tree-foot">
        <span className="mono tree-xpath" title={cur?.xpath ?? ''}>{cur?.xpath ?? 'Select a node to see its xpath'}</span>
        <button type="button" className="btn btn-small" disabled={!cur?.xpath} onClick={() => copy(cur?.xpath ?? null)} title="Copy the xpath (Ctrl+Shift+C in the tree)">Copy xpath</button>
      </footer>
    </section>
  );
}

function Row(r: { n: TreeNode; c: NumberedComponent | undefined; top: number; open: boolean; cursor: boolean; hit: boolean; selected: boolean; hovered: boolean; multi: boolean; onToggle(): void; onPick(add: boolean): void; onHover(): void }) {
  const cls = ['tree-row', r.cursor && 'cursor', r.selected && 'selected', r.hovered && 'hovered', r.hit && 'hit', r.multi && 'multi', r.n.id === null && 'plain'].filter(Boolean).join(' ');
  const text = r.c ? r.c.text || r.c['content-desc'] || r.c['resource-id'].split('/').pop() || '' : '';
  return (
    <div className={cls} role="treeitem" aria-selected={r.selected} aria-expanded={r.n.children.length ? r.open : undefined} aria-level={r.n.depth + 1}
      data-node={r.n.index} data-id={r.n.id ?? undefined} style={{ top: r.top, paddingLeft: 4 + r.n.depth * 12 }}
      onMouseEnter={r.onHover} onClick={(e) => r.onPick(e.shiftKey || e.ctrlKey || e.metaKey)}>
      <button type="button" className="tree-twisty" tabIndex={-1} aria-label={r.open ? 'Close' : 'Open'} disabled={!r.n.children.length}
        onClick={(e) => { e.stopPropagation(); r.onToggle(); }}>{r.n.children.length ? (r.open ? '▾' : '▸') : ''}</button>
      {r.n.id !== null && <span className="num">{r.n.id}</span>}
      <span className="tree-label">{r.n.label}</span>
      {text && <span className="tree-text">{text}</span>}
    </div>
  );
}
