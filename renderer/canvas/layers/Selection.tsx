import { Group, Rect } from 'react-konva';
import type { Box } from '../../../shared/geometry/component-at';
import { HOVER_COLOR, SELECT_COLOR } from '../overlay-colors';
import { useStageView } from '../stage-context';
import { outsideLabelSpot } from '../stack';
import { NumberTag, tagSize } from './NumberTag';

/**
 * The hovered and the selected component, outlined and numbered above
 * everything else; the number sits outside the box, off the start of its text.
 */
export function Selection({ boxes, hovered, selected }: { boxes: readonly Box[]; hovered: number | null; selected: number | null }) {
  const { inv, device } = useStageView();
  const ids = [hovered, selected].filter((id): id is number => id !== null);
  return (
    <>
      {ids.map((id, i) => {
        const b = boxes.find((x) => x.id === id);
        if (!b) return null;
        const color = id === selected ? SELECT_COLOR : HOVER_COLOR;
        const { w, h } = tagSize(id, inv);
        const at = outsideLabelSpot(b.bounds, w, h, device);
        return (
          <Group key={`${i}-${id}`}>
            <Rect x={b.bounds.x1} y={b.bounds.y1} width={b.bounds.x2 - b.bounds.x1} height={b.bounds.y2 - b.bounds.y1}
              stroke={color} strokeWidth={2.5} strokeScaleEnabled={false} fill={`${color}22`} />
            <NumberTag id={id} x={at.x} y={at.y} inv={inv} color={color} dim={false} />
          </Group>
        );
      })}
    </>
  );
}
