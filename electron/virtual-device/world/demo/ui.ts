import type { Bounds, Size } from '../../../../shared/model';
import type { Paint, ViewNode } from '../view';
import { translate } from './strings';
import { wrapText } from './wrap';

export interface Theme {
  primary: string;
  surface: string;
  onSurface: string;
  muted: string;
  background: string;
  /** Fill of text fields. */
  field: string;
}

export const LIGHT: Omit<Theme, 'primary'> = { surface: '#ffffff', onSurface: '#1c1b1f', muted: '#5f6368', background: '#f8f9fa', field: '#f1f3f4' };
export const DARK: Omit<Theme, 'primary'> = { surface: '#202124', onSurface: '#e8eaed', muted: '#9aa0a6', background: '#171717', field: '#303134' };

export interface ListItemSpec {
  title: string;
  subtitle?: string;
  icon?: string;
  iconColor?: string;
  id?: string;
  action?: string;
  desc?: string;
  trailing?: { kind: 'switch'; checked: boolean; id?: string } | { kind: 'button'; text: string; id: string; action: string; style?: 'filled' | 'tonal' | 'outlined' } | { kind: 'text'; text: string } | { kind: 'icon'; icon: string; desc: string; id: string; action: string };
}

const W = 'android.widget.';

/**
 * Lays out one app screen top to bottom in device pixels and records both the
 * uiautomator view tree and the paint of every node.
 */
export class ScreenBuilder {
  readonly root: ViewNode;
  readonly content: ViewNode;
  y: number;
  /** Content below this line scrolls (set after the app bar). */
  scrollTop: number;
  readonly statusBar: number;
  readonly navBar: number;

  /** Font scale (`settings system font_scale`) and locale (`persist.sys.locale`) of the screen. */
  readonly fontScale: number;
  readonly locale: string;

  constructor(readonly size: Size, readonly density: number, readonly pkg: string, readonly theme: Theme, look: { fontScale?: number; locale?: string } = {}) {
    this.fontScale = look.fontScale ?? 1;
    this.locale = look.locale ?? 'en-US';
    this.statusBar = this.dp(24);
    this.navBar = this.dp(24);
    const full = { x1: 0, y1: 0, x2: size.width, y2: size.height };
    this.content = { cls: W + 'FrameLayout', id: 'android:id/content', bounds: { x1: 0, y1: this.statusBar, x2: size.width, y2: size.height - this.navBar }, children: [], paint: { kind: 'fill', color: theme.background } };
    this.root = { cls: W + 'FrameLayout', bounds: full, children: [{ cls: W + 'LinearLayout', bounds: full, children: [this.content] }] };
    this.y = this.statusBar;
    this.scrollTop = this.statusBar;
  }

  dp(n: number): number { return Math.round((n * this.density) / 160); }

  /** Scaled pixels: text sizes follow the font scale as well as the density. */
  sp(n: number): number { return Math.round((n * this.density * this.fontScale) / 160); }

  /** How much taller text-bound boxes get than at font scale 1 (0 at the default scale). */
  private grow(spH: number): number { return this.sp(spH) - this.dp(spH); }

  /** A string in the screen's language. */
  tr(s: string): string { return translate(this.locale, s); }

  get width(): number { return this.size.width; }

  rid(name: string): string { return name.includes(':') ? name : `${this.pkg}:id/${name}`; }

  add(node: ViewNode, parent: ViewNode = this.content): ViewNode {
    parent.children.push(node);
    return node;
  }

  private box(h: number, x1 = 0, x2 = this.width): Bounds {
    const b = { x1, y1: this.y, x2, y2: this.y + h };
    this.y += h;
    return b;
  }

  text(text: string, opts: { size?: number; color?: string; weight?: 'normal' | 'bold'; id?: string; align?: 'left' | 'center'; height?: number; pad?: number } = {}): ViewNode {
    const size = this.sp(opts.size ?? 14);
    const pad = this.dp(opts.pad ?? 16);
    const shown = this.tr(text);
    // text wraps at word boundaries: a larger font or a longer translation makes the box taller
    const lines = wrapText(shown, size, this.width - 2 * pad);
    const one = opts.height !== undefined ? opts.height + this.grow(opts.size ?? 14) : Math.round(size * 1.9);
    const h = one + Math.round((lines.length - 1) * size * 1.3);
    const paint: Paint = { kind: 'text', size, color: opts.color ?? this.theme.onSurface, weight: opts.weight, align: opts.align, ...(lines.length > 1 ? { lines } : {}) };
    return this.add({ cls: W + 'TextView', id: opts.id ? this.rid(opts.id) : undefined, text: shown, bounds: this.box(h, pad, this.width - pad), paint, children: [] });
  }

