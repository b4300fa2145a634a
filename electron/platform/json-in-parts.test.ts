import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseJsonInParts, type PartSizes } from './json-in-parts';

/** Parts of a few characters and items, so that small texts take every path. */
const TINY: PartSizes = { wholeBelow: 0, scan: 7, items: 2 };

/** What JSON.parse gives: the value as text (key order included), or the error message. */
const viaParse = (text: string): string => { try { return JSON.stringify(JSON.parse(text)); } catch (e) { return `error: ${(e as Error).message}`; } };
const viaParts = async (text: string): Promise<string> => { try { return JSON.stringify(await parseJsonInParts(text, TINY)); } catch (e) { return `error: ${(e as Error).message}`; } };

describe('parseJsonInParts', () => {
  it('gives JSON.parse\'s value for generated objects with lists, key order and repeated keys included', async () => {
    const member = fc.tuple(fc.oneof(fc.constantFrom('configs', 'factors', '__proto__', 'a"b', 'k'), fc.string()), fc.oneof(fc.array(fc.jsonValue(), { maxLength: 9 }), fc.jsonValue()));
    await fc.assert(fc.asyncProperty(fc.array(member, { maxLength: 6 }), fc.constantFrom('', ' ', '\n\t'), async (ms, ws) => {
      const text = `${ws}{${ms.map(([k, v]) => `${ws}${JSON.stringify(k)}${ws}:${ws}${JSON.stringify(v, null, ws ? 1 : undefined)}`).join(',')}}${ws}`;
      expect(await viaParts(text)).toBe(viaParse(text));
    }), { numRuns: 300 });
  });

  it.each([
    '{"a":[1,2,],"b":1}', '{"a":[,1]}', '{"a":[1,,2]}', '{"a":1,}', '{,"a":1}', '{"a":[1] [2]}', '{"a":[1]}x', '\uFEFF{"a":[1,2,3]}',
    '{"a":\u00a0[1,2,3]}', '{"a":[1,2,3]\u00a0}', '{"a":[01]}', '{"a":["x\ny"]}', '{"a":[1,2', '{"a":"\\"[,"}', '[1,2,3]', '"text"', '', '{}', '{"a":[]}', '{ "a" : [ ] }',
  ])('%j: the same value or the same error as JSON.parse', async (text) => {
    expect(await viaParts(text)).toBe(viaParse(text));
  });

  it('"__proto__" is a plain key, as with JSON.parse', async () => {
    const v = await parseJsonInParts('{"__proto__":[1,2,3],"x":1}', TINY) as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__', 'x']);
  });

  it('lets timers run while it parses a 4 MB file of 100,000 configurations', async () => {
    const text = JSON.stringify({ configs: Array.from({ length: 100_000 }, (_, i) => ({ name: `c${i}`, fontScale: 1 + (i % 10) / 10, dark: i % 2 === 0 })) });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const v = await parseJsonInParts(text);
    clearInterval(timer);
    expect(JSON.stringify(v)).toBe(text);
    expect(ticks).toBeGreaterThan(10);
  });
});
