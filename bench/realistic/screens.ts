// The screen pool of the realistic bench corpus: every real screen in ../shared/fixtures that has a
// uiautomator hierarchy (with its real screenshot where there is one; otherwise one is drawn from the
// hierarchy's boxes and texts), plus variants of each with distinct texts. Built at bench time only.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import type { ViewHierarchy } from '../../shared/model';
import { parseUiautomatorXml } from '../../shared/formats/parse-uiautomator-xml';
import { hierarchySize } from '../../shared/evaluation/find-counterpart';
import { decodeText } from '../../electron/platform/decode-text';
import { readImageSize } from '../../electron/core/steps/image-size';

export const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');

/** One real screen: its uiautomator XML, a PNG and the foreground activity. */
export interface BaseScreen {
  name: string;
  xml: string;
  png: Buffer;
  activity: string;
  size: { width: number; height: number };
}

/** A screen as the corpus uses it: a base screen with its texts changed for variant `v` (0 = as recorded). */
export interface Screen extends BaseScreen {
  vh: ViewHierarchy;
  variant: number;
}

function drawScreen(vh: ViewHierarchy, size: { width: number; height: number }): Buffer {
  const c = createCanvas(size.width, size.height);
  const g = c.getContext('2d');
  g.fillStyle = '#fafafa';
  g.fillRect(0, 0, size.width, size.height);
  g.font = `${Math.max(14, Math.round(size.width / 30))}px sans-serif`;
  for (const n of vh.nodes) {
    const b = n.bounds;
    if (!b || b.x2 <= b.x1 || b.y2 <= b.y1) continue;
    const shade = (n.order * 37) % 200;
    g.strokeStyle = `rgb(${shade},${255 - shade},128)`;
    g.strokeRect(b.x1, b.y1, b.x2 - b.x1, b.y2 - b.y1);
    if (!n.text && !n.contentDesc && n.clickable) {
      g.fillStyle = `rgb(${shade},80,${255 - shade})`;
      g.beginPath();
      g.arc((b.x1 + b.x2) / 2, (b.y1 + b.y2) / 2, Math.min(b.x2 - b.x1, b.y2 - b.y1) / 3, 0, 2 * Math.PI);
      g.fill();
    }
    if (n.text || n.contentDesc) {
      g.fillStyle = '#202020';
      g.fillText(n.text || n.contentDesc, b.x1 + 4, (b.y1 + b.y2) / 2, b.x2 - b.x1 - 8);
    }
  }
  return c.toBuffer('image/png');
}

/** Every real screen with a uiautomator hierarchy in the fixtures. */
export function baseScreens(): BaseScreen[] {
  const out: BaseScreen[] = [];
  const add = (name: string, xmlFile: string, pngFile: string | undefined, activity: string | undefined): void => {
    const xml = decodeText(readFileSync(xmlFile));
    const r = parseUiautomatorXml(xml, xmlFile);
    if (!r.ok || !r.value.nodes.length) return;
    const hsize = hierarchySize(r.value);
    const shot = pngFile && existsSync(pngFile) ? readImageSize(pngFile) : undefined;
    const size = shot ?? hsize;
    if (!size || size.width < 100 || size.height < 100) return;
    const pkg = r.value.nodes.find((n) => n.packageName)?.packageName || 'com.example.app';
    const cls = name.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
    out.push({ name, xml, png: shot && pngFile ? readFileSync(pngFile) : drawScreen(r.value, size), activity: activity ?? `${pkg}/.${cls}Activity`, size });
  };
  const t18 = path.join(FIXTURES, 'llamatouch/episodes/trace_18');
  for (let i = 0; existsSync(path.join(t18, `${i}.xml`)); i++) add(`trace_18-${i}`, path.join(t18, `${i}.xml`), path.join(t18, `${i}.png`), readFileSync(path.join(t18, `${i}.activity`), 'utf8').trim());
  const click = path.join(FIXTURES, 'llamatouch/evaluator-tests/click_test_case/case1');
  add('maps-done-dialog', path.join(click, '10.xml'), path.join(click, '10.png'), 'com.google.android.apps.maps/com.google.android.maps.MapsActivity');
  const assets = path.join(FIXTURES, 'llamatouch/test-asset');
  for (const f of readdirSync(assets).filter((f) => f.endsWith('.xml'))) add(`test-asset-${f}`, path.join(assets, f), undefined, undefined);
  const ui = path.join(FIXTURES, 'uiautomator');
  for (const f of readdirSync(ui).filter((f) => f.endsWith('.xml')).sort()) {
    const stem = f.replace(/\.xml$/, '');
    const png = readdirSync(ui).find((p) => p.endsWith('.png') && p.startsWith(stem.split('__')[0]!) && (p.includes('current_screen') ? stem.includes('current') : p.replace(/\.png$/, '') === stem));
    add(stem, path.join(ui, f), png ? path.join(ui, png) : undefined, undefined);
  }
  return out;
}

const WORDS = ['amber', 'birch', 'cobalt', 'delta', 'ember', 'fjord', 'garnet', 'harbor', 'indigo', 'juniper', 'kestrel', 'lumen', 'meadow', 'nimbus', 'onyx', 'prairie', 'quartz', 'russet', 'sierra', 'tundra'];

/** Variant `v` of a screen: every non-empty text gets a distinct suffix, so no two variants share texts. */
export function variant(base: BaseScreen, v: number): Screen {
  const suffix = v === 0 ? '' : ` ${WORDS[v % WORDS.length]}${Math.floor(v / WORDS.length) || ''}`;
  const xml = v === 0 ? base.xml : base.xml.replace(/ text="([^"]+)"/g, (_m, t: string) => ` text="${t}${suffix}"`);
  const r = parseUiautomatorXml(xml, base.name);
  if (!r.ok) throw new Error(`variant ${v} of ${base.name} does not parse`);
  return { ...base, xml, vh: r.value, variant: v };
}
