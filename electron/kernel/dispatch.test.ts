import { describe, expect, it } from 'vitest';
import { CALL_NAMES, type ContractCalls } from '../../shared/contract';
import { fileUrlPath, parseFileUrlPath } from '../transport/file-urls';
import { dispatchCall } from './dispatch';

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
