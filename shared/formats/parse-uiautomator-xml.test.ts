import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { parseUiautomatorXml } from './parse-uiautomator-xml';
import { resolveXpath } from './xpath';
import { containsPoint } from './bounds';

const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
const UIA = path.join(FIXTURES, 'uiautomator');
const have = existsSync(FIXTURES);
const dumps = have ? readdirSync(UIA).filter((f) => f.endsWith('.xml')) : [];
const read = (p: string): string => readFileSync(p, 'utf8');
/** Element count by a regex independent of the parser: every <node or Appium <android... / <x.y.Class opening tag. */
const countElements = (xml: string): number => (xml.match(/<(?!\?|\/|!|hierarchy\b)[A-Za-z][\w.$]*[\s>/]/g) ?? []).length;

describe.skipIf(!have)('parseUiautomatorXml over every real dump (fixtures: ../shared/fixtures absent → skipped)', () => {
  it('has dumps to test', () => {
    expect(dumps.length).toBeGreaterThanOrEqual(28);
  });

  it.each(dumps)('%s parses with every element, bounds and xpath', (name) => {
    const text = read(path.join(UIA, name));
    const r = parseUiautomatorXml(text, name);
    if (!r.ok) throw new Error(r.problems.map((p) => p.message).join('; '));
    const vh = r.value;
    expect(vh.nodes.length).toBe(countElements(text));
    expect(vh.nodes.every((n, i) => n.order === i && n.bounds !== null)).toBe(true);
    expect(new Set(vh.nodes.map((n) => n.xpath)).size).toBe(vh.nodes.length);
    // Every node's absolute xpath finds exactly that node again.
    for (const n of vh.nodes.filter((_, i) => i % 7 === 0)) expect(resolveXpath(vh, n.xpath)).toEqual([n]);
    expect(Object.keys(vh.nodes[0].attrs).length).toBeGreaterThanOrEqual(10);
  });

  it.each([
    ['several windows in one dump', 'kram1k+android_avito_parsing__search_hierarchy.xml', 3],
    ['several windows, pretty-printed', 'NikDzub+tk23__hierarchy.xml', 3],
    ['two windows', 'githubxander1+Investment__dump.xml', 2],
  ])('%s: %s has %i roots', (_what, name, roots) => {
    const r = parseUiautomatorXml(read(path.join(UIA, name)), name);
    expect(r.ok && r.value.roots.length).toBe(roots);
  });

  it('keeps non-ASCII text and numeric emoji references intact', () => {
    const all = dumps.flatMap((name) => {
      const r = parseUiautomatorXml(read(path.join(UIA, name)), name);
      return r.ok ? r.value.nodes.map((n) => n.text + n.contentDesc) : [];
    }).join('\n');
    expect(all).toMatch(/[\u4e00-\u9fff]/); // Chinese
    expect(all).toMatch(/[\uac00-\ud7af]/); // Korean
    expect(all).toContain('\u{1F525}'); // &#128293;
    expect(all).not.toMatch(/&#\d+;/);
  });

  it('reads Appium page source (class-named elements) as nodes', () => {
    const name = 'MunkiJeon+IVI_OS_Auto_var00__sidemirror_popup.xml';
    const r = parseUiautomatorXml(read(path.join(UIA, name)), name);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.nodes[0].className).toBe('android.widget.FrameLayout');
      expect(r.value.nodes[0].xpath).toBe('/hierarchy/android.widget.FrameLayout[1]');
    }
  });

  it('click_test_case/case1/10.xml: every node with bounds, and //*[@text="Done"] is hit at (0.5,0.55) not (0.5,0.5)', () => {
    const file = path.join(FIXTURES, 'llamatouch/evaluator-tests/click_test_case/case1/10.xml');
    const text = read(file);
    const r = parseUiautomatorXml(text, '10.xml');
    if (!r.ok) throw new Error('parse failed');
    expect(r.value.nodes.length).toBe(countElements(text));
    expect(r.value.nodes.every((n) => n.bounds)).toBe(true);
    const done = resolveXpath(r.value, '//*[@text="Done"]');
    expect(done).toHaveLength(1);
    const b = done[0].bounds;
    if (!b) throw new Error('no bounds');
    // A dialog-only dump: the screen size comes from the matching screenshot's PNG header.
    const png = readFileSync(file.replace(/\.xml$/, '.png'));
    const screen = { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
    expect(screen).toEqual({ width: 1080, height: 1918 });
    const at = (x: number, y: number): { x: number; y: number } => ({ x: x * screen.width, y: y * screen.height });
    expect(containsPoint(b, at(0.5, 0.55))).toBe(true);
    expect(containsPoint(b, at(0.5, 0.5))).toBe(false);
  });

  it.each([
    ['empty', '', /empty/],
    ['JSON', '{"views": []}', /Unsupported format/],
    ['Appium iOS source', '<?xml version="1.0"?><AppiumAUT><XCUIElementTypeApplication/></AppiumAUT>', /Unsupported format.*Appium/],
    ['unclosed', '<hierarchy rotation="0"><node index="0" class="a" bounds="[0,0][1,1]">', /Truncated/],
    ['two roots', '<hierarchy></hierarchy><hierarchy></hierarchy>', /one <hierarchy>/],
  ])('reports %s input as a problem naming the file', (_what, text, msg) => {
    const r = parseUiautomatorXml(text, 'bad.xml');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problems[0].file).toBe('bad.xml');
      expect(r.problems[0].message).toMatch(msg);
    }
  });

  it('never throws on truncated real dumps and reports a line for mid-file cuts', () => {
    const text = read(path.join(UIA, 'gpaneda+philo-automation-ott__ui_dump_formatted.xml'));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: text.length - 20 }), (cut) => {
        const r = parseUiautomatorXml(text.slice(0, cut), 'cut.xml');
        expect(r.ok).toBe(false);
      }),
      { numRuns: 150 },
    );
  });

  it('never throws or hangs on random and mutated input', () => {
    const base = read(path.join(UIA, 'Ferruolo+chaos-monkey-ai__window_dump__gmail_dialog.xml'));
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 400 }), fc.stringMatching(/^[<>/="a-z [\]&#;0-9]{0,300}$/),
        fc.tuple(fc.integer({ min: 0, max: base.length }), fc.string({ maxLength: 5 })).map(([i, s]) => base.slice(0, i) + s + base.slice(i + s.length))),
      (s) => {
        const r = parseUiautomatorXml(s, 'fuzz.xml');
        expect(typeof r.ok).toBe('boolean');
        if (!r.ok) expect(r.problems.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseUiautomatorXml on extreme input', () => {
  it('handles very deep nesting without crashing', () => {
    const depth = 20_000;
    const xml = `<hierarchy>${'<node class="a" bounds="[0,0][1,1]">'.repeat(depth)}${'</node>'.repeat(depth)}</hierarchy>`;
    const r = parseUiautomatorXml(xml, 'deep.xml');
    if (r.ok) expect(r.value.nodes).toHaveLength(depth);
    else expect(r.problems[0].file).toBe('deep.xml');
  });
});

describe('parseUiautomatorXml on device output', () => {
  it('ignores the status line `uiautomator dump /dev/tty` appends, with a warning', () => {
    const xml = '<?xml version="1.0"?><hierarchy rotation="1"><node class="a" text="&#128293; &amp; ok" bounds="[0,0][5,5]"/></hierarchy>UI hierchary dumped to: /dev/tty\n';
    const r = parseUiautomatorXml(xml, 'tty.xml');
    if (!r.ok) throw new Error(r.problems[0].message);
    expect(r.value.rotation).toBe(1);
    expect(r.value.nodes[0].text).toBe('\u{1F525} & ok');
    expect(r.value.nodes[0].attrs.text).toBe('\u{1F525} & ok');
    expect(r.warnings[0].message).toMatch(/UI hierchary dumped/);
  });
});
