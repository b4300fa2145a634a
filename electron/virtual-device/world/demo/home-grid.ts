import type { AppDef } from './app';
import type { WorldFactors } from './factors';
import type { ScreenBuilder } from './ui';

/**
 * The launcher's workspace. Without a grid or icon-size setting it keeps the layout the demo dataset was
 * recorded with (4 columns of 104 dp cells, the node covering the cell). With one, the workspace is split into
 * COLS x ROWS cells and each app's node is its icon plus label, sized by the icon scale, centred in its cell:
 * both factors move and resize the nodes of the hierarchy. Apps past COLS x ROWS are not on the first page.
 */
export function homeGrid(b: ScreenBuilder, apps: AppDef[], f: WorldFactors | undefined): void {
  const custom = !!f && (f.grid !== null || f.iconScale !== 1);
  const cols = f?.grid?.cols ?? 4;
  const rows = f?.grid?.rows ?? 5;
  const cell = Math.floor((b.width - b.dp(16)) / cols);
  const avail = b.content.bounds.y2 - b.y - b.dp(16);
  const iconPx = Math.round(b.dp(64) * (f?.iconScale ?? 1));
  // app-icon paint: icon = min(width, 0.62 * height), label below it
  const nodeH = Math.round(iconPx / 0.62);
  const cellH = custom ? Math.max(nodeH, Math.floor(avail / rows)) : b.dp(104);
  const shown = custom ? apps.slice(0, cols * rows) : apps;
  const label = labelColour(f);
  // labels follow the font scale (at 1 they keep the icon-relative size the dataset was recorded with)
  const labelSize = f && f.fontScale !== 1 ? b.sp(14) : undefined;
  const grid = b.add({ cls: 'android.view.ViewGroup', id: b.rid('workspace'), scrollable: false, bounds: { x1: 0, y1: b.y, x2: b.width, y2: b.y + cellH * Math.ceil(shown.length / cols) }, children: [] });
  shown.forEach((a, i) => {
    const cx1 = b.dp(8) + (i % cols) * cell;
    const cy1 = b.y + Math.floor(i / cols) * cellH;
    const text = b.tr(a.label);
    const bounds = custom
      ? { x1: cx1, y1: cy1 + Math.floor((cellH - nodeH) / 2), x2: cx1 + cell, y2: cy1 + Math.floor((cellH - nodeH) / 2) + nodeH }
      : { x1: cx1, y1: cy1, x2: cx1 + cell, y2: cy1 + cellH };
    grid.children.push({ cls: 'android.widget.TextView', text, desc: text, clickable: true, focusable: true, longClickable: true, action: `launch:${a.pkg}`, bounds, paint: { kind: 'app-icon', icon: a.icon, color: a.color, ...(label ? { label } : {}), ...(labelSize ? { labelSize } : {}) }, children: [] });
  });
}

/** Dark text on a light wallpaper (white otherwise, the default). */
export function labelColour(f: WorldFactors | undefined): string | undefined {
  return f?.wallpaper && luminance(f.wallpaper) > 0.6 ? '#202124' : undefined;
}

/** Relative luminance of `#rrggbb` (0 black .. 1 white), to keep labels readable on a light wallpaper. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
