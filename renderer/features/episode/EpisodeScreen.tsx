import { useCallback, useMemo, useState, type MutableRefObject, type ReactNode } from 'react';
import type { Point } from '../../../shared/model';
import { componentsAt, cycleStack } from '../../canvas/stack';
import type { StageView } from '../../canvas/stage-context';
import type { StageOverlayInfo, StageState } from '../../canvas/ScreenStage';
import type { ZoomCommands } from '../../canvas/use-zoom';
import { filterBoxes, type BoxFilter } from '../../canvas/box-filter';
import type { EssItemView } from '../../../shared/contract';
import type { GtAction, NumberedComponent, Size } from '../../../shared/model';
import { actionMark } from '../../../shared/geometry/action-mark';
import { actionLabel } from '../../components/action-label';
import { CanvasLegend } from '../../canvas/CanvasLegend';
import { boxesOf, componentAt } from '../../canvas/hit-test';
import { ScreenStage } from '../../canvas/ScreenStage';
import { StageLayer } from '../../canvas/stage-context';
import { BoxNumbers, BoxOutlines } from '../../canvas/layers/Boxes';
import { EssTargets } from '../../canvas/layers/EssTargets';
import { ESS_COLORS } from '../../canvas/overlay-colors';
import { Selection } from '../../canvas/layers/Selection';
import { ActionMark } from '../../canvas/layers/ActionMark';

const NO_ITEMS: readonly EssItemView[] = [];

export interface EpisodeScreenProps {
  url: string | null;
  components: readonly NumberedComponent[];
  /** Device size from the hierarchy; the image's own size otherwise. */
  screen?: Size;
  hovered: number | null;
  selected: number | null;
  /** Still waiting for the components (the stage reports 'loading' until they arrive). */
  componentsLoading: boolean;
  /** The recorded ground-truth action taken on this screen. */
  action?: GtAction;
  /** The step's essential-state items, resolved to component ids. */
  ess?: readonly EssItemView[];
  overlays: { action: boolean; ess: boolean; boxes: boolean };
  onHover(id: number | null): void;
  onSelect(id: number | null): void;
  /** Which boxes to number and outline (every box stays reachable by pointer). */
  boxFilter?: BoxFilter;
  /** Repeated clicks at one spot (or Alt+wheel) walk through the stacked components there, listed over the screen. */
  cycle?: boolean;
  /** More layers over the others (the annotation view's OCR text boxes). */
  layers?: ReactNode;
  /** Offered every click first; true when it used the click (e.g. on an OCR text box). */
  onPickFirst?(at: Point): boolean;
  /** What the boxes carry: numbers over the screenshot (default), the screenshot's text alone (no badges), or the numbers alone (screenshot faded). */
  labels?: 'both' | 'text' | 'numbers';
  /** Filled with the stage's zoom commands (keys, controls). */
  zoomRef?: MutableRefObject<ZoomCommands | null>;
  /** Shift/Ctrl+click adds the component under the pointer to the multi-selection (or takes it out). */
  onToggleMulti?(id: number): void;
  /** HTML over the ready stage with its zoom state (zoom controls, minimap, magnifier). */
  controls?(info: StageOverlayInfo): ReactNode;
  /** Told when the screen is loading, drawn, or failed. */
  onStageState?(state: StageState): void;
}

/**
 * The dataset window's screen: the ScreenStage with the numbered boxes, the
 * essential-state targets, the hovered/selected component and the recorded
 * action. The pointer comes in device pixels and goes through the pure
 * `componentAt` hit test.
 */
