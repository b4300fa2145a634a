/**
 * How each grounding-model family wants its screenshot, and where its coordinates live: the one
 * table the coordinate agent, its tests and the run form's help read.
 */

/** A family of grounding models by the coordinate form it answers in. */
export const GROUNDING_FAMILY_NAMES = ['uitars', 'qwen', 'plain'] as const;
export type GroundingFamily = (typeof GROUNDING_FAMILY_NAMES)[number];

export interface FamilyRule {
  label: string;
  /** `smart`: Qwen2-VL's smart_resize (sides multiples of `factor`, pixel count within bounds); `width`: scaled to the agent's image width. */
  resize: 'smart' | 'width';
  factor: number;
  minPixels: number;
  maxPixels: number;
  /** `norm1000`: 0–1000 on both axes whatever the image size (UI-TARS); `image`: pixels of the image sent. */
  space: 'norm1000' | 'image';
}

/** The families' rules. Qwen2.5-VL's and UI-TARS's processors share the 28-pixel patch grid and pixel bounds. */
export const GROUNDING_FAMILIES: Record<GroundingFamily, FamilyRule> = {
  uitars: { label: "UI-TARS: click(start_box='(x,y)'), 0–1000", resize: 'smart', factor: 28, minPixels: 4 * 28 * 28, maxPixels: 16384 * 28 * 28, space: 'norm1000' },
  qwen: { label: 'Qwen2.5-VL / Qwen3-VL: mobile_use JSON tool call, pixels of the resized image', resize: 'smart', factor: 28, minPixels: 4 * 28 * 28, maxPixels: 16384 * 28 * 28, space: 'image' },
  plain: { label: 'plain: tap(x, y) in pixels of the image sent', resize: 'width', factor: 1, minPixels: 1, maxPixels: Number.MAX_SAFE_INTEGER, space: 'image' },
};

export interface Size { width: number; height: number }

/**
 * Qwen2-VL's smart_resize: each side rounded to a multiple of `factor`, then scaled down (or up) so the
 * pixel count lies within [minPixels, maxPixels], keeping the aspect ratio as close as the grid allows.
 */
export function smartResize(s: Size, factor: number, minPixels: number, maxPixels: number): Size {
  if (s.width <= 0 || s.height <= 0) throw new Error(`smartResize: a screen of ${s.width}x${s.height} has no pixels.`);
  let h = Math.max(factor, Math.round(s.height / factor) * factor);
  let w = Math.max(factor, Math.round(s.width / factor) * factor);
  if (h * w > maxPixels) {
    const beta = Math.sqrt((s.height * s.width) / maxPixels);
    h = Math.max(factor, Math.floor(s.height / beta / factor) * factor);
    w = Math.max(factor, Math.floor(s.width / beta / factor) * factor);
  } else if (h * w < minPixels) {
    const beta = Math.sqrt(minPixels / (s.height * s.width));
    h = Math.ceil((s.height * beta) / factor) * factor;
    w = Math.ceil((s.width * beta) / factor) * factor;
  }
  return { width: w, height: h };
}

/** The size of the image a family is sent for a screen (`imageWidth`: the agent's image width, for `width` rules). */
export function imageSizeFor(family: GroundingFamily, screen: Size, imageWidth: number): Size {
  const r = GROUNDING_FAMILIES[family];
  if (r.resize === 'smart') return smartResize(screen, r.factor, r.minPixels, r.maxPixels);
  const scale = Math.min(1, imageWidth / screen.width);
  return { width: Math.round(screen.width * scale), height: Math.round(screen.height * scale) };
}

/** Device pixels per unit of the family's coordinate space, per axis (recorded with each step). */
export function deviceScale(family: GroundingFamily, screen: Size, image: Size): { x: number; y: number } {
  if (GROUNDING_FAMILIES[family].space === 'norm1000') return { x: screen.width / 1000, y: screen.height / 1000 };
  return { x: screen.width / image.width, y: screen.height / image.height };
}

/** A point of the family's space as device pixels, rounded and kept on the screen. */
export function toDevice(p: { x: number; y: number }, scale: { x: number; y: number }, screen: Size): { x: number; y: number } {
  const clamp = (v: number, max: number): number => Math.min(max - 1, Math.max(0, Math.round(v)));
  return { x: clamp(p.x * scale.x, screen.width), y: clamp(p.y * scale.y, screen.height) };
}