  space(dpH: number): void { this.y += this.dp(dpH); }

  appBar(title: string, opts: { nav?: { icon: string; desc: string; action: string }; actions?: { icon: string; desc: string; id: string; action: string; badge?: string }[]; color?: string } = {}): ViewNode {
    const h = this.dp(64);
    const bar: ViewNode = { cls: 'android.view.ViewGroup', id: this.rid('toolbar'), bounds: this.box(h), paint: { kind: 'fill', color: opts.color ?? this.theme.surface }, children: [] };
    const y1 = bar.bounds.y1;
    const btn = this.dp(48);
    const fg = opts.color ? '#ffffff' : this.theme.onSurface;
    let x = this.dp(4);
    if (opts.nav) {
      bar.children.push({ cls: W + 'ImageButton', desc: opts.nav.desc, clickable: true, focusable: true, action: opts.nav.action, bounds: { x1: x, y1: y1 + this.dp(8), x2: x + btn, y2: y1 + this.dp(56) }, paint: { kind: 'icon', icon: opts.nav.icon, color: fg }, children: [] });
      x += btn + this.dp(8);
    } else x = this.dp(16);
    const actions = opts.actions ?? [];
    const right = this.width - this.dp(4) - actions.length * btn;
    bar.children.push({ cls: W + 'TextView', text: this.tr(title), bounds: { x1: x, y1, x2: right, y2: y1 + h }, paint: { kind: 'text', size: this.sp(22), color: fg }, children: [] });
    actions.forEach((a, i) => {
      const ax = right + i * btn;
      bar.children.push({ cls: W + 'ImageButton', id: this.rid(a.id), desc: a.desc || undefined, clickable: true, focusable: true, action: a.action, bounds: { x1: ax, y1: y1 + this.dp(8), x2: ax + btn, y2: y1 + this.dp(56) }, paint: { kind: 'icon', icon: a.icon, color: fg, badge: a.badge }, children: [] });
    });
    this.scrollTop = this.y;
    return this.add(bar);
  }

  edit(opts: { id: string; value: string; hint: string; focused: boolean; action: string; lines?: number; password?: boolean }): ViewNode {
    const h = this.dp(56 + ((opts.lines ?? 1) - 1) * 22);
    this.space(4);
    const b = this.box(h, this.dp(16), this.width - this.dp(16));
    this.space(4);
    return this.add({
      cls: W + 'EditText', id: this.rid(opts.id), text: opts.value || this.tr(opts.hint), clickable: true, focusable: true, focused: opts.focused,
      longClickable: true, password: opts.password, action: opts.action, bounds: b, paint: { kind: 'edit', hint: opts.value ? '' : this.tr(opts.hint), color: this.theme.primary, fill: this.theme.field, ink: this.theme.onSurface }, children: [],
    });
  }

  button(text: string, opts: { id: string; action: string; style?: 'filled' | 'tonal' | 'outlined' | 'text'; enabled?: boolean }): ViewNode {
    this.space(6);
    const b = this.box(this.dp(48) + Math.max(0, this.grow(14) * 2), this.dp(16), this.width - this.dp(16));
    this.space(6);
    return this.add({ cls: W + 'Button', id: this.rid(opts.id), text: this.tr(text), clickable: opts.enabled !== false, focusable: true, enabled: opts.enabled !== false, action: opts.action, bounds: b, paint: { kind: 'button', style: opts.style ?? 'filled', color: this.theme.primary }, children: [] });
  }

  divider(): void {
    this.add({ cls: 'android.view.View', bounds: this.box(Math.max(1, this.dp(1) - 1), this.dp(16), this.width - this.dp(16)), paint: { kind: 'divider', color: '#e0e0e0' }, children: [] });
  }

  header(text: string): ViewNode {
    this.space(8);
    return this.text(text, { size: 14, color: this.theme.primary, weight: 'bold', height: this.dp(36) });
  }

