import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { parseEss, serialiseEss, makeEssItem, makeEssentialState } from './ess';

const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
const have = existsSync(FIXTURES);
const census: Array<[string, string]> = have
  ? Object.entries(JSON.parse(readFileSync(path.join(FIXTURES, 'llamatouch/ess-census/ess_subset.json'), 'utf8')) as Record<string, string>).filter(([k]) => !k.startsWith('_'))
  : [];

describe.skipIf(!have)('parseEss over the real census lines (fixtures absent → skipped)', () => {
  it('has all 43 real lines', () => {
    expect(census).toHaveLength(43);
  });

  it.each(census)('%s round-trips byte-exact: %s', (file, line) => {
    for (const text of [line, line + '\n']) {
      const r = parseEss(text, file);
      if (!r.ok) throw new Error(r.problems[0].message);
      expect(serialiseEss(r.value)).toBe(text);
      expect(r.value.items.map((i) => i.raw).join('|')).toBe(line);
    }
  });

  it('reads trace_18/2.ess with its xpath-valued click', () => {
    const text = readFileSync(path.join(FIXTURES, 'llamatouch/episodes/trace_18/2.ess'), 'utf8');
    const r = parseEss(text, '2.ess');
    if (!r.ok) throw new Error('parse');
    expect(r.value.items.map((i) => i.kind)).toEqual(['activity', 'exact', 'click']);
    const click = r.value.items[2];
    expect(click.kind === 'click' && click.target).toEqual({ xpath: '//*[@resource-id="com.duolingo:id/path"]/android.view.ViewGroup[2]/android.widget.LinearLayout[1]/android.widget.ImageView[1]' });
    expect(serialiseEss(r.value)).toBe(text);
  });
});

describe('parseEss forms', () => {
  it.each([
    ['activity<0>|fuzzy<-1>|exact<27>|click<74>', ['activity', 'fuzzy:screen', 'exact:27', 'click:74']],
    ['fuzzy<-2>|fuzzy<3>', ['fuzzy:legacy-2', 'fuzzy:3']],
    ['exact<//*[@text="Done"]>', ['exact://*[@text="Done"]']],
    ['exclude<5>', ['exclude:5']],
    ['check_install<YouTube Kids>|installed<Calculator>|install<com.duolingo>', ['installed:YouTube Kids', 'installed:Calculator', 'installed:com.duolingo']],
    ['check_uninstall<Microsoft Excel>|uninstalled<Duolingo>', ['uninstalled:Microsoft Excel', 'uninstalled:Duolingo']],
    ['type<Good Burger, Place | 2>', ['type:Good Burger, Place | 2']],
    ['ocr<Order placed>', ['ocr:Order placed']],
    ['click<//*[@text="a>|b<"]>|exact<1>', ['click://*[@text="a>|b<"]', 'exact:1']],
  ])('%s', (line, expected) => {
    const r = parseEss(line, 'x.ess');
    if (!r.ok) throw new Error(r.problems[0].message);
    const show = r.value.items.map((i) => {
      switch (i.kind) {
        case 'activity': return 'activity';
        case 'type': case 'ocr': return `${i.kind}:${i.text}`;
        case 'installed': case 'uninstalled': return `${i.kind}:${i.app}`;
        default: {
          const t = i.target;
          return `${i.kind}:${'index' in t ? t.index : 'xpath' in t ? t.xpath : 'screen' in t ? 'screen' : `legacy${t.legacy}`}`;
        }
      }
    });
    expect(show).toEqual(expected);
    expect(serialiseEss(r.value)).toBe(line);
  });

  it.each([
    ['', /empty/],
    ['exact<1>\nexact<2>', /one line/],
    ['bogus<1>', /unknown keyword 'bogus'/],
    ['exact<abc>', /component number or an xpath/],
    ['exact<1', /never closed/],
    ['exact<1>|', /ends with \|/],
    ['exact<1>click<2>', /column 1/],
    ['check_install<>', /needs an app name/],
  ])('rejects %j with a located message', (line, msg) => {
    const r = parseEss(line, 'bad.ess');
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problems[0].file).toBe('bad.ess');
      expect(r.problems[0].line).toBeGreaterThanOrEqual(1);
      expect(r.problems[0].message).toMatch(msg);
    }
  });

  it('builds new states in canonical spelling and re-serialises edited items', () => {
    const s = makeEssentialState([makeEssItem({ kind: 'activity' }), makeEssItem({ kind: 'exact', target: { index: 3 } }), makeEssItem({ kind: 'fuzzy', target: { screen: true } })]);
    expect(serialiseEss(s)).toBe('activity<0>|exact<3>|fuzzy<-1>\n');
    const r = parseEss(' activity<0> | exact<3>\n', 'x');
    if (!r.ok) throw new Error('parse');
    expect(serialiseEss(r.value)).toBe(' activity<0> | exact<3>\n');
    expect(serialiseEss({ ...r.value, items: [...r.value.items, makeEssItem({ kind: 'click', target: { index: 4 } })] })).toBe('activity<0>|exact<3>|click<4>\n');
  });

  it('never throws on random or mutated input, and what parses round-trips', () => {
    const alphabet = fc.constantFrom('activity', 'exact', 'fuzzy', 'click', 'type', 'check_install', '<', '>', '|', '-1', '12', '//*[@text="', '"]', ' ', '\n', 'x');
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.array(alphabet, { maxLength: 30 }).map((a) => a.join(''))), (s) => {
        const r = parseEss(s, 'fuzz.ess');
        if (r.ok) expect(serialiseEss(r.value)).toBe(s);
        else expect(r.problems.length).toBeGreaterThan(0);
      }),
      { numRuns: 1000 },
    );
  });
});
