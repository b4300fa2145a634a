import type { Bounds, NumberedComponent, Size, ViewHierarchy } from '../model';
import { area, parseBounds } from './bounds';

function extentOf(boxes: Iterable<Bounds | null | undefined>): Size | null {
  let width = 0;
  let height = 0;
  for (const b of boxes) {
    if (!b || area(b) <= 0) continue;
    width = Math.max(width, b.x2);
    height = Math.max(height, b.y2);
  }
  return width > 0 && height > 0 ? { width, height } : null;
}

/**
 * How far the hierarchy's top-level windows reach (max x2, max y2 of the root
 * nodes), in device pixels; null when no root has usable bounds. Only roots
 * count: scrolled-away descendants can report bounds far off screen.
 */
export function rootExtent(vh: ViewHierarchy): Size | null {
  return extentOf(vh.roots.map((id) => vh.nodes[id]?.bounds));
}

/** How far an `i.json` list's boxes reach; the fallback when a step has no hierarchy file. */
export function componentsExtent(components: readonly NumberedComponent[]): Size | null {
  return extentOf(components.map((c) => (typeof c.bounds === 'string' ? parseBounds(c.bounds) : null)));
}

/** Slack for rounding in recorders that crop or pad the screenshot by a pixel or two. */
const TOLERANCE = 1.02;

/**
 * The device screen size that component bounds are expressed in, from the
 * screenshot's pixel size and the hierarchy's root extent. A screenshot at
 * device resolution wins, even when the dump leaves out the system bars (a
 * uiautomator root often ends above the navigation bar). When the hierarchy
 * reaches beyond the image, the screenshot was saved downscaled: the device
 * size is the image scaled up by that factor, keeping the image's aspect.
 */
export function deviceScreenSize(image: Size | null, extent: Size | null): Size | null {
  if (!image || image.width <= 0 || image.height <= 0) return extent;
  if (!extent) return image;
  if (extent.width <= image.width * TOLERANCE && extent.height <= image.height * TOLERANCE) return image;
  const k = Math.max(extent.width / image.width, extent.height / image.height);
  return { width: Math.round(image.width * k), height: Math.round(image.height * k) };
}
