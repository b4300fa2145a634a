import { Rect } from 'react-konva';
import type { Box } from '../../../shared/geometry/component-at';
import { BOX_COLOR } from '../overlay-colors';
import { useStageView } from '../stage-context';
import { NumberTag } from './NumberTag';

/** Every component's outline (fainter while something is highlighted). */
export function BoxOutlines({ boxes, dim }: { boxes: readonly Box[]; dim: boolean }) {
  return (
    <>
      {boxes.map((b) => (
        <Rect key={b.id} x={b.bounds.x1} y={b.bounds.y1} width={b.bounds.x2 - b.bounds.x1} height={b.bounds.y2 - b.bounds.y1}
          stroke={BOX_COLOR} strokeWidth={1.25} strokeScaleEnabled={false} opacity={dim ? 0.4 : 0.9} />
      ))}
    </>
  );
}

/** Every component's number at its top-left corner. */
export function BoxNumbers({ boxes, dim }: { boxes: readonly Box[]; dim: boolean }) {
  const { inv } = useStageView();
  return (
    <>
      {boxes.map((b) => <NumberTag key={b.id} id={b.id} x={b.bounds.x1} y={b.bounds.y1} inv={inv} color={BOX_COLOR} dim={dim} />)}
    </>
  );
}
