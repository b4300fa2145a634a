import { Group, Rect, Text } from 'react-konva';
import type { Bounds } from '../../../shared/model';
import { useStageView } from '../stage-context';

/** A rectangle to mark on the screen with an optional caption: a match's evidence, an OCR text box. */
export interface RectMark {
  key: string;
  bounds: Bounds;
  color: string;
  label?: string;
  /** Dashed: something that must be absent, or a guess. */
  dashed?: boolean;
}

/**
 * Rectangles in device pixels with captions under them: the match highlights
 * of a replayed verdict, the text boxes OCR found on a screenshot.
 */
export function RectMarks({ marks }: { marks: readonly RectMark[] }) {
  const { inv } = useStageView();
  return (
    <>
      {marks.map((m) => {
        const w = m.label ? (m.label.length * 6.6 + 8) * inv : 0;
        const h = 15 * inv;
        return (
          <Group key={m.key}>
            <Rect x={m.bounds.x1} y={m.bounds.y1} width={m.bounds.x2 - m.bounds.x1} height={m.bounds.y2 - m.bounds.y1}
              stroke={m.color} strokeWidth={2} strokeScaleEnabled={false} fill={`${m.color}1f`} dash={m.dashed ? [8 * inv, 5 * inv] : undefined} />
            {m.label && (
              <Group x={m.bounds.x1} y={m.bounds.y2}>
                <Rect width={w} height={h} fill={m.color} cornerRadius={2 * inv} />
                <Text text={m.label} width={w} height={h} align="center" verticalAlign="middle" fontSize={11 * inv}
                  fontStyle="bold" fontFamily="Inter, 'DejaVu Sans', sans-serif" fill="#111" />
              </Group>
            )}
          </Group>
        );
      })}
    </>
  );
}
