import { Group, Rect, Text } from 'react-konva';
import type { EssItemView } from '../../../shared/contract';
import type { Box } from '../../../shared/geometry/component-at';
import { ESS_COLORS, isDashedPrimitive } from '../overlay-colors';
import { useStageView } from '../stage-context';

/**
 * Boxes the essential-state items point at, one colour per primitive; a dashed one (exclude) must be absent.
 * With `tags` false the "exact #3" tags are left to the number layer, which places them off every text.
 */
export function EssTargets({ items, boxes, tags = true }: { items: readonly EssItemView[]; boxes: readonly Box[]; tags?: boolean }) {
  const { inv } = useStageView();
  // Several items can name one component: their tags stack under each other.
  const stacked = new Map<number, number>();
  return (
    <>
      {items.flatMap((it) => (it.primitive ? it.componentIds.map((id) => ({ it, id, primitive: it.primitive! })) : [])).map(({ it, id, primitive }) => {
        const b = boxes.find((x) => x.id === id);
        if (!b) return null;
        const color = ESS_COLORS[primitive];
        const n = stacked.get(id) ?? 0;
        stacked.set(id, n + 1);
        const label = `${primitive} #${id}`;
        const w = (label.length * 6.6 + 8) * inv;
        const h = 15 * inv;
        return (
          <Group key={`${it.index}-${id}`}>
            <Rect x={b.bounds.x1} y={b.bounds.y1} width={b.bounds.x2 - b.bounds.x1} height={b.bounds.y2 - b.bounds.y1}
              stroke={color} strokeWidth={3} strokeScaleEnabled={false} fill={`${color}26`} dash={isDashedPrimitive(primitive) ? [8 * inv, 5 * inv] : undefined} />
            {tags && <Group x={b.bounds.x1} y={b.bounds.y2 + n * (h + 2 * inv)}>
              <Rect width={w} height={h} fill={color} cornerRadius={2 * inv} />
              <Text text={label} width={w} height={h} align="center" verticalAlign="middle" fontSize={11 * inv}
                fontStyle="bold" fontFamily="Inter, 'DejaVu Sans', sans-serif" fill="#111" />
            </Group>}
          </Group>
        );
      })}
    </>
  );
}
