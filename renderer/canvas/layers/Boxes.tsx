import { memo, useEffect, useMemo } from 'react';
import { Shape } from 'react-konva';
import type Konva from 'konva';
import type { Box } from '../../../shared/geometry/component-at';
import { BOX_COLOR } from '../overlay-colors';
import { useStageView } from '../stage-context';
import { badgeConflicts, placeBadges, placeBadgesAvoiding, type BadgeSpot, type BadgeTarget } from '../../../shared/geometry/badge-layout';

/** An essential-state tag ("exact #3") to place with the numbers, in its primitive's colour. */
export interface EssTag {
  id: number;
  label: string;
  color: string;
}
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

/** Leader lines from badges that had to move away to their boxes. */
function drawLeaders(ctx: CanvasRenderingContext2D, spots: readonly BadgeSpot[], inv: number, color: string): void {
  ctx.beginPath();
  for (const s of spots) {
    if (!s.leader) continue;
    ctx.moveTo(s.leader.x1, s.leader.y1);
    ctx.lineTo(s.leader.x2, s.leader.y2);
  }
  ctx.strokeStyle = color;
  ctx.lineWidth = inv;
  ctx.stroke();
}

/**
 * Every component's number at its top-left corner; with `spread` (which
 * components have text), badges are placed by `placeBadges`: off the box of
 * every component with text and off each other, in the stage's margins with a
 * leader line where a row is crowded. One Konva shape draws them all.
 */
export const BoxNumbers = memo(function BoxNumbers({ boxes, dim, spread, onPlaced, tags }: {
  boxes: readonly Box[]; dim: boolean; spread?: (id: number) => boolean;
  /** Essential-state tags placed after the numbers, off the numbers and off every text (with `spread`). */
  tags?: readonly EssTag[];
  /** Told, after each placement, how many badges left the stage, cover another, or cover a component's text. */
  onPlaced?(stats: { outside: number; overlapping: number; onText: number }): void;
}) {
  const { inv, device, area } = useStageView();
  const targets = useMemo(() => (spread ? boxes.map((b) => ({ id: b.id, bounds: b.bounds, text: spread(b.id) })) : null), [boxes, spread]);
  const placed = useMemo(() => (targets ? placeBadges(targets, { charW: 7 * inv, h: (LABEL_PX + 4) * inv, screen: device, area }) : null), [targets, inv, device, area]);
  const spots = useMemo(() => placed ?? boxes.map((b) => ({ id: b.id, x: b.bounds.x1, y: b.bounds.y1, leader: null })), [placed, boxes]);
  // The tags go where neither a number nor a text is; obstacles are every box with text.
  const tagged = useMemo(() => {
    if (!placed || !targets || !tags?.length) return null;
    const byId = new Map(boxes.map((b) => [b.id, b]));
    const tagTargets: BadgeTarget[] = tags.flatMap((t) => {
      const b = byId.get(t.id);
      return b ? [{ id: t.id, bounds: b.bounds, text: false, w: (t.label.length * 6.6 + 8) * inv }] : [];
    });
    const obstacles = targets.map((t) => ({ ...t, badge: false }));
    const spots = placeBadgesAvoiding([...obstacles, ...tagTargets], { charW: 7 * inv, h: (LABEL_PX + 4) * inv, screen: device, area }, placed);
    return spots.map((s, i) => ({ ...s, label: tags.filter((t) => byId.has(t.id))[i].label, color: tags.filter((t) => byId.has(t.id))[i].color }));
  }, [placed, targets, tags, boxes, inv, device, area]);
  useEffect(() => {
    if (placed && targets && onPlaced) onPlaced(badgeConflicts([...placed, ...(tagged ?? [])], targets, area));
  }, [placed, tagged, targets, area, onPlaced]);
  return (
    <Shape listening={false} perfectDrawEnabled={false} opacity={dim ? 0.5 : 1}
      sceneFunc={(kctx: Konva.Context) => {
        const ctx = kctx._context;
        if (placed) drawLeaders(ctx, placed, inv, BOX_COLOR);
        drawTags(ctx, spots, inv, BOX_COLOR);
        for (const t of tagged ?? []) {
          if (t.leader) drawLeaders(ctx, [t], inv, t.color);
          ctx.fillStyle = t.color;
          ctx.fillRect(t.x, t.y, t.w, t.h);
          ctx.fillStyle = '#111';
          ctx.fillText(t.label, t.x + t.w / 2, t.y + t.h / 2 + 0.5 * inv);
        }
      }} />
  );
});
