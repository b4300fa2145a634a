import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { OcrLine, ScreenOcr } from '../models/types';

/** The OCR worker's entry beside this module: TS source under tsx/vitest, the bundled .mjs in dist/ (scripts/build.mjs). */
function entry(): { url: URL; ts: boolean } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return { url: new URL('./ocr.worker.ts', here), ts: true };
  const url = here.includes('/core/annotations/') ? new URL('./ocr.worker.mjs', here) : new URL('./core/annotations/ocr.worker.mjs', here);
  return { url, ts: false };
}

function start(e: { url: URL; ts: boolean }): Worker {
  if (!e.ts) return new Worker(e.url);
  // A TS entry gets tsx's loader registered first.
  const api = createRequire(import.meta.url).resolve('tsx/esm/api');
  return new Worker(`import(${JSON.stringify(pathToFileURL(api.replace(/index\.cjs$/, 'index.mjs')).href)}).then((m) => { m.register(); return import(${JSON.stringify(e.url.href)}); });`, { eval: true });
}

/**
 * PP-OCR on its own worker thread (one per process, started on first use,
 * not keeping the process alive when idle), so a recognition never stalls
 * the thread that answers the UI. Requests run one after another there.
 */
export function threadedOcr(): ScreenOcr {
  let worker: Worker | undefined;
  let next = 0;
  const pending = new Map<number, { resolve(l: OcrLine[]): void; reject(e: Error): void }>();
  const fail = (err: Error) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    worker = undefined;
  };
  const get = (): Worker => {
    if (worker) return worker;
    const w = start(entry());
    w.on('message', (m: { id: number; lines?: OcrLine[]; error?: string }) => {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.error !== undefined) p.reject(new Error(m.error));
      else p.resolve(m.lines ?? []);
      if (pending.size === 0) w.unref();
    });
    w.on('error', (err) => fail(new Error(`The OCR worker stopped: ${err.message}`)));
    w.on('exit', (code) => { if (worker === w) fail(new Error(`The OCR worker exited (code ${code}).`)); });
    worker = w;
    return w;
  };
  return {
    recognize(image: Uint8Array): Promise<OcrLine[]> {
      const w = get();
      const id = ++next;
      w.ref();
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.postMessage({ id, bytes: image });
      });
    },
    async dispose(): Promise<void> {
      const w = worker;
      worker = undefined;
      await w?.terminate();
    },
  };
}
