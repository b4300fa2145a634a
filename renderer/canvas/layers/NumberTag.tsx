import { Group, Rect, Text } from 'react-konva';

export const LABEL_PX = 11;

/** The tag's size in device pixels for a number (`inv` = 1 / stage scale). */
export function tagSize(id: number, inv: number): { w: number; h: number } {
  return { w: (String(id).length * 7 + 6) * inv, h: (LABEL_PX + 4) * inv };
}

/** A component's number on a filled tag, at a fixed on-screen size (`inv` = 1 / stage scale). */
export function NumberTag(p: { id: number; x: number; y: number; inv: number; color: string; dim: boolean }) {
  const label = String(p.id);
  const { w, h } = tagSize(p.id, p.inv);
  return (
    <Group x={p.x} y={p.y} opacity={p.dim ? 0.5 : 1}>
      <Rect width={w} height={h} fill={p.color} cornerRadius={2 * p.inv} />
      <Text text={label} width={w} height={h} align="center" verticalAlign="middle" fontSize={LABEL_PX * p.inv}
        fontStyle="bold" fontFamily="Inter, 'DejaVu Sans', sans-serif" fill="#111" />
    </Group>
  );
}
