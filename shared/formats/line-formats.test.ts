import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { parseEventStructs, formatEventStructs, parseEventLine, formatEventLine } from './event-structs';
import { parseExecAction, parseExecActionLine, formatExecActionLine } from './exec-action';
import { parseTaskIndex, formatTaskIndex } from './task-index';
import { parseHumanLabels, formatHumanLabels } from './human-labels';
import { parseComponentsJson, serialiseComponentsJson, detectComponentsStyle } from './components-json';
import { parseBounds, formatBounds, containsPoint, area } from './bounds';

const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
const have = existsSync(FIXTURES);
const LT = path.join(FIXTURES, 'llamatouch');
const read = (p: string): string => readFileSync(p, 'utf8');

describe.skipIf(!have)('real LlamaTouch files (fixtures absent → skipped)', () => {
  it.each([
    ['llamatouch_task_metadata.tsv', 6, '\n'],
    ['agentenv_llamatouch_task_metadata_with_login.tsv', 7, '\r\n'],
  ] as const)('%s: 495 rows, %i columns, ids as strings, byte-exact rewrite', (name, columns, eol) => {
    const text = read(path.join(LT, name));
    const r = parseTaskIndex(text, name);
    if (!r.ok) throw new Error(r.problems[0].message);
    expect(r.value.rows).toHaveLength(495);
    expect(r.value.columns).toBe(columns);
    expect(r.value.eol).toBe(eol);
    expect(r.value.rows[0]).toMatchObject({ episode: '84143002711104077', path: 'general/trace_11', nsteps: 4, app: 'Settings', line: 2 });
    expect(r.value.rows.some((row) => row.episode.length >= 20)).toBe(true);
    expect(new Set(r.value.rows.map((row) => row.category))).toEqual(new Set(['general', 'generated', 'googleapps', 'install', 'webshopping']));
    if (columns === 7) expect(r.value.rows[0].loginCategory).toBe('free of login');
    expect(formatTaskIndex(r.value)).toBe(text);
  });

  it('trace_18 eventStructs.txt: Home then three clicks in the 320x720 recording resolution', () => {
    const r = parseEventStructs(read(path.join(LT, 'episodes/trace_18/eventStructs.txt')), 'eventStructs.txt');
    if (!r.ok) throw new Error('parse');
    expect(r.value.map((a) => a.kind)).toEqual(['home', 'click', 'click', 'click']);
    expect(r.value[1]).toEqual({ kind: 'click', resolution: { width: 320, height: 720 }, at: { x: 204, y: 170 } });
  });

  it.each(have ? readdirSync(path.join(LT, 'test-asset')).filter((f) => f.endsWith('.action')) : [])('test-asset/%s parses and re-formats to the same line', (name) => {
    const text = read(path.join(LT, 'test-asset', name));
    const r = parseExecAction(text, name);
    if (!r.ok) throw new Error(r.problems[0].message);
    expect(formatExecActionLine(r.value)).toBe(text.trimEnd());
  });

  it.each(['episodes/trace_18/0.json', 'episodes/trace_18/3.json', 'evaluator-tests/img_test_case/case1/2.json', 'evaluator-tests/img_test_case/case2/1.json'])('%s parses and re-serialises byte-exact', (rel) => {
    const text = read(path.join(LT, rel));
    const r = parseComponentsJson(text, rel);
    if (!r.ok) throw new Error('parse');
    expect(r.warnings).toEqual([]);
    expect(serialiseComponentsJson(r.value, detectComponentsStyle(text))).toBe(text);
  });
});

describe('eventStructs lines', () => {
  it.each([
    '[Home]', '[Back]', '[Enter]', '[App Switch]', '[Input] bestbuy.com, Best Buy | 2',
    '[Click] Screen Resolution (320, 720), Click Position (176, 564)',
    '[Long Click] Screen Resolution (320, 720), Click Position (1, 2)',
    '[Swipe] Screen Resolution (1080, 2400), Start Position (10, 20), End Position (30, 40)',
    '[Drag] Screen Resolution (1080, 2400), Start Position (10, 20), End Position (30, 40)',
    '[Pinch] something new',
  ])('round-trips %s', (line) => {
    const a = parseEventLine(line);
    if (typeof a === 'string') throw new Error(a);
    expect(formatEventLine(a)).toBe(line);
  });

  it.each([
    ['【Home键】', { kind: 'home' }],
    ['【Back键】', { kind: 'back' }],
    ['【键盘输入】best buy, NYC', { kind: 'input', text: 'best buy, NYC' }],
    ['【点击事件】屏幕大小：（w320，h720），触摸位置：（x176，y564）', { kind: 'click', resolution: { width: 320, height: 720 }, at: { x: 176, y: 564 } }],
    ['【滑动事件】屏幕大小：（w320，h720），起始位置：（x1，y2），结束位置：（x3，y4）', { kind: 'swipe', resolution: { width: 320, height: 720 }, from: { x: 1, y: 2 }, to: { x: 3, y: 4 } }],
  ])('reads the older Chinese spelling %s', (line, expected) => {
    expect(parseEventLine(line)).toEqual(expected);
  });

  it('names the line of a malformed action and keeps going', () => {
    const r = parseEventStructs('[Home]\n[Click] Screen Resolution (320, 720)\nnonsense\n', 'e.txt');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.map((p) => p.line)).toEqual([2, 3]);
  });

  it('never throws on random input', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (s) => {
      const r = parseEventStructs(s, 'f');
      if (r.ok) expect(parseEventStructs(formatEventStructs(r.value), 'f')).toEqual(r);
    }), { numRuns: 500 });
  });
});

