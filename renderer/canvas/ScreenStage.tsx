import { useEffect, useMemo, useRef, type MutableRefObject, type ReactNode } from 'react';
import { Image as KImage, Layer, Rect, Stage } from 'react-konva';
import type Konva from 'konva';
import type { Point, Size } from '../../shared/model';
import { StageViewProvider, type StageView } from './stage-context';
import { fitTransform, toDevice } from './transform';
import { useElementSize } from './use-element-size';
import { useHtmlImage } from './use-html-image';
import { useZoom, type ZoomCommands } from './use-zoom';
import type { ViewTransform } from './transform';

/** What the HTML over a ready stage may draw with: the view, the transforms, the zoom commands. */
export interface StageOverlayInfo {
  view: Size;
  t: ViewTransform;
  fit: ViewTransform;
  zoomed: boolean;
  commands: ZoomCommands;
}

export type StageState = 'loading' | 'ready' | 'error';

export interface ScreenStageProps {
  url: string | null;
  /** Device size (from the hierarchy); the image's own size otherwise. A smaller image is stretched to it. */
  screen?: Size;
  /** Something the layers need is still loading: the stage reports 'loading' until it arrives. */
  loading?: boolean;
  /** Extra class names on the container (it always has `screen-canvas`). */
  className?: string;
  /** data-* attributes that describe what is drawn, from the device size; set only once the stage is ready. */
  attrs?(device: Size | null, view: StageView | null): Record<string, string | number | undefined>;
  /** HTML drawn over the stage once ready (a legend). */
  overlay?(device: Size | null, info: StageOverlayInfo | null): ReactNode;
  /** The screenshot's opacity (the annotation view fades it to show the numbers alone). */
  imageOpacity?: number;
  /** Filled with the zoom commands while mounted (keys and controls outside the stage use them). */
  zoomRef?: MutableRefObject<ZoomCommands | null>;
  /** The pointer moved over the screen (device pixels), or left it (null). */
  onPointer?(at: Point | null): void;
  /** A click that was not the end of a pan, in device pixels. */
  onPick?(at: Point, e: MouseEvent): void;
  /** Wheel with Alt held: not a zoom; the view decides (cycling stacked boxes). */
  onAltWheel?(at: Point, deltaY: number): void;
  /** Told whenever the stage's state changes (loading, ready, error). */
  onState?(state: StageState): void;
  /** The layers, in device pixels (StageLayer + layer components). */
  children?: ReactNode;
}

/**
 * The stage's canvases are allocated in steps of this many pixels, larger than the view: a stage bar
 * that wraps to another line, or the empty frame shown while the next task loads, changes the view by a
 * few pixels, and resizing a stage re-allocates every layer's canvases (the most costly part of
 * opening a task). The stage's own box keeps the view's size and clips the rest; everything is placed
 * from the view's size.
 */
const CANVAS_STEP = 64;
const allocated = (px: number) => Math.ceil(px / CANVAS_STEP) * CANVAS_STEP;

/**
 * A screenshot in device pixels with layers on top: fits the container, zooms
 * about the pointer (wheel), pans when zoomed (drag), fits again on
 * double-click, and reports the pointer in device pixels, so every view (the
 * dataset window, annotation, replay, a live device) hit-tests the same way.
 */
