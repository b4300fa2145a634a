import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseUiautomatorXml } from '../../../shared/formats/parse-uiautomator-xml';
import { numberComponents } from '../../../shared/formats/number-components';
import { parseComponentsJson } from '../../../shared/formats/components-json';
import type { NumberedComponent } from '../../../shared/model';
import { buildTree, searchTree, visibleRows } from './build-tree';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures');
const have = existsSync(FIXTURES);
const xmlComponents = (file: string): NumberedComponent[] => {
  const r = parseUiautomatorXml(readFileSync(file, 'utf8'), path.basename(file));
  if (!r.ok) throw new Error(r.problems[0].message);
  return numberComponents(r.value);
};

describe.skipIf(!have)('the hierarchy tree of real screens', () => {
  it('from xpaths (WeCom\'s dump): every numbered component is a node under its containers, in pre-order', () => {
    const comps = xmlComponents(path.join(FIXTURES, 'uiautomator/369219053+wework-auto-reply__current_ui.xml'));
    const nodes = buildTree(comps);
    expect(nodes.filter((n) => n.id !== null).map((n) => n.id)).toEqual(comps.map((c) => c.id));
    expect(nodes.length).toBeGreaterThan(comps.length); // the unnumbered containers on the way
    for (const n of nodes) {
      if (n.parent === null) expect(n.depth).toBe(0);
      else {
        expect(nodes[n.parent].depth).toBe(n.depth - 1);
        expect(n.xpath!.startsWith(`${nodes[n.parent].xpath}/`)).toBe(true);
        expect(n.index).toBeGreaterThan(n.parent);
      }
    }
  });

  it('from boxes (trace_18\'s i.json, no xpath): components nest by their bounds; search by text, number and id', () => {
    const parsed = parseComponentsJson(readFileSync(path.join(FIXTURES, 'llamatouch/episodes/trace_18/0.json'), 'utf8'), '0.json');
    if (!parsed.ok) throw new Error('bad json');
    const nodes = buildTree(parsed.value);
    expect(nodes).toHaveLength(parsed.value.length);
    expect(nodes[2].parent).toBe(0); // the search bar's text inside the search bar
    const find = (q: string) => searchTree(nodes, parsed.value, q).hits.map((h) => nodes[h].id);
    expect(find('6 hours ago')).toEqual([16]);
    expect(find('#16')).toEqual([16]);
    expect(find('source_name')).toEqual([11]);
    expect(find('more_button').length).toBe(3);
  });

  it('collapsing a node hides its descendants; a search shows the hits with their ancestors', () => {
    const comps = xmlComponents(path.join(FIXTURES, 'uiautomator/369219053+wework-auto-reply__current_ui.xml'));
    const nodes = buildTree(comps);
    expect(visibleRows(nodes, new Set())).toHaveLength(nodes.length);
    expect(visibleRows(nodes, new Set([0]))).toEqual([0, ...nodes.filter((n) => n.depth === 0 && n.index > 0).map((n) => n.index)]);
    const found = searchTree(nodes, comps, 'TextView');
    const rows = visibleRows(nodes, new Set(), found.shown);
    for (const h of found.hits) expect(rows).toContain(h);
    for (const r of rows) expect(found.shown.has(r)).toBe(true);
  });

  it('builds a 300-node tree and its rows in well under 100 ms', () => {
    const one = xmlComponents(path.join(FIXTURES, 'uiautomator/369219053+wework-auto-reply__current_ui.xml'))[0];
    const comps: NumberedComponent[] = Array.from({ length: 300 }, (_, i) => ({
      ...one,
      id: i, xpath: `/hierarchy/android.widget.FrameLayout[1]/android.widget.LinearLayout[${1 + Math.floor(i / 10)}]/android.widget.TextView[${1 + (i % 10)}]`,
    }));
    const t0 = performance.now();
    const nodes = buildTree(comps);
    visibleRows(nodes, new Set());
    searchTree(nodes, comps, 'textview 12');
    expect(performance.now() - t0).toBeLessThan(100);
    expect(nodes.filter((n) => n.id !== null)).toHaveLength(300);
  });
});
