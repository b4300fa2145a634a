import { memo } from 'react';
import { Rect } from 'react-konva';
import type { Box } from '../../../shared/geometry/component-at';
import { BOX_COLOR } from '../overlay-colors';
import { useStageView } from '../stage-context';
import { placeLabels } from '../stack';
import { LABEL_PX, NumberTag } from './NumberTag';

/** Every component's outline (fainter while something is highlighted). */
export const BoxOutlines = memo(function BoxOutlines({ boxes, dim }: { boxes: readonly Box[]; dim: boolean }) {
  return (
    <>
      {boxes.map((b) => (
        <Rect key={b.id} x={b.bounds.x1} y={b.bounds.y1} width={b.bounds.x2 - b.bounds.x1} height={b.bounds.y2 - b.bounds.y1}
          stroke={BOX_COLOR} strokeWidth={1.25} strokeScaleEnabled={false} opacity={dim ? 0.4 : 0.9} />
      ))}
    </>
  );
});

/**
 * Every component's number at its top-left corner; with `spread`, labels of
 * equal boxes sit side by side and a short box's label goes above it.
 */
export const BoxNumbers = memo(function BoxNumbers({ boxes, dim, spread = false }: { boxes: readonly Box[]; dim: boolean; spread?: boolean }) {
  const { inv } = useStageView();
  const spots = spread ? placeLabels(boxes, 7 * inv, (LABEL_PX + 4) * inv) : boxes.map((b) => ({ id: b.id, x: b.bounds.x1, y: b.bounds.y1 }));
  return (
    <>
      {spots.map((p) => <NumberTag key={p.id} id={p.id} x={p.x} y={p.y} inv={inv} color={BOX_COLOR} dim={dim} />)}
    </>
  );
});