export function ScreenStage(props: ScreenStageProps) {
  const [ref, view] = useElementSize<HTMLDivElement>();
  const img = useHtmlImage(props.url);
  const known: Size | null = props.screen ?? (img.status === 'ready' ? { width: img.image.naturalWidth, height: img.image.naturalHeight } : null);
  // While the next screen (or the next task) loads, the stage keeps the last size: its canvases stay (re-creating
  // them costs more than drawing a dense screen), and it shows only the empty screen until the new one is ready.
  const lastDevice = useRef<Size | null>(null);
  if (known) lastDevice.current = known;
  const device: Size | null = known ?? (img.status === 'loading' || props.loading ? lastDevice.current : null);
  const fit = device ? fitTransform(device, view, 12) : null;
  const zoom = useZoom(fit, props.url ?? '', view);
  if (props.zoomRef) props.zoomRef.current = zoom.commands;
  const t = zoom.t;
  // One value per transform, so layers that only depend on it (and are memoised) skip re-rendering.
  // `area`: the whole stage in device pixels at the fitted scale (the screen and the margins beside it).
  const stageView = useMemo(() => (t && device && fit ? {
    t, inv: 1 / t.scale, device, area: { x: -fit.x / fit.scale, y: -fit.y / fit.scale, w: view.width / fit.scale, h: view.height / fit.scale },
  } : null), [t?.scale, t?.x, t?.y, device?.width, device?.height, fit?.scale, fit?.x, fit?.y, view.width, view.height]);
  const info: StageOverlayInfo | null = t && fit ? { view, t, fit, zoomed: zoom.zoomed, commands: zoom.commands } : null;
  const state: StageState = props.loading || img.status === 'loading' ? 'loading' : img.status === 'error' ? 'error' : 'ready';
  const ready = state === 'ready';
  const onState = props.onState;
  useEffect(() => onState?.(state), [state, onState]);

  // Konva also reports pointer-ups that happen elsewhere on the page as stage clicks; only our own canvas counts.
  const inside = (e: Konva.KonvaEventObject<MouseEvent>): boolean => e.evt.target instanceof Node && !!ref.current?.contains(e.evt.target);
  const at = (e: Konva.KonvaEventObject<MouseEvent | WheelEvent>): Point | null => {
    const pos = e.target.getStage()?.getPointerPosition();
    return t && pos ? toDevice(t, pos) : null;
  };
  // A click that ends a pan is not a pick.
  const downAt = useRef<{ x: number; y: number } | null>(null);
  const moved = (e: Konva.KonvaEventObject<MouseEvent>): boolean => {
    const d = downAt.current;
    return !!d && Math.hypot(e.evt.clientX - d.x, e.evt.clientY - d.y) > 4;
  };

  return (
    <div className={`screen-canvas${zoom.zoomed ? ' zoomed' : ''}${props.className ? ` ${props.className}` : ''}`} ref={ref}
      data-screen-state={state} {...(ready ? props.attrs?.(device, stageView) : undefined)}>
      {ready && props.overlay?.(device, info)}
      {img.status === 'error' && <div className="canvas-message">{img.message}</div>}
      {img.status === 'none' && !props.loading && <div className="canvas-message">This step has no screenshot.</div>}
      {t && device && view.width > 0 && (
        <Stage
          width={allocated(view.width)}
          height={allocated(view.height)}
          style={{ width: view.width, height: view.height, overflow: 'hidden' }}
          onWheel={(e) => {
            const p = e.evt.altKey && props.onAltWheel ? at(e) : null;
            if (p) {
              e.evt.preventDefault();
              props.onAltWheel?.(p, e.evt.deltaY);
            } else zoom.onWheel(e);
          }}
          onMouseDown={(e) => {
            downAt.current = { x: e.evt.clientX, y: e.evt.clientY };
            zoom.onMouseDown(e);
          }}
          onMouseUp={zoom.onMouseUp}
          onDblClick={zoom.reset}
          onMouseMove={(e) => {
            if (!inside(e) || zoom.onMouseMove(e)) return;
            props.onPointer?.(at(e));
          }}
          onMouseLeave={() => props.onPointer?.(null)}
          onClick={(e) => {
            const p = inside(e) && !moved(e) ? at(e) : null;
            if (p) props.onPick?.(p, e.evt);
          }}
        >
          <Layer listening={false} x={t.x} y={t.y} scaleX={t.scale} scaleY={t.scale} imageSmoothingEnabled>
            <Rect width={device.width} height={device.height} fill="#0b0d12" />
            {img.status === 'ready' && <KImage image={img.image} width={device.width} height={device.height} listening={false} opacity={props.imageOpacity ?? 1} />}
          </Layer>
          <StageViewProvider value={stageView}>{props.children}</StageViewProvider>
        </Stage>
      )}
    </div>
  );
}
