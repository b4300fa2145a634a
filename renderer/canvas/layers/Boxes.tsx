import { memo, useEffect, useMemo } from 'react';
import { Rect } from 'react-konva';
import type { Box } from '../../../shared/geometry/component-at';
import { BOX_COLOR } from '../overlay-colors';
import { useStageView } from '../stage-context';
import { labelStats, placeLabels } from '../stack';
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
 * Every component's number at its top-left corner; with `spread` (which
 * components have text), labels are placed off each other and off the text,
 * inside the screen (`placeLabels`).
 */
export const BoxNumbers = memo(function BoxNumbers({ boxes, dim, spread, onPlaced }: {
  boxes: readonly Box[]; dim: boolean; spread?: (id: number) => boolean;
  /** Told how many labels left the screen or cover another, after each placement. */
  onPlaced?(stats: { outside: number; overlapping: number }): void;
}) {
  const { inv, device } = useStageView();
  const placed = useMemo(() => (spread ? placeLabels(boxes, 7 * inv, (LABEL_PX + 4) * inv, device, spread) : null), [boxes, inv, device, spread]);
  const spots = placed ?? boxes.map((b) => ({ id: b.id, x: b.bounds.x1, y: b.bounds.y1 }));
  useEffect(() => {
    if (placed && onPlaced) onPlaced(labelStats(placed, device));
  }, [placed, device, onPlaced]);
  return (
    <>
      {spots.map((p) => <NumberTag key={p.id} id={p.id} x={p.x} y={p.y} inv={inv} color={BOX_COLOR} dim={dim} />)}
    </>
  );
});