export function EpisodeScreen(props: EpisodeScreenProps) {
  const boxes = useMemo(() => boxesOf(props.components), [props.components]);
  const ess = props.overlays.ess ? props.ess ?? NO_ITEMS : NO_ITEMS;
  const shown = useMemo(() => filterBoxes(boxes, props.components, props.ess ?? [], props.boxFilter ?? 'all'), [boxes, props.components, props.ess, props.boxFilter]);
  const essBoxes = ess.reduce((n, it) => n + (it.primitive ? it.componentIds.filter((id) => boxes.some((b) => b.id === id)).length : 0), 0);
  const action = props.overlays.action ? props.action : undefined;
  const markOn = (d: Size | null) => (d ? actionMark(action, d) : null);
  // The stack under the last click (cycle mode): where it was and who is in it.
  const [stack, setStack] = useState<{ at: Point; ids: number[]; url: string | null } | null>(null);
  const here = stack && stack.url === props.url ? stack : null; // a new screen starts without a stack
  const pick = (p: Point, delta: number, repeat: boolean) => {
    const ids = componentsAt(boxes, p);
    const same = repeat && here !== null && Math.hypot(here.at.x - p.x, here.at.y - p.y) < 12;
    setStack(ids.length > 1 ? { at: p, ids, url: props.url } : null);
    props.onSelect(same ? cycleStack(ids, props.selected, delta) : ids[0] ?? null);
  };
  // Annotating (cycle), hovering never dims the boxes: the pointer then only redraws the small selection layer.
  const dim = (!props.cycle && props.hovered !== null) || props.selected !== null || essBoxes > 0;
  // Which components have text: their labels go outside, off the text (annotation canvas).
  const texty = useMemo(() => new Set(props.components.filter((c) => c.text.trim()).map((c) => c.id)), [props.components]);
  const hasText = useCallback((id: number) => texty.has(id), [texty]);
  // The essential-state tags ("exact #3"), placed with the numbers on the annotation canvas.
  const essTags = useMemo(() => ess.flatMap((it) => (it.primitive ? it.componentIds.map((id) => ({ id, label: `${it.primitive} #${id}`, color: ESS_COLORS[it.primitive!] })) : [])), [ess]);
  // How the number labels came out (reported by the layer that placed them), for tests.
  const [labelInfo, setLabelInfo] = useState<{ outside: number; overlapping: number; onText: number } | null>(null);
  const labelMode = props.labels ?? 'both';
  const labels = (d: Size | null, v: StageView | null) => {
    if (!props.cycle || !d || !v) return {};
    const placed = labelMode !== 'text' && props.overlays.boxes ? labelInfo : null;
    return {
      'data-labels-outside': placed?.outside, 'data-labels-overlapping': placed?.overlapping, 'data-labels-on-text': placed?.onText,
      'data-labels': labelMode, 'data-screen-height-px': Math.round(d.height * v.t.scale), 'data-zoom': Math.round(v.t.scale * 100),
    };
  };
  const attrs = (d: Size | null, v: StageView | null) => {
    const mark = markOn(d);
    const tapOn = mark?.kind === 'tap' ? componentAt(boxes, mark.at) : null;
    return {
      'data-box-count': boxes.length, 'data-boxes-drawn': shown.length, 'data-boxes-shown': String(props.overlays.boxes), 'data-ess-highlights': essBoxes,
      'data-action-mark': mark?.kind ?? 'none', 'data-action-at': mark?.kind === 'tap' ? `${Math.round(mark.at.x)},${Math.round(mark.at.y)}` : undefined,
      'data-tap-component': tapOn ?? undefined, 'data-stack': props.cycle && here ? here.ids.join(',') : undefined,
      ...labels(d, v),
    };
  };

  return (
    <ScreenStage url={props.url} screen={props.screen} loading={props.componentsLoading} attrs={attrs} zoomRef={props.zoomRef} onState={props.onStageState}
      imageOpacity={labelMode === 'numbers' ? 0.25 : 1}
      overlay={(d, info) => (
        <>
          {info && props.controls?.(info)}
          <CanvasLegend items={ess} action={markOn(d) ? actionLabel(action) : null} />
          {props.cycle && here && <StackList ids={here.ids} selected={props.selected} onSelect={props.onSelect} />}
        </>
      )}
      onPointer={(p) => {
        const id = p ? componentAt(boxes, p) : null;
        if (id !== props.hovered) props.onHover(id);
      }}
      onPick={(p, e) => {
        if (props.onPickFirst?.(p)) return;
        const under = props.onToggleMulti && (e.shiftKey || e.ctrlKey || e.metaKey) ? componentAt(boxes, p) : null;
        if (under !== null) return props.onToggleMulti?.(under);
        if (props.cycle) pick(p, 1, true);
        else props.onSelect(componentAt(boxes, p));
      }}
      onAltWheel={props.cycle ? (p, dy) => pick(p, dy > 0 ? 1 : -1, true) : undefined}>
      <StageLayer visible={props.overlays.boxes}>
        <BoxOutlines boxes={shown} dim={dim} />
        {labelMode !== 'text' && <BoxNumbers boxes={shown} dim={dim} spread={props.cycle ? hasText : undefined} onPlaced={props.cycle ? setLabelInfo : undefined}
          tags={props.cycle ? essTags : undefined} />}
      </StageLayer>
      <StageLayer>
        <EssTargets items={ess} boxes={boxes} tags={!props.cycle || labelMode === 'text' || !props.overlays.boxes} />
        <Selection boxes={boxes} hovered={props.hovered} selected={props.selected} />
        <ActionMark action={action} />
      </StageLayer>
      {props.layers}
    </ScreenStage>
  );
}

/** The components stacked under the last click; each can be picked directly. */
function StackList({ ids, selected, onSelect }: { ids: number[]; selected: number | null; onSelect(id: number): void }) {
  return (
    <div className="stack-list" role="group" aria-label="Components under the pointer">
      <span className="muted">{ids.length} here (click again or Alt+wheel):</span>
      {ids.map((id) => (
        <button key={id} type="button" className={`stack-id${id === selected ? ' on' : ''}`} aria-pressed={id === selected} onClick={() => onSelect(id)}>#{id}</button>
      ))}
    </div>
  );
}
