import type { EssItemView } from '../../shared/contract';
import type { NumberedComponent } from '../../shared/model';
import type { Box } from '../../shared/geometry/component-at';

/** Which numbered boxes the annotation canvas shows. */
export const BOX_FILTERS = ['all', 'clickable', 'text', 'annotated', 'none'] as const;
export type BoxFilter = (typeof BOX_FILTERS)[number];

export const BOX_FILTER_LABELS: Record<BoxFilter, string> = { all: 'All', clickable: 'Clickable', text: 'With text', annotated: 'Annotated', none: 'None' };

/** The boxes a filter keeps (hit-testing still sees every box, so nothing becomes unreachable). */
export function filterBoxes(boxes: readonly Box[], components: readonly NumberedComponent[], ess: readonly EssItemView[], filter: BoxFilter): readonly Box[] {
  if (filter === 'all') return boxes;
  if (filter === 'none') return [];
  const byId = new Map(components.map((c) => [c.id, c]));
  const annotated = new Set(ess.flatMap((i) => i.componentIds));
  return boxes.filter((b) => {
    const c = byId.get(b.id);
    if (filter === 'clickable') return c?.clickable === true || c?.['long-clickable'] === true;
    if (filter === 'text') return !!(c?.text.trim() || c?.['content-desc'].trim());
    return annotated.has(b.id);
  });
}
