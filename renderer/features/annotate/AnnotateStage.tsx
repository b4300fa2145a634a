import { useEffect, useMemo } from 'react';
import { Rect } from 'react-konva';
import { useShallow } from 'zustand/react/shallow';
import type { Size } from '../../../shared/model';
import { parseBounds } from '../../../shared/formats/bounds';
import { useAppStore } from '../../store';
import { boxesOf } from '../../canvas/hit-test';
import { StageLayer } from '../../canvas/stage-context';
import type { StageOverlayInfo } from '../../canvas/ScreenStage';
import type { ZoomCommands } from '../../canvas/use-zoom';
import { useFocusKeys } from '../../keymap/use-keymap';
import { annotateZoom, useCanvasView } from './canvas-view-store';
import { screenBindings } from './screen-keys';
import { ZoomControls } from './ZoomControls';
import { OcrLayer } from './OcrLayer';

/** The multi-selection's colour (the pinned one stays SELECT_COLOR). */
export const MULTI_COLOR = '#f5b14c';

/**
 * What the annotation view adds to the episode's screen: the label mode, the
 * zoom bar, minimap and magnifier, the screen's own keys while focused
 * (reading order, multi-selection), and the multi-selection and OCR layers.
 */
export function useAnnotateStage() {
  const v = useCanvasView(useShallow((c) => ({ labels: c.labels, multi: c.multi, toggleMulti: c.toggleMulti, sideTab: c.sideTab, setSideTab: c.setSideTab })));
  const focus = useAppStore((s) => s.hierarchy?.components.find((c) => c.id === s.selected)?.bounds ?? null);
  const url = useAppStore((s) => s.screens.find((x) => x.step === s.step)?.url ?? null);
  // A selection names components of one screen: another step or task starts without one.
  const where = useAppStore((s) => `${s.taskPath}|${s.step}`);
  useEffect(() => {
    useCanvasView.getState().setMulti([]);
    useCanvasView.getState().setEntry('');
  }, [where]);
  const onKeyDown = useFocusKeys('screen', useMemo(() => screenBindings(useAppStore), []));
  const focusBox = useMemo(() => (typeof focus === 'string' ? parseBounds(focus) : null), [focus]);
  return {
    ...v,
    onKeyDown,
    zoomRef: annotateZoom as { current: ZoomCommands | null },
    controls: (info: StageOverlayInfo, device: Size | null) => (device ? <ZoomControls info={info} url={url} device={device} focus={focusBox} /> : null),
    layers: <><MultiSelection /><OcrLayer /></>,
  };
}

/** Outlines of the components selected besides the pinned one. */
function MultiSelection() {
  const multi = useCanvasView((c) => c.multi);
  const components = useAppStore((s) => s.hierarchy?.components);
  const boxes = useMemo(() => boxesOf(components ?? []).filter((b) => multi.includes(b.id)), [components, multi]);
  if (!boxes.length) return null;
  return (
    <StageLayer>
      {boxes.map((b) => (
        <Rect key={b.id} x={b.bounds.x1} y={b.bounds.y1} width={b.bounds.x2 - b.bounds.x1} height={b.bounds.y2 - b.bounds.y1}
          stroke={MULTI_COLOR} strokeWidth={2.5} strokeScaleEnabled={false} dash={[6, 3]} fill={`${MULTI_COLOR}22`} />
      ))}
    </StageLayer>
  );
}

/** The number being typed ("#18…"), the multi-selection's size, and the last notice, for the stage bar. */
export function EntryStatus() {
  const v = useCanvasView(useShallow((c) => ({ entry: c.entry, multi: c.multi.length, notice: c.notice })));
  return (
    <>
      {v.entry && <span className="entry-badge mono" data-entry={v.entry} title="Then a primitive's key, or Enter to select it">#{v.entry}…</span>}
      {v.multi > 0 && <span className="multi-badge" data-multi={v.multi} title="Adds apply to each; Esc clears">{v.multi} selected</span>}
      <span className="notice" role="status" data-notice={v.notice || undefined}>{v.notice}</span>
    </>
  );
}
