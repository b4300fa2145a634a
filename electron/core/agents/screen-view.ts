import type { NumberedComponent, Size } from '../../../shared/model';
import { componentBounds, numberComponents } from '../../../shared/formats/number-components';
import { parseUiautomatorXml } from '../../../shared/formats/parse-uiautomator-xml';

/** One numbered element of the screen as agents see it: what `tap` by number aims at. */
export interface ScreenElement {
  n: number;
  /** Short class name (Button, TextView, ...). */
  cls: string;
  text: string;
  desc: string;
  /** Last part of the resource id. */
  id: string;
  bounds: { x1: number; y1: number; x2: number; y2: number };
  clickable: boolean;
  checked?: boolean;
  editable?: boolean;
}

const tail = (s: string, sep: string): string => s.slice(s.lastIndexOf(sep) + 1);

/**
 * The simplified, numbered view hierarchy of a screen: the components the
 * dataset's `i.json` numbering keeps (upstream's rules), with bounds, in the
 * same order, so component numbers mean the same to agents and annotations.
 */
export function screenElements(xml: string): ScreenElement[] {
  const vh = parseUiautomatorXml(xml, 'screen');
  if (!vh.ok) return [];
  const out: ScreenElement[] = [];
  for (const c of numberComponents(vh.value, { xpath: false }) as NumberedComponent[]) {
    const b = componentBounds(c);
    if (!b || b.x2 <= b.x1 || b.y2 <= b.y1) continue;
    out.push({
      n: c.id, cls: tail(c.class, '.'), text: c.text, desc: c['content-desc'], id: tail(c['resource-id'], '/'), bounds: b, clickable: c.clickable,
      ...(c.checkable ? { checked: c.checked } : {}), ...(/EditText/.test(c.class) ? { editable: true } : {}),
    });
  }
  return out;
}

/** One line per element, e.g. `[3] Button "Save" id=save (540,1200)`: compact enough for a prompt. */
export function describeElements(els: readonly ScreenElement[]): string {
  return els.map((e) => {
    const parts = [`[${e.n}] ${e.cls}`];
    if (e.text) parts.push(JSON.stringify(e.text));
    if (e.desc && e.desc !== e.text) parts.push(`desc=${JSON.stringify(e.desc)}`);
    if (e.id) parts.push(`id=${e.id}`);
    if (e.checked !== undefined) parts.push(e.checked ? 'on' : 'off');
    if (e.editable) parts.push('editable');
    if (e.clickable) parts.push('clickable');
    const c = center(e);
    parts.push(`(${c.x},${c.y})`);
    return parts.join(' ');
  }).join('\n');
}

export function center(e: ScreenElement): { x: number; y: number } {
  return { x: Math.round((e.bounds.x1 + e.bounds.x2) / 2), y: Math.round((e.bounds.y1 + e.bounds.y2) / 2) };
}

/** The element numbered `n`, or an error naming the valid range. */
export function elementByNumber(els: readonly ScreenElement[], n: number): ScreenElement | string {
  const e = els.find((x) => x.n === n);
  if (e) return e;
  return els.length ? `There is no element [${n}] on this screen; the numbers go from ${els[0]!.n} to ${els[els.length - 1]!.n}.` : `There is no element [${n}]: this screen has no numbered elements; tap by coordinates instead.`;
}

export function inScreen(x: number, y: number, s: Size): boolean {
  return Number.isFinite(x) && Number.isFinite(y) && x >= 0 && y >= 0 && x < s.width && y < s.height;
}
