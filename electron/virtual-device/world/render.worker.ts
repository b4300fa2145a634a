/**
 * Render thread of the virtual devices: paints view trees and encodes PNGs off the main thread, so adb
 * streams of every device keep flowing while a new screen is drawn. One incremental encoder per device.
 */
import { parentPort } from 'node:worker_threads';
import { renderScreen } from './render';
import { IncrementalPngEncoder } from './png-encode';
import type { RenderJob, RenderReply } from './render-pool';

const encoders = new Map<string, IncrementalPngEncoder>();

parentPort?.on('message', (job: RenderJob) => {
  let enc = encoders.get(job.encoder);
  if (!enc) { enc = new IncrementalPngEncoder(); encoders.set(job.encoder, enc); }
  renderScreen(job.root, job.size, job.chrome, job.background, enc).then(
    (png) => {
      const bytes = new Uint8Array(png.length);
      bytes.set(png);
      parentPort!.postMessage({ id: job.id, png: bytes } satisfies RenderReply, [bytes.buffer]);
    },
    (e: unknown) => parentPort!.postMessage({ id: job.id, error: e instanceof Error ? e.message : String(e) } satisfies RenderReply),
  );
});
