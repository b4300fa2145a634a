import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Bounds, Size } from '../../../shared/model';
import type { StageOverlayInfo } from '../../canvas/ScreenStage';
import { toDevice } from '../../canvas/transform';
import { ZOOM_STEP } from '../../canvas/use-zoom';
import { LABEL_MODE_NAMES, useCanvasView } from './canvas-view-store';
import { useKeyFor } from '../../keymap/use-keymap';

const kbd = (k: string | null) => (k ? ` (${k})` : '');

/**
 * The annotation canvas's zoom bar (−, the zoom in percent of device pixels, +,
 * fit, zoom to the selected component, label mode, magnifier), the minimap
 * while zoomed, and the magnifier. Every title names the key the keymap binds.
 */
export function ZoomControls({ info, url, device, focus }: { info: StageOverlayInfo; url: string | null; device: Size; focus: Bounds | null }) {
  const v = useCanvasView();
  const keys = { in: useKeyFor('zoom:in'), out: useKeyFor('zoom:out'), fit: useKeyFor('zoom:fit'), to: useKeyFor('zoom:selected'), labels: useKeyFor('labels:cycle'), mag: useKeyFor('magnifier') };
  const pct = Math.round(info.t.scale * 100);
  // The bar sits in the stage bar above the screen (never over it); the minimap and lens over the screen.
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => setSlot(document.getElementById('zoom-slot')), []);
  const bar = (
    <div className="zoom-bar" role="toolbar" aria-label="Zoom">
      <button type="button" className="toggle" onClick={() => info.commands.zoomBy(1 / ZOOM_STEP)} title={`Zoom out${kbd(keys.out)}`} aria-label="Zoom out">−</button>
      <span className="zoom-pct mono" title="Zoom: screen pixels per device pixel" data-zoom-pct={pct}>{pct}%</span>
      <button type="button" className="toggle" onClick={() => info.commands.zoomBy(ZOOM_STEP)} title={`Zoom in${kbd(keys.in)}`} aria-label="Zoom in">+</button>
      <button type="button" className="toggle" onClick={() => info.commands.fit()} disabled={!info.zoomed} title={`Fit the screen${kbd(keys.fit)}`}>Fit</button>
      <button type="button" className="toggle" onClick={() => focus && info.commands.zoomTo(focus)} disabled={!focus} title={`Zoom to the selected component${kbd(keys.to)}`}>To sel.</button>
      <button type="button" className="toggle" data-labels={v.labels} onClick={v.cycleLabels} title={`What the boxes show${kbd(keys.labels)}`}>{LABEL_MODE_NAMES[v.labels]}</button>
      <button type="button" className={`toggle${v.magnifier ? ' on' : ''}`} aria-pressed={v.magnifier} onClick={v.toggleMagnifier} title={`Magnifier under the pointer${kbd(keys.mag)}`}>Lens</button>
    </div>
  );
  return (
    <>
      {slot && createPortal(bar, slot)}
      {info.zoomed && url && <Minimap info={info} url={url} device={device} />}
      {v.magnifier && url && <Magnifier info={info} url={url} device={device} />}
    </>
  );
}

const MINI_W = 96;

/** The whole screen, small, with the part in view outlined; a click centres the view there. */
function Minimap({ info, url, device }: { info: StageOverlayInfo; url: string; device: Size }) {
  const k = MINI_W / device.width;
  const a = toDevice(info.t, { x: 0, y: 0 });
  const b = toDevice(info.t, { x: info.view.width, y: info.view.height });
  const clip = (v: number, hi: number) => Math.max(0, Math.min(hi, v));
  const r = { x: clip(a.x, device.width), y: clip(a.y, device.height), x2: clip(b.x, device.width), y2: clip(b.y, device.height) };
  return (
    <div className="minimap" aria-label="Minimap" style={{ width: MINI_W, height: device.height * k }}
      onClick={(e) => {
        const box = e.currentTarget.getBoundingClientRect();
        info.commands.centreOn((e.clientX - box.left) / k, (e.clientY - box.top) / k);
      }}>
      <img src={url} alt="" draggable={false} />
      <div className="minimap-view" style={{ left: r.x * k, top: r.y * k, width: (r.x2 - r.x) * k, height: (r.y2 - r.y) * k }} />
    </div>
  );
}

const LENS = 180;

/** A round lens at three times the view's zoom beside the pointer (its own listener: the stage never re-renders for it). */
function Magnifier({ info, url, device }: { info: StageOverlayInfo; url: string; device: Size }) {
  const ref = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState<{ x: number; y: number } | null>(null);
  useEffect(() => {
    const host = ref.current?.parentElement;
    if (!host) return;
    const move = (e: MouseEvent) => {
      const box = host.getBoundingClientRect();
      setAt({ x: e.clientX - box.left, y: e.clientY - box.top });
    };
    const leave = () => setAt(null);
    host.addEventListener('mousemove', move);
    host.addEventListener('mouseleave', leave);
    return () => {
      host.removeEventListener('mousemove', move);
      host.removeEventListener('mouseleave', leave);
    };
  }, []);
  const p = at ? toDevice(info.t, at) : null;
  const inside = p && p.x >= 0 && p.y >= 0 && p.x <= device.width && p.y <= device.height;
  const scale = info.t.scale * 3;
  // Beside the pointer, not under it, and inside the stage.
  const left = at ? Math.min(info.view.width - LENS - 4, Math.max(4, at.x + 24 + LENS > info.view.width ? at.x - 24 - LENS : at.x + 24)) : 0;
  const top = at ? Math.min(info.view.height - LENS - 4, Math.max(4, at.y - LENS / 2)) : 0;
  return (
    <div ref={ref} className="magnifier-host" data-magnifier={inside ? 'on' : 'idle'}>
      {inside && p && (
        <div className="magnifier" style={{
          left, top, width: LENS, height: LENS, backgroundImage: `url("${url}")`,
          backgroundSize: `${device.width * scale}px ${device.height * scale}px`,
          backgroundPosition: `${LENS / 2 - p.x * scale}px ${LENS / 2 - p.y * scale}px`,
        }} />
      )}
    </div>
  );
}
