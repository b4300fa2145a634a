import { describe, expect, it } from 'vitest';
import { CALL_ARGS, CALL_NAMES, type CallName, type ContractCalls } from '../../shared/contract';
import { fileUrlPath, parseFileUrlPath } from '../transport/file-urls';
import { dispatchCall, validatedCalls } from './dispatch';
import { errorBody, httpStatus } from './errors';

describe('file URL paths', () => {
  it.each([
    ['abc123', 'general/trace_18/0.png'],
    ['abc123', 'weird name/ünïcode #1?/0.png'],
    ['id with/slash', 'a/b.png'],
  ])('round-trips dataset %s, file %s', (id, rel) => {
    expect(parseFileUrlPath(fileUrlPath(id, rel))).toEqual({ datasetId: id, relPath: rel });
  });

  it.each(['/', '/only-id', '/id//x.png', '/%E0%A4%A/x.png', '/id/a/'])('rejects %s', (p) => {
    expect(parseFileUrlPath(p)).toBeNull();
  });
});

describe('dispatchCall', () => {
  // A service whose every call echoes its name, to see what reaches it.
  const calls = Object.fromEntries(CALL_NAMES.map((n) => [n, async (a: unknown) => ({ n, a })])) as unknown as ContractCalls;

  it('passes object arguments to the named call', async () => {
    await expect(dispatchCall(calls, 'episode:load', { path: 'x' })).resolves.toEqual({ n: 'episode:load', a: { path: 'x' } });
  });

  it.each([
    ['constructor', {}, 'not-found'],
    ['__proto__', {}, 'not-found'],
    ['fs:read', {}, 'not-found'],
    ['app:info', null, 'bad-request'],
    ['app:info', [1], 'bad-request'],
    ['app:info', 'x', 'bad-request'],
  ])('refuses %s with %j', async (name, args, code) => {
    await expect(dispatchCall(calls, name, args)).rejects.toMatchObject({ code });
  });
});

describe('validatedCalls: every call is checked against its schema before the handler runs', () => {
  const seen: Array<[string, unknown]> = [];
  const raw = Object.fromEntries(CALL_NAMES.map((n) => [n, async (a: unknown) => { seen.push([n, a]); return 'ran'; }])) as unknown as ContractCalls;
  const calls = validatedCalls(raw, { hostBase: () => '/srv/root' });
  const call = (name: CallName, args: unknown) => (calls[name] as (a: unknown) => Promise<unknown>)(args);

  it('has a schema for every call and none for a name outside the contract', () => {
    expect(Object.keys(CALL_ARGS).sort()).toEqual([...CALL_NAMES].sort());
  });

  it.each([
    ['annotation:save', { datasetId: 'd', path: 'general/a', step: 1, ess: 'exact<1>', base: 'x' }, /base must be an object, got "x"/],
    ['annotation:save', { datasetId: 'd', path: 'general/a', step: 2 ** 53, ess: '', base: { ess: null, json: null } }, /step must be ≤ 9007199254740991, got 9007199254740992/],
    ['annotation:save', { datasetId: 'd', path: 'general/a', step: 1, ess: 'exact<1>\u0000', base: { ess: null, json: null } }, /ess must not contain a NUL character/],
    ['episode:hierarchy', { datasetId: 'd', path: 'a', step: 1.5 }, /step must be a whole number, got 1.5/],
    ['episode:load', { datasetId: 'd' }, /path must be a string, but it is missing/],
    ['dataset:open', { path: 'a\u0000b' }, /path must not contain a NUL character/],
    ['eval:open', { dataset: 'ds', agents: [{ name: ' ', path: 't' }] }, /agents\[0\]\.name must not be blank/],
    ['eval:open', { dataset: 'ds', agents: [] }, /agents needs at least 1 item, got \[\]/],
    ['eval:export', { evalId: 'e', format: 'pdf' }, /format must be one of "csv", "json", "html", "md", "tex", "tables-csv", "svg", got "pdf"/],
    ['eval:label', { evalId: 'e', agent: 'a', episode: '1', human: 'yes' }, /human /],
    ['checkpoints:load', { datasetId: 'd' }, /episode must be a string, but it is missing/],
    ['device:startVirtual', { world: 'moon' }, /world must be one of "demo", "replay", got "moon"/],
    ['job:cancel', {}, /jobId must be a string, but it is missing/],
  ] as const)('%s %j is refused as invalid-argument naming the field', async (name, args, message) => {
    seen.length = 0;
    const err = await call(name, args).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'invalid-argument', message: expect.stringMatching(message) });
    expect((err as Error).message).toMatch(new RegExp(`^Invalid arguments for ${name}: `));
    expect(seen).toEqual([]);
    expect(httpStatus(errorBody(err).code)).toBe(400);
  });

  it('hands the handler the checked arguments, unknown keys dropped', async () => {
    seen.length = 0;
    await call('episode:hierarchy', { datasetId: 'd', path: 'a', step: 2, extra: { __proto__: 1 } });
    expect(seen).toEqual([['episode:hierarchy', { datasetId: 'd', path: 'a', step: 2 }]]);
  });

  it('resolves every host path against the base (never the working directory); dataset paths stay as given', async () => {
    seen.length = 0;
    await call('eval:inspect', { path: '.' });
    await call('eval:open', { dataset: 'ds', agents: [{ name: 'a', path: 'traces/a', human: 'labels.csv' }, { name: 'b', path: '/abs/b' }], human: '../shared.csv' });
    await call('eval:export', { evalId: 'e', format: 'csv', path: 'important.txt' });
    await call('dataset:open', { path: 'ds' });
    await call('episode:load', { datasetId: 'd', path: 'general/x' });
    expect(seen.map(([, a]) => a)).toEqual([
      { path: '/srv/root' },
      { dataset: '/srv/root/ds', agents: [{ name: 'a', path: '/srv/root/traces/a', human: '/srv/root/labels.csv' }, { name: 'b', path: '/abs/b' }], human: '/srv/shared.csv' },
      { evalId: 'e', format: 'csv', path: '/srv/root/important.txt' },
      { path: '/srv/root/ds' },
      { datasetId: 'd', path: 'general/x' },
    ]);
  });
});
