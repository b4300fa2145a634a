import { create } from 'zustand';
import type { ScreenText, ScreenTextLine } from '../../../shared/contract/annotation';
import type { Bounds, Size } from '../../../shared/model';
import type { TouchstoneClient } from '../../api/client';
import { essItemFromText } from '../../../shared/formats/ess';
import { newJobId } from '../../api/jobs';

/** One step's OCR: being read, read, or failed (with the core's message). */
export type OcrEntry = { status: 'loading' } | { status: 'ready'; text: ScreenText } | { status: 'error'; error: string };

export interface OcrState {
  /** Whether the OCR layer is drawn (and the current step read). */
  shown: boolean;
  /** By `datasetId|path|step`. */
  entries: Record<string, OcrEntry>;
  toggle(): void;
  /** Reads a step's text (once; a failed read is tried again). */
  load(client: TouchstoneClient, datasetId: string, path: string, step: number): Promise<void>;
}

export const ocrKey = (datasetId: string, path: string, step: number) => `${datasetId}|${path}|${step}`;

/** The OCR layer of the annotation view: on/off and the text read per step (cached on disk by the core). */
export const useOcrStore = create<OcrState>()((set, get) => ({
  shown: false,
  entries: {},
  toggle: () => set({ shown: !get().shown }),
  async load(client, datasetId, path, step) {
    const key = ocrKey(datasetId, path, step);
    const had = get().entries[key];
    if (had && had.status !== 'error') return;
    set({ entries: { ...get().entries, [key]: { status: 'loading' } } });
    try {
      const text = await client.call('annotation:ocr', { datasetId, path, step, jobId: newJobId('ocr') });
      set({ entries: { ...get().entries, [key]: { status: 'ready', text } } });
    } catch (err) {
      set({ entries: { ...get().entries, [key]: { status: 'error', error: err instanceof Error ? err.message : String(err) } } });
    }
  },
}));

/** A line's box in the stage's device pixels (the screenshot may be stored smaller than the screen). */
export function toDeviceBox(box: Bounds, image: Size, device: Size): Bounds {
  const sx = device.width / image.width;
  const sy = device.height / image.height;
  return { x1: box.x1 * sx, y1: box.y1 * sy, x2: box.x2 * sx, y2: box.y2 * sy };
}

/** The `ocr<text>` item for a line: the characters the .ess syntax reserves (< > |) become spaces (the ocr primitive's rule). */
export function ocrItem(text: string): string | null {
  return essItemFromText('ocr', text);
}

/** The OCR line under a device point (the smallest box when they nest), or null. */
export function lineAt(lines: readonly ScreenTextLine[], image: Size, device: Size, p: { x: number; y: number }): ScreenTextLine | null {
  let best: ScreenTextLine | null = null;
  let bestArea = Infinity;
  for (const l of lines) {
    const b = toDeviceBox(l.box, image, device);
    if (p.x < b.x1 || p.x >= b.x2 || p.y < b.y1 || p.y >= b.y2) continue;
    const area = (b.x2 - b.x1) * (b.y2 - b.y1);
    if (area < bestArea) {
      best = l;
      bestArea = area;
    }
  }
  return best;
}