describe('execution action lines', () => {
  it('keeps typed text whole: spaces, commas, capitals and bars', () => {
    const a = parseExecActionLine('TYPE|Good Burger, 5th Ave | NYC|NULL|1080|2400');
    expect(a).toEqual({ kind: 'type', text: 'Good Burger, 5th Ave | NYC', screen: { width: 1080, height: 2400 } });
    // Written back as a quoted literal: a raw "|" would break upstream's reader, which splits the line on it.
    if (typeof a !== 'string') expect(formatExecActionLine(a)).toBe("TYPE|'Good Burger, 5th Ave \\x7c NYC'|NULL|1080|2400");
  });

  it.each([
    ["TYPE|'it\\'s'|NULL|1080|2400", "it's"],
    ['TYPE|"say \\"hi\\""|NULL|1080|2400', 'say "hi"'],
    ["TYPE|'a\\\\b'|NULL|1080|2400", 'a\\b'],
  ])('unquotes Python-literal typed text %s and writes it back the same', (line, text) => {
    const a = parseExecActionLine(line);
    expect(a).toMatchObject({ kind: 'type', text });
    if (typeof a !== 'string') expect(formatExecActionLine(a)).toBe(line);
  });

  it.each([
    ['CLICK|[0.0879 0.9069]|NULL|1080|2400', { kind: 'click', at: { x: 0.0879, y: 0.9069 } }],
    ['SWIPE|[0.8, 0.5]|[0.2, 0.5]|1080|2400', { kind: 'swipe', from: { x: 0.8, y: 0.5 }, to: { x: 0.2, y: 0.5 } }],
    ['PRESS_BACK|NULL|NULL|1080|2400', { kind: 'back' }],
    ['PRESS_HOME|NULL|NULL|1080|2400', { kind: 'home' }],
    ['PRESS_ENTER|NULL|NULL|1080|2400', { kind: 'enter' }],
    ['STATUS_TASK_IMPOSSIBLE|NULL|NULL|1080|2400', { kind: 'impossible' }],
  ])('%s', (line, expected) => {
    expect(parseExecActionLine(line)).toMatchObject(expected);
  });

  it.each(['', 'CLICK|[0.5]|NULL|1080|2400', 'JUMP|NULL|NULL|1080|2400', 'CLICK|[0.5, 0.5]|NULL|wide|2400', 'PRESS_BACK|NULL'])('rejects %j with a message', (line) => {
    expect(typeof parseExecActionLine(line)).toBe('string');
    expect(parseExecAction(line, 'a.action').ok).toBe(false);
  });

  it('never throws on random input, and what parses re-formats to something that parses the same', () => {
    const parts = fc.constantFrom('CLICK', 'SWIPE', 'TYPE', 'PRESS_BACK', '|', '[0.5, 0.5]', 'NULL', '1080', '2400', ' ', 'x', ',');
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 100 }), fc.array(parts, { maxLength: 12 }).map((a) => a.join(''))), (s) => {
      const a = parseExecActionLine(s);
      if (typeof a !== 'string') expect(parseExecActionLine(formatExecActionLine(a))).toEqual(a);
    }), { numRuns: 1000 });
  });
});

describe('task index and human labels', () => {
  it('reports bad rows by line and loads the rest', () => {
    const r = parseTaskIndex('episode\tcategory\tpath\tdescription\tnsteps\tapp\n1\tgeneral\tgeneral/trace_1\tdo\t3\tA\n2\tgeneral\ttoo few\n3\tgeneral\tg/t\td\tmany\tA\n', 'i.tsv');
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.rows.map((x) => x.episode)).toEqual(['1']);
      expect(r.warnings.map((p) => p.line)).toEqual([3, 4]);
    }
    expect(parseTaskIndex('not,a,tsv\n', 'x.tsv').ok).toBe(false);
  });

  it('never throws on random TSV-like input', () => {
    const cell = fc.constantFrom('episode', 'category', 'path', 'description', 'nsteps', 'app', 'login_category', '\t', '\n', '\r\n', '12', 'x', '');
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.array(cell, { maxLength: 40 }).map((a) => a.join(''))), (s) => {
      const r = parseTaskIndex(s, 'f.tsv');
      if (!r.ok) expect(r.problems.length).toBeGreaterThan(0);
      else expect(r.value.rows.every((row) => Number.isInteger(row.nsteps))).toBe(true);
    }), { numRuns: 1000 });
  });

  it('human labels round-trip and bad rows are located', () => {
    const text = 'episode,human\n84143002711104077,1\n244629384739303596,0\n';
    const r = parseHumanLabels(text, 'h.csv');
    if (!r.ok) throw new Error('parse');
    expect(r.value.map((l) => [l.episode, l.completed])).toEqual([['84143002711104077', true], ['244629384739303596', false]]);
    expect(formatHumanLabels(r.value)).toBe(text);
    const bad = parseHumanLabels('episode,human\n1,yes\n2,1\n', 'h.csv');
    expect(bad.ok && bad.warnings[0].line).toBe(2);
  });
});

