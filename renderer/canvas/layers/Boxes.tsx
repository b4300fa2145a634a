import { memo, useEffect, useMemo } from 'react';
import { Shape } from 'react-konva';
import type Konva from 'konva';
import type { Box } from '../../../shared/geometry/component-at';
import { BOX_COLOR } from '../overlay-colors';
import { useStageView } from '../stage-context';
import { labelStats, placeLabels } from '../stack';
import { LABEL_PX, tagSize } from './NumberTag';

const FONT = "Inter, 'DejaVu Sans', sans-serif";

/**
 * Every component's outline (fainter while something is highlighted), drawn
 * by one Konva shape: a dense screen's 300 boxes cost one node, not 300, so
 * opening a step and redrawing stay fast.
 */
export const BoxOutlines = memo(function BoxOutlines({ boxes, dim }: { boxes: readonly Box[]; dim: boolean }) {
  const { inv } = useStageView();
  return (
    <Shape listening={false} perfectDrawEnabled={false} opacity={dim ? 0.4 : 0.9}
      sceneFunc={(kctx: Konva.Context) => {
        const ctx = kctx._context;
        ctx.beginPath();
        for (const b of boxes) ctx.rect(b.bounds.x1, b.bounds.y1, b.bounds.x2 - b.bounds.x1, b.bounds.y2 - b.bounds.y1);
        ctx.strokeStyle = BOX_COLOR;
        ctx.lineWidth = 1.25 * inv; // 1.25 screen pixels at any zoom
        ctx.stroke();
      }} />
  );
});

/** Draws number tags (filled, the number centred in dark bold) on a raw 2D context in device pixels. */
export function drawTags(ctx: CanvasRenderingContext2D, spots: readonly { id: number; x: number; y: number }[], inv: number, color: string): void {
  ctx.fillStyle = color;
  for (const p of spots) {
    const { w, h } = tagSize(p.id, inv);
    ctx.fillRect(p.x, p.y, w, h);
  }
  ctx.fillStyle = '#111';
  ctx.font = `bold ${LABEL_PX * inv}px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (const p of spots) {
    const { w, h } = tagSize(p.id, inv);
    ctx.fillText(String(p.id), p.x + w / 2, p.y + h / 2 + 0.5 * inv);
  }
}

/**
 * Every component's number at its top-left corner; with `spread` (which
 * components have text), labels are placed off each other and off the text,
 * inside the screen (`placeLabels`). One Konva shape draws them all.
 */
export const BoxNumbers = memo(function BoxNumbers({ boxes, dim, spread, onPlaced }: {
  boxes: readonly Box[]; dim: boolean; spread?: (id: number) => boolean;
  /** Told how many labels left the screen or cover another, after each placement. */
  onPlaced?(stats: { outside: number; overlapping: number }): void;
}) {
  const { inv, device } = useStageView();
  const placed = useMemo(() => (spread ? placeLabels(boxes, 7 * inv, (LABEL_PX + 4) * inv, device, spread) : null), [boxes, inv, device, spread]);
  const spots = useMemo(() => placed ?? boxes.map((b) => ({ id: b.id, x: b.bounds.x1, y: b.bounds.y1 })), [placed, boxes]);
  useEffect(() => {
    if (placed && onPlaced) onPlaced(labelStats(placed, device));
  }, [placed, device, onPlaced]);
  return (
    <Shape listening={false} perfectDrawEnabled={false} opacity={dim ? 0.5 : 1}
      sceneFunc={(kctx: Konva.Context) => drawTags(kctx._context, spots, inv, BOX_COLOR)} />
  );
});
