import { Arrow, Circle, Group, Label, Tag, Text } from 'react-konva';
import { actionMark } from '../../../shared/geometry/action-mark';
import type { GtAction } from '../../../shared/model';
import { ACTION_COLOR, ACTION_DOT } from '../overlay-colors';
import { useStageView } from '../stage-context';

/**
 * The recorded action on the screen, scaled from the recording resolution to the stage's device pixels: a ring and dot for a
 * tap (a dashed second ring for a long tap), an arrow for a swipe or drag, a
 * chip near the bottom for keys and typed text. Sizes are fixed in view
 * pixels (`inv` = 1 / stage scale) so the mark reads the same at any zoom.
 */
export function ActionMark({ action }: { action: GtAction | undefined }) {
  const { device, inv } = useStageView();
  const mark = actionMark(action, device);
  if (!mark) return null;
  const shadow = { shadowColor: '#000', shadowBlur: 6 * inv, shadowOpacity: 0.85 };
  // A small canvas shrinks the ring with the screen, so it never hides the neighbouring components.
  const ring = Math.min(22 * inv, device.width * 0.08);
  switch (mark.kind) {
    case 'tap':
      return (
        <Group x={mark.at.x} y={mark.at.y}>
          <Circle radius={ring} stroke={ACTION_COLOR} strokeWidth={3} strokeScaleEnabled={false} fill="#ffffff22" {...shadow} />
          {mark.long && <Circle radius={ring * 1.35} stroke={ACTION_COLOR} strokeWidth={2} strokeScaleEnabled={false} dash={[6 * inv, 4 * inv]} />}
          <Circle radius={5 * inv} fill={ACTION_DOT} stroke="#000" strokeWidth={1} strokeScaleEnabled={false} />
        </Group>
      );
    case 'arrow':
      return (
        <Group>
          <Arrow points={[mark.from.x, mark.from.y, mark.to.x, mark.to.y]} stroke={ACTION_COLOR} fill={ACTION_COLOR} strokeWidth={4}
            strokeScaleEnabled={false} pointerLength={18 * inv} pointerWidth={18 * inv} dash={mark.drag ? [10 * inv, 6 * inv] : undefined} {...shadow} />
          <Circle x={mark.from.x} y={mark.from.y} radius={7 * inv} fill={ACTION_DOT} stroke="#000" strokeWidth={1} strokeScaleEnabled={false} />
        </Group>
      );
    case 'chip': {
      const text = mark.label.length > 48 ? `${mark.label.slice(0, 47)}…` : mark.label;
      // Centred on the screen: Konva labels grow rightwards, so shift by an estimate of the bold text's width.
      const w = (text.length * 9.2 + 16) * inv;
      return (
        <Label x={device.width / 2} y={device.height - 90 * inv} offsetX={w / 2} {...shadow}>
          <Tag fill="#111827ee" stroke={ACTION_DOT} strokeWidth={1.5} strokeScaleEnabled={false} cornerRadius={12 * inv} pointerDirection="none" />
          <Text text={text} fontSize={15 * inv} padding={8 * inv} fontStyle="bold" fontFamily="Inter, 'DejaVu Sans', sans-serif" fill={ACTION_DOT} />
        </Label>
      );
    }
  }
}
