import { useEffect } from 'react';
import { Group, Rect } from 'react-konva';
import { useShallow } from 'zustand/react/shallow';
import type { Point } from '../../../shared/model';
import { useAppStore } from '../../store';
import { StageLayer, useStageView } from '../../canvas/stage-context';
import { lineAt, ocrItem, ocrKey, toDeviceBox, useOcrStore, type OcrEntry } from './ocr-store';

export const OCR_COLOR = '#2dd4bf';

/** The current step's OCR entry and whether the layer is on. */
export function useStepOcr(): { shown: boolean; entry: OcrEntry | undefined } {
  const key = useAppStore((s) => (s.dataset && s.taskPath ? ocrKey(s.dataset.id, s.taskPath, s.step) : null));
  return useOcrStore(useShallow((o) => ({ shown: o.shown, entry: key ? o.entries[key] : undefined })));
}

/** Reads the current step's text whenever the layer is on (the core caches it per screenshot). */
export function useOcrLoader(): void {
  const s = useAppStore(useShallow((st) => ({ client: st.client, id: st.dataset?.id, path: st.taskPath, step: st.step, ready: st.episodeStatus === 'ready' })));
  const shown = useOcrStore((o) => o.shown);
  useEffect(() => {
    if (shown && s.ready && s.id && s.path) void useOcrStore.getState().load(s.client, s.id, s.path, s.step);
  }, [shown, s.ready, s.client, s.id, s.path, s.step]);
}

/** The text boxes OCR found on the screenshot, dashed teal, on their own layer. */
export function OcrLayer() {
  const { shown, entry } = useStepOcr();
  const { device, inv } = useStageView();
  if (!shown || entry?.status !== 'ready') return null;
  const { image, lines } = entry.text;
  return (
    <StageLayer>
      {lines.map((l, i) => {
        const b = toDeviceBox(l.box, image, device);
        return (
          <Group key={i}>
            <Rect x={b.x1} y={b.y1} width={b.x2 - b.x1} height={b.y2 - b.y1} stroke={OCR_COLOR} strokeWidth={1.5} strokeScaleEnabled={false}
              fill={`${OCR_COLOR}1a`} dash={[5 * inv, 3 * inv]} />
          </Group>
        );
      })}
    </StageLayer>
  );
}

/**
 * A click on the screen while the OCR layer is on: inside a text box it adds
 * that text's `ocr<text>` item to the step (true: the click is used up).
 */
export function pickOcrAt(p: Point): boolean {
  const st = useAppStore.getState();
  const o = useOcrStore.getState();
  if (!o.shown || !st.dataset || !st.taskPath || !st.draft || st.conflict) return false;
  const entry = o.entries[ocrKey(st.dataset.id, st.taskPath, st.step)];
  if (entry?.status !== 'ready') return false;
  const device = st.hierarchy?.screen ?? entry.text.image;
  const line = lineAt(entry.text.lines, entry.text.image, device, p);
  const item = line ? ocrItem(line.text) : null;
  if (!item) return false;
  if (!st.draft.items.includes(item)) void st.addItem(item);
  return true;
}
