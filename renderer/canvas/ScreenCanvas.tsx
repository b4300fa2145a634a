import { useMemo, useRef } from 'react';
import { Image as KImage, Layer, Rect, Stage, Text, Group } from 'react-konva';
import type Konva from 'konva';
import type { EssItemView } from '../../shared/contract';
import type { GtAction, NumberedComponent, Size } from '../../shared/model';
import { actionMark } from '../../shared/geometry/action-mark';
import { describeAction } from '../features/episode/describe-action';
import { ActionMarker } from './ActionMarker';
import { CanvasLegend } from './CanvasLegend';
import { EssHighlights } from './EssHighlights';
import { boxesOf, componentAt } from './hit-test';
import { fitTransform, toDevice } from './transform';
import { useElementSize } from './use-element-size';
import { useHtmlImage } from './use-html-image';
import { useZoom } from './use-zoom';

export interface ScreenCanvasProps {
  url: string | null;
  components: readonly NumberedComponent[];
  /** Device size from the hierarchy; the image's own size otherwise. */
  screen?: Size;
  hovered: number | null;
  selected: number | null;
  /** Still waiting for the components (the canvas reports 'loading' until they arrive). */
  componentsLoading: boolean;
  /** The recorded ground-truth action taken on this screen. */
  action?: GtAction;
  /** The step's essential-state items, resolved to component ids. */
  ess?: readonly EssItemView[];
  overlays: { action: boolean; ess: boolean; boxes: boolean };
  onHover(id: number | null): void;
  onSelect(id: number | null): void;
}

const BOX = '#ff5470';
const HOVER = '#ffc145';
const SELECT = '#3ddbd9';
const LABEL_PX = 11;

/**
 * The screenshot with its numbered component boxes. Layers: image -> boxes ->
 * labels -> highlights (essential-state items, then hovered/selected, then the
 * recorded action on top). Konva only draws; the
 * pointer goes through `toDevice` and the pure `componentAt` hit test.
 */
