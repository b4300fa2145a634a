/**
 * Worker thread for the annotation view's OCR: PP-OCR (electron/core/models)
 * blocks its thread for seconds per screenshot, so it runs here and the
 * server keeps answering. Messages: { id, bytes } in, { id, lines } or { id, error } out.
 */
import { parentPort } from 'node:worker_threads';
import { createScreenOcr } from '../models/ocr';
import type { ScreenOcr } from '../models/types';

let ocr: Promise<ScreenOcr> | undefined;
parentPort?.on('message', (m: { id: number; bytes: Uint8Array }) => {
  ocr ??= createScreenOcr();
  ocr.then((o) => o.recognize(m.bytes))
    .then((lines) => parentPort?.postMessage({ id: m.id, lines }))
    .catch((err: unknown) => {
      ocr = undefined; // a failed model load is tried again on the next request
      parentPort?.postMessage({ id: m.id, error: err instanceof Error ? err.message : String(err) });
    });
});