describe('bounds', () => {
  it.each([
    ['[0,63][165,189]', { x1: 0, y1: 63, x2: 165, y2: 189 }],
    ['[0, 63][165, 189]', { x1: 0, y1: 63, x2: 165, y2: 189 }],
    ['[-5,0][10,10]', { x1: -5, y1: 0, x2: 10, y2: 10 }],
    ['[0,0]', null],
    ['', null],
  ])('%j', (s, b) => {
    expect(parseBounds(s)).toEqual(b);
    if (b) {
      expect(parseBounds(formatBounds(b))).toEqual(b);
      expect(containsPoint(b, { x: b.x1, y: b.y2 })).toBe(true);
      expect(containsPoint(b, { x: b.x2 + 1, y: b.y1 })).toBe(false);
      expect(area(b)).toBe((b.x2 - b.x1) * (b.y2 - b.y1));
    }
  });
});

describe('i.json and human-label parsers on random input', () => {
  it('parseComponentsJson never throws; what parses re-serialises to the same data', () => {
    const comp = fc.record({ id: fc.integer({ min: -1, max: 5 }), class: fc.oneof(fc.string({ maxLength: 6 }), fc.integer()), bounds: fc.constantFrom('[0,0][1,1]', 'x', ''), clickable: fc.oneof(fc.boolean(), fc.constant('true')) }, { requiredKeys: [] });
    const input = fc.oneof(fc.string({ maxLength: 200 }), fc.array(fc.oneof(comp, fc.integer(), fc.constant(null)), { maxLength: 6 }).map((a) => JSON.stringify(a)),
      fc.array(comp, { maxLength: 6 }).chain((a) => fc.integer({ min: 0, max: 200 }).map((cut) => JSON.stringify(a, null, 4).slice(0, cut))));
    fc.assert(fc.property(input, (text) => {
      const r = parseComponentsJson(text, 'f.json');
      if (r.ok) expect(JSON.parse(serialiseComponentsJson(r.value))).toEqual(JSON.parse(text));
      else expect(r.problems[0]).toMatchObject({ severity: 'error', file: 'f.json' });
    }), { numRuns: 500 });
  });

  it('parseHumanLabels never throws and locates every bad row', () => {
    const cell = fc.constantFrom('episode', 'human', ',', '\n', '\r\n', '0', '1', '2', 'x', '"7"', '');
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.array(cell, { maxLength: 30 }).map((a) => a.join(''))), (s) => {
      const r = parseHumanLabels(s, 'h.csv');
      const problems = r.ok ? r.warnings : r.problems;
      for (const p of problems) expect(p.line).toBeGreaterThanOrEqual(1);
      if (r.ok) for (const l of r.value) expect(typeof l.completed).toBe('boolean');
    }), { numRuns: 500 });
  });
});

describe('action lines stay one upstream-readable line whatever the agent typed', () => {
  /** What upstream's testbed reader does with an action file: split the whole text on "|", field 2 must be NULL for TYPE. */
  const upstreamFields = (file: string): string[] => file.split('|');
  const SCREEN = { width: 1080, height: 2400 };

  it.each([
    ['a|b', "TYPE|'a\\x7cb'|NULL|1080|2400"],
    ['line one\nline two', "TYPE|'line one\\nline two'|NULL|1080|2400"],
    ["it's\r\n|", "TYPE|'it\\'s\\r\\n\\x7c'|NULL|1080|2400"],
    ["'quoted'", "TYPE|'\\'quoted\\''|NULL|1080|2400"],
    ['plain text, as before', 'TYPE|plain text, as before|NULL|1080|2400'],
  ])('%j -> %s, read back exactly', (text, line) => {
    const written = formatExecActionLine({ kind: 'type', text, screen: SCREEN });
    expect(written).toBe(line);
    expect(written).not.toMatch(/[\r\n]/);
    const f = upstreamFields(`${written}\n`);
    expect([f.length, f[0], f[2], Number.parseInt(f[4]!, 10)]).toEqual([5, 'TYPE', 'NULL', 2400]);
    expect(parseExecAction(`${written}\n`, 'a.action')).toMatchObject({ ok: true, value: { kind: 'type', text } });
  });

  it('any text round-trips through one five-field line', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
      const written = formatExecActionLine({ kind: 'type', text, screen: SCREEN });
      expect(written.split('|')).toHaveLength(5);
      expect(written).not.toMatch(/[\r\n]/);
      const back = parseExecActionLine(written);
      expect(typeof back === 'string' ? back : back.kind === 'type' && back.text).toBe(text);
    }));
  });
});
