import { describe, it, expect } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ViewHierarchy } from '../model';
import { parseDroidbotVh } from './parse-droidbot-vh';
import { resolveXpath } from './xpath';
import { numberComponents } from './number-components';
import { parseUiautomatorXml } from './parse-uiautomator-xml';
import { jsonNesting } from './tree-limits';

const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');

/** Every DroidBot-style view list among the fixtures: LlamaTouch i.vh files and DroidBot state files. */
function viewLists(): string[] {
  if (!existsSync(FIXTURES)) return [];
  return readdirSync(FIXTURES, { recursive: true }).map(String)
    .filter((f) => f.endsWith('.vh') || /states\/state_.*\.json$/.test(f))
    .map((f) => path.join(FIXTURES, f));
}
const FILES = viewLists();

const both = (text: string, file: string): [ViewHierarchy, ViewHierarchy] => {
  const eager = parseDroidbotVh(text, file);
  const lazy = parseDroidbotVh(text, file, { lazyAttrs: true });
  if (!eager.ok || !lazy.ok) throw new Error(`${file} did not parse`);
  expect(lazy.warnings).toEqual(eager.warnings);
  return [eager.value, lazy.value];
};
const orders = (vh: ViewHierarchy, xp: string): number[] => resolveXpath(vh, xp).map((n) => n.order);

describe.skipIf(!FILES.length)('lazyAttrs gives the same hierarchy as the default on every real view list (../shared/fixtures absent → skipped)', () => {
  it.each(FILES.map((f) => [path.relative(FIXTURES, f), f]))('%s', (_name, file) => {
    const [eager, lazy] = both(readFileSync(file, 'utf8'), file);
    expect(lazy.roots).toEqual(eager.roots);
    expect(lazy.nodes.length).toBe(eager.nodes.length);
    eager.nodes.forEach((n, i) => {
      const l = lazy.nodes[i]!;
      // Lazy attrs live on the class, so compare them explicitly besides the own fields.
      expect({ ...l, attrs: l.attrs }).toEqual({ ...n });
    });
    // Every node's own xpath, and predicates on raw DroidBot keys (answered from attrs), find the same nodes.
    let byRawKey = 0;
    for (const n of eager.nodes) {
      expect(orders(lazy, n.xpath)).toEqual(orders(eager, n.xpath));
      if (n.attrs.temp_id === undefined) continue;
      const xp = `//${n.className || '*'}[@temp_id="${n.attrs.temp_id}"][@bounds=${JSON.stringify(n.attrs.bounds ?? '')}]`;
      const found = orders(eager, xp);
      expect(orders(lazy, xp)).toEqual(found);
      byRawKey += found.length;
    }
    expect(byRawKey).toBeGreaterThan(0);
    expect(numberComponents(lazy)).toEqual(numberComponents(eager));
  });

  it('resolves trace_18\'s annotated click xpath to the same node either way', () => {
    const file = path.join(FIXTURES, 'llamatouch/episodes/trace_18/2.vh');
    const [eager, lazy] = both(readFileSync(file, 'utf8'), file);
    const xp = '//*[@resource-id="com.duolingo:id/path"]/android.view.ViewGroup[2]/android.widget.LinearLayout[1]/android.widget.ImageView[1]';
    expect(orders(eager, xp)).toHaveLength(1);
    expect(orders(lazy, xp)).toEqual(orders(eager, xp));
  });

  it('keeps attrs as plain data by default, so nodes survive structured clone (IPC, workers); lazy nodes build them once', () => {
    const file = FILES[0]!;
    const [eager, lazy] = both(readFileSync(file, 'utf8'), file);
    const clone = structuredClone(eager.nodes[0]!);
    expect(clone.attrs).toEqual(eager.nodes[0]!.attrs);
    expect(Object.keys(clone.attrs).length).toBeGreaterThan(0);
    expect(Object.hasOwn(lazy.nodes[0]!, 'attrs')).toBe(false);
    expect(lazy.nodes[0]!.attrs).toBe(lazy.nodes[0]!.attrs);
  });
});

describe('DroidBot nodes', () => {
  it('carry every field the uiautomator parser\'s nodes carry (the node class does not list them itself)', () => {
    const xml = parseUiautomatorXml('<hierarchy><node class="A" bounds="[0,0][1,1]"/></hierarchy>', 'x.xml');
    const vh = parseDroidbotVh('[{"class": "A", "bounds": [[0, 0], [1, 1]], "children": []}]', 'x.vh');
    const lazy = parseDroidbotVh('[{"class": "A"}]', 'x.vh', { lazyAttrs: true });
    if (!xml.ok || !vh.ok || !lazy.ok) throw new Error('parse');
    const keys = Object.keys(xml.value.nodes[0]!).sort();
    expect(Object.keys(vh.value.nodes[0]!).sort()).toEqual(keys);
    expect([...Object.keys(lazy.value.nodes[0]!), 'attrs'].sort()).toEqual(keys);
    for (const k of keys) expect(vh.value.nodes[0]![k as keyof typeof vh.value.nodes[0]], k).not.toBeUndefined();
  });
});

describe('lazyAttrs on damaged input', () => {
  it.each(['{"views": 3}', '[1, 2]', '[{"class": "A"}', '\uFEFF[{"class": "A", "temp_id": 4, "children": [7]}]'])('%s: the same problems and warnings as the default', (text) => {
    const lazy = parseDroidbotVh(text, 'x.json', { lazyAttrs: true });
    const eager = parseDroidbotVh(text, 'x.json');
    expect(lazy.ok).toBe(eager.ok);
    if (!lazy.ok || !eager.ok) {
      expect(lazy).toEqual(eager);
      return;
    }
    expect(lazy.warnings).toEqual(eager.warnings);
    expect(lazy.warnings.length).toBe(2);
    expect(lazy.value.nodes.map((n) => ({ ...n, attrs: n.attrs }))).toEqual(eager.value.nodes.map((n) => ({ ...n })));
  });
});

describe('JSON nesting limit (checked on the parsed value)', () => {
  const nested = (n: number, open = '[', close = ']'): string => `${open.repeat(n)}${close.repeat(n)}`;
  it('counts brackets as the text nests them, strings and keys never count, and stops past the limit', () => {
    expect(jsonNesting(JSON.parse('[]'), 64)).toBe(1);
    expect(jsonNesting(JSON.parse('[{"bounds": [[0, 0], [1, 1]], "text": "[[[{{{"}]'), 64)).toBe(4);
    expect(jsonNesting(JSON.parse('{"views": [{"a": {"b": [1, {"c": []}]}}]}'), 64)).toBe(7);
    expect(jsonNesting(3, 64)).toBe(0);
    expect(jsonNesting(JSON.parse(nested(100_000)), 64)).toBe(65);
    expect(jsonNesting(JSON.parse(`[${nested(70)}, 1]`), 64)).toBe(65);
  });

  it.each([[62, true], [63, false], [100_000, false]])('a view field nested %i deep: read = %s, else refused naming the limit', (n, ok) => {
    const text = `[{"class": "A", "bounds": [[0, 0], [1, 1]], "extra": ${nested(n, '{"a":', '}').replace(/\{"a":\}/, '{"a":1}')}}]`;
    for (const lazyAttrs of [false, true]) {
      const r = parseDroidbotVh(text, 'deep.vh', { lazyAttrs });
      expect(r.ok).toBe(ok);
      if (!r.ok) expect(r.problems[0]).toMatchObject({ file: 'deep.vh', message: expect.stringMatching(/JSON nested more than 64 levels deep \(the limit is 64\)/) });
    }
  });
});
