import type { EssItemView } from '../../shared/contract';
import { ACTION_DOT, ESS_COLORS, ESS_PRIMITIVES, isDashedPrimitive } from './overlay-colors';

/** What the colours on the canvas mean: the primitives present on this step, and the recorded action. */
export function CanvasLegend({ items, action }: { items: readonly EssItemView[] | null; action: string | null }) {
  const present = ESS_PRIMITIVES.filter((p) => items?.some((i) => i.primitive === p && i.componentIds.length > 0));
  if (!present.length && !action) return null;
  return (
    <ul className="canvas-legend" aria-label="Legend">
      {present.map((p) => (
        <li key={p} data-legend={p}><span className={`swatch${isDashedPrimitive(p) ? ' dashed' : ''}`} style={{ borderColor: ESS_COLORS[p], background: `${ESS_COLORS[p]}33` }} />{p}</li>
      ))}
      {action && <li data-legend="action"><span className="swatch round" style={{ borderColor: '#fff', background: ACTION_DOT }} />recorded: {action}</li>}
    </ul>
  );
}