export function ScreenCanvas(props: ScreenCanvasProps) {
  const [ref, view] = useElementSize<HTMLDivElement>();
  const img = useHtmlImage(props.url);
  const boxes = useMemo(() => boxesOf(props.components), [props.components]);
  const device: Size | null = props.screen ?? (img.status === 'ready' ? { width: img.image.naturalWidth, height: img.image.naturalHeight } : null);
  const fit = device ? fitTransform(device, view, 12) : null;
  const zoom = useZoom(fit, props.url ?? '');
  const t = zoom.t;
  const inv = t ? 1 / t.scale : 1; // label sizes are fixed in view pixels, so divide by the stage scale

  const state = props.componentsLoading || img.status === 'loading' ? 'loading' : img.status === 'error' ? 'error' : 'ready';
  // Konva also reports pointer-ups that happen elsewhere on the page as stage clicks; only our own canvas counts.
  const inside = (e: Konva.KonvaEventObject<MouseEvent>): boolean => e.evt.target instanceof Node && !!ref.current?.contains(e.evt.target);
  const pick = (e: Konva.KonvaEventObject<MouseEvent>): number | null => {
    const pos = e.target.getStage()?.getPointerPosition();
    return t && pos ? componentAt(boxes, toDevice(t, pos)) : null;
  };
  // A click that ends a pan is not a selection.
  const downAt = useRef<{ x: number; y: number } | null>(null);
  const moved = (e: Konva.KonvaEventObject<MouseEvent>): boolean => {
    const d = downAt.current;
    return !!d && Math.hypot(e.evt.clientX - d.x, e.evt.clientY - d.y) > 4;
  };
  const highlight = [props.hovered, props.selected].filter((id): id is number => id !== null);
  const mark = device && props.overlays.action ? actionMark(props.action, device) : null;
  const ess = props.overlays.ess ? props.ess ?? [] : [];
  const essBoxes = ess.reduce((n, it) => n + (it.primitive ? it.componentIds.filter((id) => boxes.some((b) => b.id === id)).length : 0), 0);
  const tapOn = mark?.kind === 'tap' ? componentAt(boxes, mark.at) : null;
  const ready = state === 'ready';

  return (
    <div className={`screen-canvas${zoom.zoomed ? ' zoomed' : ''}`} ref={ref} data-screen-state={state} data-box-count={ready ? boxes.length : undefined}
      data-boxes-shown={ready ? String(props.overlays.boxes) : undefined} data-ess-highlights={ready ? essBoxes : undefined}
      data-action-mark={ready ? mark?.kind ?? 'none' : undefined} data-action-at={ready && mark?.kind === 'tap' ? `${Math.round(mark.at.x)},${Math.round(mark.at.y)}` : undefined}
      data-tap-component={ready && tapOn !== null ? tapOn : undefined}>
      {ready && <CanvasLegend items={ess} action={mark ? describeAction(props.action) : null} />}
      {img.status === 'error' && <div className="canvas-message">{img.message}</div>}
      {img.status === 'none' && <div className="canvas-message">This step has no screenshot.</div>}
      {t && device && view.width > 0 && (
        <Stage
          width={view.width}
          height={view.height}
          onWheel={zoom.onWheel}
          onMouseDown={(e) => {
            downAt.current = { x: e.evt.clientX, y: e.evt.clientY };
            zoom.onMouseDown(e);
          }}
          onMouseUp={zoom.onMouseUp}
          onDblClick={zoom.reset}
          onMouseMove={(e) => {
            if (!inside(e) || zoom.onMouseMove(e)) return;
            const id = pick(e);
            if (id !== props.hovered) props.onHover(id);
          }}
          onMouseLeave={() => props.onHover(null)}
          onClick={(e) => inside(e) && !moved(e) && props.onSelect(pick(e))}
        >
          <Layer listening={false} x={t.x} y={t.y} scaleX={t.scale} scaleY={t.scale} imageSmoothingEnabled>
            <Rect width={device.width} height={device.height} fill="#0b0d12" />
            {img.status === 'ready' && <KImage image={img.image} width={device.width} height={device.height} listening={false} />}
          </Layer>
          <Layer listening={false} x={t.x} y={t.y} scaleX={t.scale} scaleY={t.scale} visible={props.overlays.boxes}>
            {boxes.map((b) => (
              <Rect key={b.id} x={b.bounds.x1} y={b.bounds.y1} width={b.bounds.x2 - b.bounds.x1} height={b.bounds.y2 - b.bounds.y1}
                stroke={BOX} strokeWidth={1.25} strokeScaleEnabled={false} opacity={highlight.length || essBoxes ? 0.4 : 0.9} />
            ))}
          </Layer>
          <Layer listening={false} x={t.x} y={t.y} scaleX={t.scale} scaleY={t.scale} visible={props.overlays.boxes}>
            {boxes.map((b) => (
              <NumberTag key={b.id} id={b.id} x={b.bounds.x1} y={b.bounds.y1} inv={inv} color={BOX} dim={highlight.length > 0 || essBoxes > 0} />
            ))}
          </Layer>
          <Layer listening={false} x={t.x} y={t.y} scaleX={t.scale} scaleY={t.scale}>
            <EssHighlights items={ess} boxes={boxes} inv={inv} />
            {highlight.map((id, i) => {
              const b = boxes.find((x) => x.id === id);
              if (!b) return null;
              const color = id === props.selected ? SELECT : HOVER;
              return (
                <Group key={`${i}-${id}`}>
                  <Rect x={b.bounds.x1} y={b.bounds.y1} width={b.bounds.x2 - b.bounds.x1} height={b.bounds.y2 - b.bounds.y1}
                    stroke={color} strokeWidth={2.5} strokeScaleEnabled={false} fill={`${color}22`} />
                  <NumberTag id={id} x={b.bounds.x1} y={b.bounds.y1} inv={inv} color={color} dim={false} />
                </Group>
              );
            })}
            {mark && <ActionMarker mark={mark} device={device} inv={inv} />}
          </Layer>
        </Stage>
      )}
    </div>
  );
}

function NumberTag(p: { id: number; x: number; y: number; inv: number; color: string; dim: boolean }) {
  const label = String(p.id);
  const w = (label.length * 7 + 6) * p.inv;
  const h = (LABEL_PX + 4) * p.inv;
  return (
    <Group x={p.x} y={p.y} opacity={p.dim ? 0.5 : 1}>
      <Rect width={w} height={h} fill={p.color} cornerRadius={2 * p.inv} />
      <Text text={label} width={w} height={h} align="center" verticalAlign="middle" fontSize={LABEL_PX * p.inv}
        fontStyle="bold" fontFamily="Inter, 'DejaVu Sans', sans-serif" fill="#111" />
    </Group>
  );
}
