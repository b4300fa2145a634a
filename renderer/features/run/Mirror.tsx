import { useEffect, useRef, useState, type PointerEvent } from 'react';
import type { DeviceComponent, DeviceInput } from '../../../shared/contract/device';
import type { TouchstoneClient } from '../../api/client';

/** Frame latencies (request to pixels decoded in the page), newest last; the bench reads them. */
declare global { interface Window { __mirrorLatency?: number[] } }

interface Props {
  client: TouchstoneClient;
  serial: string;
  /** Frames per second while shown (paused while the page is hidden). */
  fps?: number;
  /** Shows the numbered components of the current screen. */
  boxes: boolean;
  /** When set, clicks and drags on the screen become device inputs. */
  onInput?: (input: DeviceInput) => void;
  /** Bumped by the owner to fetch the boxes again (e.g. after an input). */
  refresh?: number;
}

const SWIPE_MIN = 24;

const fromBase64 = (Uint8Array as unknown as { fromBase64?: (s: string) => Uint8Array<ArrayBuffer> }).fromBase64;

/** Base64 to bytes: the native decoder where the browser has it, else a plain loop (Uint8Array.from with a mapper costs ~10x more per frame). */
function base64Bytes(b64: string): Uint8Array<ArrayBuffer> {
  if (fromBase64) return fromBase64(b64);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

/**
 * The live screen of one device: `device:screen` polled a few times a second (one request in
 * flight at most), drawn into a canvas when decoded; paused while the page is hidden. With `onInput`, a click
 * is a tap and a drag a swipe, in device pixels.
 */
export function Mirror({ client, serial, fps = 4, boxes, onInput, refresh = 0 }: Props) {
  const [frame, setFrame] = useState<{ width: number; height: number; n: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [components, setComponents] = useState<DeviceComponent[]>([]);
  const [boxesRev, setBoxesRev] = useState(-1);
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  const down = useRef<{ x: number; y: number } | null>(null);
  const svg = useRef<SVGSVGElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const on = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', on);
    return () => document.removeEventListener('visibilitychange', on);
  }, []);

  useEffect(() => {
    if (!visible) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let n = 0;
    const tick = async (): Promise<void> => {
      const t0 = performance.now();
      try {
        const f = await client.call('device:screen', { serial });

        // Decoded and scaled to the shown size off the main thread (a 1080x2400 <img> would be
        // decoded and scaled on it at every paint).
        const c = canvas.current;
        const width = Math.max(1, Math.min(f.width, Math.round((c?.clientWidth || 360) * (window.devicePixelRatio || 1))));
        const bmp = await createImageBitmap(new Blob([base64Bytes(f.png)], { type: 'image/png' }), { resizeWidth: width, resizeQuality: 'medium' });
        if (stop || !canvas.current) { bmp.close(); return; }
        canvas.current.width = bmp.width;
        canvas.current.height = bmp.height;
        canvas.current.getContext('2d')?.drawImage(bmp, 0, 0);
        bmp.close();
        (window.__mirrorLatency ??= []).push(performance.now() - t0);
        if (window.__mirrorLatency.length > 1000) window.__mirrorLatency.shift();
        const next = { width: f.width, height: f.height, n: ++n };
        setFrame((old) => (old && old.width === next.width && old.height === next.height && old.n === next.n - 1 ? { ...old, n: next.n } : next));
        setError(null);
      } catch (e) { if (!stop) setError(e instanceof Error ? e.message : String(e)); }
      if (!stop) timer = setTimeout(() => void tick(), Math.max(0, 1000 / fps - (performance.now() - t0)));
    };
    void tick();
    return () => { stop = true; clearTimeout(timer); };
  }, [client, serial, fps, visible]);

  useEffect(() => {
    if (!boxes) { setComponents([]); return; }
    let stop = false;
    client.call('device:hierarchy', { serial }).then((c) => { if (!stop) { setComponents(c); setBoxesRev(refresh); } }, (e: unknown) => { if (!stop) setError(e instanceof Error ? e.message : String(e)); });
    return () => { stop = true; };
  }, [client, serial, boxes, refresh]);

  const devicePoint = (e: PointerEvent): { x: number; y: number } | null => {
    const r = svg.current?.getBoundingClientRect();
    if (!r || !frame) return null;
    return { x: Math.round(((e.clientX - r.left) / r.width) * frame.width), y: Math.round(((e.clientY - r.top) / r.height) * frame.height) };
  };
  const onDown = (e: PointerEvent) => { if (onInput) { down.current = devicePoint(e); (e.target as Element).setPointerCapture?.(e.pointerId); } };
  const onUp = (e: PointerEvent) => {
    const a = down.current;
    const b = devicePoint(e);
    down.current = null;
    if (!onInput || !a || !b) return;
    onInput(Math.hypot(b.x - a.x, b.y - a.y) < SWIPE_MIN ? { kind: 'tap', x: a.x, y: a.y } : { kind: 'swipe', x1: a.x, y1: a.y, x2: b.x, y2: b.y, durationMs: 300 });
  };

  return (
    <div className="mirror" data-serial={serial} data-frame={frame?.n ?? 0} data-mirror-state={!visible ? 'paused' : frame ? 'live' : error ? 'error' : 'loading'} data-boxes={boxes ? components.length : 0} data-boxes-rev={boxes ? boxesRev : -1}>
      <div className="mirror-screen" hidden={!frame} style={frame ? { aspectRatio: `${frame.width} / ${frame.height}` } : undefined}>
        <canvas ref={canvas} className="mirror-canvas" role="img" aria-label={`Screen of ${serial}`} />
        {frame && (
          <svg ref={svg} viewBox={`0 0 ${frame.width} ${frame.height}`} className={onInput ? 'interactive' : ''} onPointerDown={onDown} onPointerUp={onUp}
            role={onInput ? 'application' : undefined} aria-label={onInput ? 'Device screen: click to tap, drag to swipe' : undefined}>
            {components.map((c) => (
              <g key={c.id} className="mirror-box" data-label={c.label}>
                <rect x={c.bounds[0]} y={c.bounds[1]} width={c.bounds[2] - c.bounds[0]} height={c.bounds[3] - c.bounds[1]} />
                <text x={c.bounds[0] + 6} y={c.bounds[1] + 44}>{c.id}</text>
              </g>
            ))}
          </svg>
        )}
      </div>
      {!frame && <div className="mirror-empty muted">{error ?? 'Waiting for the first frame…'}</div>}
      {frame && error && <div className="mirror-error" role="alert">{error}</div>}
    </div>
  );
}