  listItem(spec: ListItemSpec): ViewNode {
    // rows are as tall as their text needs: at a larger font scale they grow by the text's growth
    const h = this.dp(spec.subtitle ? 72 : 56) + Math.round(1.4 * (this.grow(16) + (spec.subtitle ? this.grow(14) : 0)));
    const b = this.box(h);
    const row: ViewNode = { cls: W + 'LinearLayout', id: spec.id ? this.rid(spec.id) : undefined, desc: spec.desc, clickable: !!spec.action, focusable: !!spec.action, action: spec.action, bounds: b, children: [] };
    let x = this.dp(16);
    if (spec.icon) {
      const s = this.dp(40);
      const iy = b.y1 + Math.round((h - s) / 2);
      row.children.push({ cls: W + 'ImageView', id: this.rid('android:id/icon'), bounds: { x1: x, y1: iy, x2: x + s, y2: iy + s }, paint: spec.iconColor ? { kind: 'icon', icon: spec.icon, color: '#ffffff', background: spec.iconColor, round: true } : { kind: 'icon', icon: spec.icon, color: this.theme.primary }, children: [] });
      x += s + this.dp(16);
    }
    const trailingW = spec.trailing ? (spec.trailing.kind === 'button' ? this.dp(112) : spec.trailing.kind === 'text' ? this.dp(96) : this.dp(64)) : 0;
    const tx2 = this.width - this.dp(16) - trailingW;
    const titleH = spec.subtitle ? Math.round(h * 0.5) : h;
    const ty = spec.subtitle ? b.y1 + this.dp(10) : b.y1;
    const titleB = ty + (spec.subtitle ? this.dp(28) + Math.round(1.4 * this.grow(16)) : titleH);
    row.children.push({ cls: W + 'TextView', id: 'android:id/title', text: this.tr(spec.title), bounds: { x1: x, y1: ty, x2: tx2, y2: titleB }, paint: { kind: 'text', size: this.sp(16), color: this.theme.onSurface }, children: [] });
    if (spec.subtitle) row.children.push({ cls: W + 'TextView', id: 'android:id/summary', text: this.tr(spec.subtitle), bounds: { x1: x, y1: titleB, x2: tx2, y2: b.y2 - this.dp(8) }, paint: { kind: 'text', size: this.sp(14), color: this.theme.muted }, children: [] });
    const t = spec.trailing;
    if (t) {
      const x2 = this.width - this.dp(16);
      const x1 = x2 - trailingW;
      const mid = (b.y1 + b.y2) / 2;
      if (t.kind === 'switch') row.children.push({ cls: W + 'Switch', id: this.rid(t.id ?? 'android:id/switch_widget'), text: t.checked ? 'ON' : 'OFF', checkable: true, checked: t.checked, bounds: { x1: x2 - this.dp(52), y1: Math.round(mid - this.dp(16)), x2, y2: Math.round(mid + this.dp(16)) }, paint: { kind: 'switch', color: this.theme.primary }, children: [] });
      else if (t.kind === 'button') row.children.push({ cls: W + 'Button', id: this.rid(t.id), text: this.tr(t.text), clickable: true, focusable: true, action: t.action, bounds: { x1, y1: Math.round(mid - this.dp(20)), x2, y2: Math.round(mid + this.dp(20)) }, paint: { kind: 'button', style: t.style ?? 'filled', color: this.theme.primary }, children: [] });
      else if (t.kind === 'icon') row.children.push({ cls: W + 'ImageButton', id: this.rid(t.id), desc: t.desc, clickable: true, focusable: true, action: t.action, bounds: { x1: x2 - this.dp(48), y1: Math.round(mid - this.dp(24)), x2, y2: Math.round(mid + this.dp(24)) }, paint: { kind: 'icon', icon: t.icon, color: this.theme.muted }, children: [] });
      else row.children.push({ cls: W + 'TextView', text: this.tr(t.text), bounds: { x1, y1: b.y1, x2, y2: b.y2 }, paint: { kind: 'text', size: this.sp(16), color: this.theme.onSurface, align: 'right', weight: 'bold' }, children: [] });
    }
    return this.add(row);
  }

  /** Floating action button, bottom right, icon only. */
  fab(icon: string, desc: string, id: string, action: string): ViewNode {
    const s = this.dp(56);
    const x2 = this.width - this.dp(16);
    const y2 = this.size.height - this.navBar - this.dp(16);
    return this.add({ cls: W + 'ImageButton', id: this.rid(id), desc, clickable: true, focusable: true, fixed: true, action, bounds: { x1: x2 - s, y1: y2 - s, x2, y2 }, paint: { kind: 'icon', icon, color: '#ffffff', background: this.theme.primary }, children: [] });
  }

  /** A bordered card area whose children are laid out by `fill`. */
  card(dpH: number, fill: (b: Bounds, node: ViewNode) => void, opts: { action?: string; id?: string; desc?: string } = {}): ViewNode {
    this.space(6);
    const b = this.box(this.dp(dpH), this.dp(16), this.width - this.dp(16));
    this.space(6);
    const node: ViewNode = { cls: W + 'FrameLayout', id: opts.id ? this.rid(opts.id) : undefined, desc: opts.desc, clickable: !!opts.action, action: opts.action, bounds: b, paint: { kind: 'fill', color: this.theme.surface, radius: this.dp(12) }, children: [] };
    fill(b, node);
    return this.add(node);
  }
}
