import { createContext, useContext, type ReactNode } from 'react';
import { Layer } from 'react-konva';
import type { Size } from '../../shared/model';
import type { ViewTransform } from './transform';

/** What every layer of a ScreenStage draws with: the device<->screen transform and the device size. */
export interface StageView {
  t: ViewTransform;
  /** 1 / scale: multiply a size in screen pixels by this to draw it in device pixels at a fixed on-screen size. */
  inv: number;
  device: Size;
  /** The whole stage in device pixels at the fitted scale: the screen and the margins beside it, where crowded labels may go. */
  area: { x: number; y: number; w: number; h: number };
}

const StageViewContext = createContext<StageView | null>(null);
export const StageViewProvider = StageViewContext.Provider;

/** The stage's view; layers are only ever rendered inside a ScreenStage. */
export function useStageView(): StageView {
  const v = useContext(StageViewContext);
  if (!v) throw new Error('A screen layer was rendered outside a ScreenStage.');
  return v;
}

/**
 * One Konva layer in device pixels (the stage's transform applied). Layers
 * that change together share one; keep a stage to five or fewer.
 */
export function StageLayer({ children, visible = true }: { children: ReactNode; visible?: boolean }) {
  const { t } = useStageView();
  return (
    <Layer listening={false} x={t.x} y={t.y} scaleX={t.scale} scaleY={t.scale} visible={visible}>
      {children}
    </Layer>
  );
}
