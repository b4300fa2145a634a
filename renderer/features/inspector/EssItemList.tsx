import type { EssItemView } from '../../../shared/contract';
import { ESS_COLORS } from '../../canvas/overlay-colors';

export interface EssItemListProps {
  items: readonly EssItemView[];
  focusId: number | null;
  onPick(id: number | null): void;
  onHover(id: number | null): void;
}

/** The step's essential-state items: keyword, target and what each checks; clicking one selects its component. */
export function EssItemList({ items, focusId, onPick, onHover }: EssItemListProps) {
  return (
    <section className="ess-items" aria-label="Essential state">
      <h3>Essential state <span className="muted">{items.length} item{items.length === 1 ? '' : 's'}</span></h3>
      <ol onMouseLeave={() => onHover(null)}>
        {items.map((it) => {
          const first = it.componentIds[0];
          const color = it.primitive ? ESS_COLORS[it.primitive] : undefined;
          const active = first !== undefined && it.componentIds.includes(focusId ?? -1);
          return (
            <li key={it.index} data-ess-item={it.index} data-keyword={it.keyword} data-component-ids={it.componentIds.join(',')}
              className={`${first !== undefined ? 'pickable' : ''}${active ? ' active' : ''}`}
              onMouseEnter={() => first !== undefined && onHover(first)}
              tabIndex={first !== undefined ? 0 : undefined}
              onClick={() => first !== undefined && onPick(first)}
              onKeyDown={(e) => {
                if (first === undefined || (e.key !== 'Enter' && e.key !== ' ')) return;
                e.preventDefault();
                onPick(first);
              }}>
              <span className="ess-kw" style={color ? { color, borderColor: `${color}88`, background: `${color}1a` } : undefined}>{it.keyword}</span>
              {it.target !== null && <span className="ess-target mono" title={it.target}>{it.target}</span>}
              <span className="ess-sentence">{it.sentence}</span>
              {it.problem && <span className="ess-problem" role="alert">{it.problem}</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
