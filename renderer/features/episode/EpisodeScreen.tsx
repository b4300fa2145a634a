import { useMemo } from 'react';
import type { EssItemView } from '../../../shared/contract';
import type { GtAction, NumberedComponent, Size } from '../../../shared/model';
import { actionMark } from '../../../shared/geometry/action-mark';
import { describeAction } from '../../components/describe-action';
import { CanvasLegend } from '../../canvas/CanvasLegend';
import { boxesOf, componentAt } from '../../canvas/hit-test';
import { ScreenStage } from '../../canvas/ScreenStage';
import { StageLayer } from '../../canvas/stage-context';
import { BoxNumbers, BoxOutlines } from '../../canvas/layers/Boxes';
import { EssTargets } from '../../canvas/layers/EssTargets';
import { Selection } from '../../canvas/layers/Selection';
import { ActionMark } from '../../canvas/layers/ActionMark';

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
}

/**
 * The dataset window's screen: the ScreenStage with the numbered boxes, the
 * essential-state targets, the hovered/selected component and the recorded
 * action. The pointer comes in device pixels and goes through the pure
 * `componentAt` hit test.
 */
export function EpisodeScreen(props: EpisodeScreenProps) {
  const boxes = useMemo(() => boxesOf(props.components), [props.components]);
  const ess = props.overlays.ess ? props.ess ?? [] : [];
  const essBoxes = ess.reduce((n, it) => n + (it.primitive ? it.componentIds.filter((id) => boxes.some((b) => b.id === id)).length : 0), 0);
  const action = props.overlays.action ? props.action : undefined;
  const markOn = (d: Size | null) => (d ? actionMark(action, d) : null);
  const dim = props.hovered !== null || props.selected !== null || essBoxes > 0;
  const attrs = (d: Size | null) => {
    const mark = markOn(d);
    const tapOn = mark?.kind === 'tap' ? componentAt(boxes, mark.at) : null;
    return {
      'data-box-count': boxes.length, 'data-boxes-shown': String(props.overlays.boxes), 'data-ess-highlights': essBoxes,
      'data-action-mark': mark?.kind ?? 'none', 'data-action-at': mark?.kind === 'tap' ? `${Math.round(mark.at.x)},${Math.round(mark.at.y)}` : undefined,
      'data-tap-component': tapOn ?? undefined,
    };
  };

  return (
    <ScreenStage url={props.url} screen={props.screen} loading={props.componentsLoading} attrs={attrs}
      overlay={(d) => <CanvasLegend items={ess} action={markOn(d) ? describeAction(action) : null} />}
      onPointer={(p) => {
        const id = p ? componentAt(boxes, p) : null;
        if (id !== props.hovered) props.onHover(id);
      }}
      onPick={(p) => props.onSelect(componentAt(boxes, p))}>
      <StageLayer visible={props.overlays.boxes}>
        <BoxOutlines boxes={boxes} dim={dim} />
        <BoxNumbers boxes={boxes} dim={dim} />
      </StageLayer>
      <StageLayer>
        <EssTargets items={ess} boxes={boxes} />
        <Selection boxes={boxes} hovered={props.hovered} selected={props.selected} />
        <ActionMark action={action} />
      </StageLayer>
    </ScreenStage>
  );
}
