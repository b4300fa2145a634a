import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { Size } from '../../../shared/model';
import type { Chrome } from './chrome';
import type { ViewNode } from './view';
import { ScreenPainter } from './painter';

export interface RenderJob { id: number; encoder: string; root: ViewNode; size: Size; chrome: Chrome; background: string }
export type RenderReply = { id: number; png: Uint8Array } | { id: number; error: string };

/** The worker entry next to this module: TS source under tsx/vitest, bundled .mjs in dist/. */
function workerEntry(): { url: URL; ts: boolean } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) return { url: new URL('./render.worker.ts', here), ts: true };
  // scripts/build.mjs writes every electron/**/*.worker.ts to dist/ under the same relative path
  const url = here.includes('/virtual-device/world/') ? new URL('./render.worker.mjs', here) : new URL('./virtual-device/world/render.worker.mjs', here);
  return { url, ts: false };
}

function startWorker(): Worker {
  const entry = workerEntry();
  if (!entry.ts) return new Worker(entry.url);
  const api = createRequire(import.meta.url).resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(pathToFileURL(api.replace(/index\.cjs$/, 'index.mjs')).href)}).then((m) => { m.register(); return import(${JSON.stringify(entry.url.href)}); });`;
  return new Worker(boot, { eval: true });
}

/** The thread a device's screens are rendered on (its encoder lives there): a stable hash of its key. */
function lane(key: string, n: number): number {
  let h = 0;
  for (const c of key) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h % n;
}

/**
 * Renders screens on worker threads shared by every device of the process, one per core up to 4, each
 * device always on the same one (`TOUCHSTONE_RENDER_THREAD=0` renders in the calling thread). A worker
 * that fails to start or dies is replaced by in-thread rendering, never by a failed screencap.
 */
class RenderPool {
  private readonly lanes = Array.from({ length: Math.max(1, Math.min(4, availableParallelism())) }, () => new RenderLane());

  render(job: Omit<RenderJob, 'id'>): Promise<Buffer> {
    return this.lanes[lane(job.encoder, this.lanes.length)].render(job);
  }
}

class RenderLane {
  private worker: Worker | null = null;
  private broken = process.env.TOUCHSTONE_RENDER_THREAD === '0';
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (b: Buffer) => void; job: RenderJob }>();
  private readonly local = new Map<string, ScreenPainter>();

  render(job: Omit<RenderJob, 'id'>): Promise<Buffer> {
    if (this.broken) return this.inThread(job);
    const w = this.worker ?? this.spawn();
    if (!w) return this.inThread(job);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, job: { ...job, id } });
      w.ref();
      w.postMessage({ ...job, id });
    });
  }

  private inThread(job: Omit<RenderJob, 'id'>): Promise<Buffer> {
    let p = this.local.get(job.encoder);
    if (!p) { p = new ScreenPainter(); this.local.set(job.encoder, p); }
    return p.render(job.root, job.size, job.chrome, job.background);
  }

  private spawn(): Worker | null {
    try {
      const w = startWorker();
      w.unref();
      w.on('message', (r: RenderReply) => {
        const p = this.pending.get(r.id);
        if (!p) return;
        this.pending.delete(r.id);
        if (this.pending.size === 0) w.unref();
        if ('png' in r) p.resolve(Buffer.from(r.png.buffer, r.png.byteOffset, r.png.length));
        else this.inThread(p.job).then(p.resolve, () => p.resolve(Buffer.alloc(0)));
      });
      const fail = (): void => {
        this.broken = true;
        this.worker = null;
        for (const p of this.pending.values()) void this.inThread(p.job).then(p.resolve);
        this.pending.clear();
      };
      w.on('error', fail);
      w.on('exit', fail);
      this.worker = w;
      return w;
    } catch {
      this.broken = true;
      return null;
    }
  }
}

export const renderPool = new RenderPool();
