import type { Bounds, Size } from '../../shared/model';
import type { InputEvent } from './world/types';
import { renderPool } from './world/render-pool';

export type Rotation = 0 | 1 | 2 | 3;

/**
 * The display as Android's window manager sees it: the panel's natural (portrait) size, overridable with
 * `wm size WxH`, turned by `settings put system user_rotation N` (when `accelerometer_rotation` is 0, as on a
 * phone with auto-rotate off). Worlds lay their screens out for their own portrait size; the device shows them
 * through this transform, so the screenshot, the dump bounds, input coordinates and every geometry report
 * (`wm size`, `dumpsys display/input/window`) agree: a screen drawn portrait on a turned panel, as
 * SurfaceFlinger composes a portrait-locked app.
 */
export class DisplayState {
  constructor(
    /** The size the world lays its screens out for (the demo world follows `wm size`, so it can differ from the panel). */
    private readonly worldSize: () => Size,
    private readonly settings: Map<string, string>,
    private readonly props: Map<string, string>,
    /** The physical panel (DisplayDeviceInfo); the world's layout size when not given. */
    private readonly panelSize: () => Size = worldSize,
  ) {}

  rotation(): Rotation {
    if (this.settings.get('system:accelerometer_rotation') === '1') return 0;
    const r = Number(this.settings.get('system:user_rotation') ?? '0');
    return (Number.isInteger(r) && r >= 0 && r <= 3 ? r : 0) as Rotation;
  }

  /** The panel size in its natural orientation (`Physical size`, or `Override size` after `wm size WxH`). */
  physical(): Size {
    const m = /^(\d+)x(\d+)$/.exec(this.props.get('vd.wm.size') ?? '');
    return m ? { width: Number(m[1]), height: Number(m[2]) } : this.panelSize();
  }

  /** The panel itself (DisplayDeviceInfo): `wm size` never changes it. */
  panel(): Size { return this.panelSize(); }

  /**
   * Where the logical display lands on the turned panel (DisplayViewport's physicalFrame and deviceWidth/Height):
   * the `wm size` surface scaled to fit, aspect kept and centred, in whole pixels as LogicalDisplay computes it.
   */
  viewport(): { device: Size; frame: Bounds } {
    const turned = this.rotation() % 2 === 1;
    const hw = this.panel();
    const device = turned ? { width: hw.height, height: hw.width } : hw;
    const l = this.logical();
    let w = device.width;
    let h = device.height;
    if (device.width * l.height < device.height * l.width) h = Math.trunc((l.height * device.width) / l.width);
    else w = Math.trunc((l.width * device.height) / l.height);
    const x1 = Math.trunc((device.width - w) / 2);
    const y1 = Math.trunc((device.height - h) / 2);
    return { device, frame: { x1, y1, x2: x1 + w, y2: y1 + h } };
  }

  /** The size apps and screenshots see: the physical size, turned. */
  logical(): Size {
    const p = this.physical();
    return this.rotation() % 2 ? { width: p.height, height: p.width } : p;
  }

  /** Identifies the transform (part of the screenshot cache key). */
  key(): string {
    const p = this.physical();
    return `${this.rotation()}:${p.width}x${p.height}`;
  }

  identity(): boolean {
    const p = this.physical();
    const w = this.worldSize();
    return this.rotation() === 0 && p.width === w.width && p.height === w.height;
  }

  /** World pixel -> display (logical) pixel. */
  toDisplay(x: number, y: number): [number, number] {
    const w = this.worldSize();
    const { width: pw, height: ph } = this.physical();
    const px = (x * pw) / w.width;
    const py = (y * ph) / w.height;
    switch (this.rotation()) {
      case 1: return [py, pw - px];
      case 2: return [pw - px, ph - py];
      case 3: return [ph - py, px];
      default: return [px, py];
    }
  }

  /** Display (logical) pixel -> world pixel: where a tap lands in the world's layout. */
  toWorld(lx: number, ly: number): [number, number] {
    const w = this.worldSize();
    const { width: pw, height: ph } = this.physical();
    const [px, py] = ((): [number, number] => {
      switch (this.rotation()) {
        case 1: return [pw - ly, lx];
        case 2: return [pw - lx, ph - ly];
        case 3: return [ly, ph - lx];
        default: return [lx, ly];
      }
    })();
    return [(px * w.width) / pw, (py * w.height) / ph];
  }

  boundsToDisplay(b: Bounds): Bounds {
    const [ax, ay] = this.toDisplay(b.x1, b.y1);
    const [bx, by] = this.toDisplay(b.x2, b.y2);
    return { x1: Math.round(Math.min(ax, bx)), y1: Math.round(Math.min(ay, by)), x2: Math.round(Math.max(ax, bx)), y2: Math.round(Math.max(ay, by)) };
  }

  /** An input event in display coordinates -> the same event in the world's coordinates. */
  inputToWorld(ev: InputEvent): InputEvent {
    if (this.identity()) return ev;
    const r = (v: number): number => Math.round(v);
    if (ev.kind === 'tap' || ev.kind === 'long-press') { const [x, y] = this.toWorld(ev.x, ev.y); return { ...ev, x: r(x), y: r(y) }; }
    if (ev.kind === 'swipe' || ev.kind === 'drag') {
      const [x1, y1] = this.toWorld(ev.x1, ev.y1);
      const [x2, y2] = this.toWorld(ev.x2, ev.y2);
      return { ...ev, x1: r(x1), y1: r(y1), x2: r(x2), y2: r(y2) };
    }
    return ev;
  }

  /** The uiautomator dump as seen on this display: bounds turned and scaled, `rotation` set. */
  xmlToDisplay(xml: string): string {
    const rot = this.rotation();
    const withRot = xml.replace(/(<hierarchy\b[^>]*?\brotation=")\d(")/, `$1${rot}$2`);
    if (this.identity()) return withRot;
    return withRot.replace(/bounds="\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]"/g, (_m, a: string, b: string, c: string, d: string) => {
      const t = this.boundsToDisplay({ x1: Number(a), y1: Number(b), x2: Number(c), y2: Number(d) });
      return `bounds="[${t.x1},${t.y1}][${t.x2},${t.y2}]"`;
    });
  }

  /**
   * Composes the world's screenshots onto the display as it is now (PNG in, PNG out, on a render thread): the
   * transform is taken at this call, so a render that finishes after the next `wm size` or rotation still
   * lands under the key it was asked for.
   */
  composer(): (png: Buffer) => Promise<Buffer> {
    if (this.identity()) return (png) => Promise.resolve(png);
    const job = { rotation: this.rotation(), physical: this.physical(), logical: this.logical() };
    return (png) => renderPool.compose({ kind: 'display', png, ...job });
  }
}
