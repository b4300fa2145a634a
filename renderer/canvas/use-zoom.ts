import { useEffect, useRef, useState } from 'react';
import type Konva from 'konva';
import { zoomAt, type ViewTransform } from './transform';

const MAX_ZOOM = 8;

/**
 * Wheel zoom about the pointer and drag-to-pan on top of the fitted transform.
 * `reset` is called for a new screen (and on double-click); the fitted view is
 * the minimum zoom, so the screen can never be lost off-canvas by zooming out.
 */
export function useZoom(fit: ViewTransform | null, resetKey: string) {
  const [zoom, setZoom] = useState<ViewTransform | null>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => setZoom(null), [resetKey, fit?.scale, fit?.x, fit?.y]);
  const t = zoom ?? fit;

  return {
    t,
    zoomed: zoom !== null,
    reset: () => setZoom(null),
    onWheel(e: Konva.KonvaEventObject<WheelEvent>) {
      if (!t || !fit) return;
      e.evt.preventDefault();
      const pos = e.target.getStage()?.getPointerPosition();
      if (!pos) return;
      const next = zoomAt(t, pos, e.evt.deltaY < 0 ? 1.2 : 1 / 1.2, fit.scale, fit.scale * MAX_ZOOM);
      setZoom(next.scale === fit.scale ? null : next);
    },
    onMouseDown(e: Konva.KonvaEventObject<MouseEvent>) {
      if (zoom) drag.current = { x: e.evt.clientX, y: e.evt.clientY };
    },
    /** Pans while the button is held; returns true when the move was a pan (so it is not a hover). */
    onMouseMove(e: Konva.KonvaEventObject<MouseEvent>): boolean {
      const start = drag.current;
      if (!start || !zoom || (e.evt.buttons & 1) === 0) {
        drag.current = null;
        return false;
      }
      const dx = e.evt.clientX - start.x;
      const dy = e.evt.clientY - start.y;
      drag.current = { x: e.evt.clientX, y: e.evt.clientY };
      setZoom({ ...zoom, x: zoom.x + dx, y: zoom.y + dy });
      return true;
    },
    onMouseUp() {
      drag.current = null;
    },
  };
}
