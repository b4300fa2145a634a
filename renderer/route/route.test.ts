import { describe, expect, it } from 'vitest';
import { formatRoute, isNewPlace, parseRoute, type Route } from './route';

const r = (over: Partial<Route>): Route => ({ view: 'dataset', dataset: null, task: null, step: null, ...over });

describe('routes in the URL hash', () => {
  it.each([
    [r({}), '#/dataset'],
    [r({ view: 'annotate' }), '#/annotate'],
    [r({ dataset: '/data/llama touch' }), '#/dataset?root=%2Fdata%2Fllama+touch'],
    [r({ dataset: '/d', task: 'general/trace_18', step: 2 }), '#/dataset?root=%2Fd&task=general%2Ftrace_18&step=2'],
    [r({ view: 'evaluate', dataset: '/d', task: 'a&b=c', step: 0 }), '#/evaluate?root=%2Fd&task=a%26b%3Dc&step=0'],
  ])('%j <-> %s', (route, hash) => {
    expect(formatRoute(route)).toBe(hash);
    expect(parseRoute(hash)).toEqual(route);
  });

  it.each([
    ['', r({})],
    ['#', r({})],
    ['#/nope?root=/d', r({ dataset: '/d' })],
    ['#/dataset?task=x&step=1', r({})], // a task without its dataset means nothing
    ['#/dataset?root=/d&step=3', r({ dataset: '/d' })],
    ['#/dataset?root=/d&task=t&step=-1', r({ dataset: '/d', task: 't' })],
    ['#/dataset?root=/d&task=t&step=1e3', r({ dataset: '/d', task: 't' })],
    ['#/run?root=/d&task=t&step=007', r({ view: 'run', dataset: '/d', task: 't', step: 7 })],
  ])('reads %j as a usable route', (hash, want) => {
    expect(parseRoute(hash)).toEqual(want);
  });

  it('a view, dataset or task change is a new history entry; a step or a first task refines the current one', () => {
    const at = r({ dataset: '/d', task: 'a', step: 0 });
    expect(isNewPlace(at, { ...at, step: 3 })).toBe(false);
    expect(isNewPlace(r({ dataset: '/d' }), at)).toBe(false);
    expect(isNewPlace(at, { ...at, task: 'b' })).toBe(true);
    expect(isNewPlace(at, { ...at, view: 'annotate' })).toBe(true);
    expect(isNewPlace(at, r({}))).toBe(true);
  });
});
