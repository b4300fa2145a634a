import { useEffect, useRef, useState } from 'react';
import type Konva from 'konva';
import type { Bounds, Size } from '../../shared/model';
import { zoomAt, type ViewTransform } from './transform';

/** The most the view zooms in, as a multiple of the fitted scale. */
export const MAX_ZOOM = 8;
/** One zoom step (wheel notch, +/- button or key). */
export const ZOOM_STEP = 1.2;

/** What the zoom controls and keys can ask of a stage. */
export interface ZoomCommands {
  /** Zooms by `factor` about the view's centre. */
  zoomBy(factor: number): void;
  /** Fits the whole screen. */
  fit(): void;
  /** Zooms so that this device rectangle fills most of the view, centred. */
  zoomTo(b: Bounds): void;
  /** Centres the view on a device point, keeping the zoom. */
  centreOn(x: number, y: number): void;
}

/**
 * Wheel zoom about the pointer and drag-to-pan on top of the fitted transform.
 * `reset` is called for a new screen (and on double-click); the fitted view is
 * the minimum zoom, so the screen can never be lost off-canvas by zooming out.
 */
export function useZoom(fit: ViewTransform | null, resetKey: string, view?: Size) {
  const [zoom, setZoom] = useState<ViewTransform | null>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => setZoom(null), [resetKey, fit?.scale, fit?.x, fit?.y]);
  const t = zoom ?? fit;
  const clampScale = (scale: number) => (fit ? Math.min(fit.scale * MAX_ZOOM, Math.max(fit.scale, scale)) : scale);
  const apply = (next: ViewTransform) => setZoom(fit && Math.abs(next.scale - fit.scale) < 1e-9 ? null : next);
  const commands: ZoomCommands = {
    zoomBy(factor) {
      if (!t || !fit || !view) return;
      apply(zoomAt(t, { x: view.width / 2, y: view.height / 2 }, factor, fit.scale, fit.scale * MAX_ZOOM));
    },
    fit: () => setZoom(null),
    zoomTo(b) {
      if (!fit || !view) return;
      const w = Math.max(1, b.x2 - b.x1);
      const h = Math.max(1, b.y2 - b.y1);
      const scale = clampScale(Math.min(view.width / (w * 2.5), view.height / (h * 2.5)));
      apply({ scale, x: view.width / 2 - ((b.x1 + b.x2) / 2) * scale, y: view.height / 2 - ((b.y1 + b.y2) / 2) * scale });
    },
    centreOn(x, y) {
      if (!t || !view) return;
      apply({ scale: t.scale, x: view.width / 2 - x * t.scale, y: view.height / 2 - y * t.scale });
    },
  };

  return {
    t,
    zoomed: zoom !== null,
    commands,
    reset: () => setZoom(null),
    onWheel(e: Konva.KonvaEventObject<WheelEvent>) {
      if (!t || !fit) return;
      e.evt.preventDefault();
      const pos = e.target.getStage()?.getPointerPosition();
      if (!pos) return;
      const next = zoomAt(t, pos, e.evt.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, fit.scale, fit.scale * MAX_ZOOM);
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
