import type { Page } from 'playwright-core';

/** What the layout probe finds wrong on the page, measured on element boxes. */
export interface LayoutReport {
  /** App elements drawn (not clipped away by a scrolling ancestor) past the viewport's edge. */
  outside: string[];
  /** Pairs of panels that cover each other by more than a pixel. */
  overlaps: string[];
  /** How far the page and the app frame are scrolled (both must stay 0). */
  scrolled: { page: number; app: number };
  /** The top bar's box. */
  topbar: { top: number; bottom: number } | null;
}

/** The panels of the app; no two of these may overlap. */
export const PANELS = ['.topbar', '.task-panel', '.episode-head', '.filmstrip', '.stage', '.ess-editor', '.annotate-side .inspector', '.cp-tab', '.cp-panel', '.check-panel'];

/**
 * Measures the page: every visible element's box, clipped by each ancestor that clips
 * (overflow other than visible), must lie inside the viewport; the panels must not overlap.
 */
export function probeLayout(page: Page): Promise<LayoutReport> {
  return page.evaluate((panels) => {
    const vw = window.innerWidth;
    const vh = window.innerHeight;
    const name = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    const outside: string[] = [];
    for (const el of document.querySelectorAll('.app *')) {
      const cs = getComputedStyle(el);
      if (cs.display === 'none' || cs.visibility === 'hidden') continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      let x1 = r.left, y1 = r.top, x2 = r.right, y2 = r.bottom;
      for (let a = el.parentElement; a && x1 < x2 && y1 < y2; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
        const b = a.getBoundingClientRect();
        if (s.overflowX !== 'visible') { x1 = Math.max(x1, b.left); x2 = Math.min(x2, b.right); }
        if (s.overflowY !== 'visible') { y1 = Math.max(y1, b.top); y2 = Math.min(y2, b.bottom); }
      }
      if (x1 >= x2 || y1 >= y2) continue; // clipped away entirely: not drawn
      if (x1 < -0.5 || y1 < -0.5 || x2 > vw + 0.5 || y2 > vh + 0.5) outside.push(`${name(el)} [${Math.round(x1)},${Math.round(y1)}..${Math.round(x2)},${Math.round(y2)}]`);
    }
    const boxes = panels.flatMap((sel) => [...document.querySelectorAll(sel)].map((el) => ({ sel, r: el.getBoundingClientRect() }))).filter((b) => b.r.width > 0 && b.r.height > 0);
    const overlaps: string[] = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i].r, b = boxes[j].r;
        const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (w > 1 && h > 1) overlaps.push(`${boxes[i].sel} / ${boxes[j].sel} (${Math.round(w)}x${Math.round(h)})`);
      }
    }
    const app = document.querySelector('.app');
    const top = document.querySelector('.topbar')?.getBoundingClientRect();
    return {
      outside: outside.slice(0, 20), overlaps,
      scrolled: { page: document.scrollingElement?.scrollTop ?? 0, app: app?.scrollTop ?? 0 },
      topbar: top ? { top: top.top, bottom: top.bottom } : null,
    };
  }, PANELS);
}

/** Whether an element is fully inside the viewport and is what the page shows at its centre (nothing on top). */
export function shownOnTop(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.top < 0 || r.left < 0 || r.bottom > window.innerHeight || r.right > window.innerWidth) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 8));
    return !!hit && (el === hit || el.contains(hit));
  }, selector);
}
