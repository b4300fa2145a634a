import { describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { parseServeArgs } from './serve';

describe('touchstone serve arguments', () => {
  it.each([
    [[], { port: 0, open: false, roots: [] }],
    [['--port', '8123', '--open'], { port: 8123, open: true, roots: [] }],
    [['--port=0', `--root=${tmpdir()}`], { port: 0, open: false, roots: [tmpdir()] }],
  ])('%j', (args, expected) => {
    expect(parseServeArgs(args)).toMatchObject(expected);
  });

  it.each([
    [['--port', 'abc'], /--port/],
    [['--port', '70000'], /--port/],
    [['--root', '/definitely/not/here'], /no such folder/],
    [['--bogus'], /Unknown option --bogus/],
  ])('%j is an error', (args, message) => {
    const r = parseServeArgs(args);
    expect(r).toMatchObject({ error: expect.stringMatching(message) });
  });

  it('--help', () => {
    expect(parseServeArgs(['--help'])).toBe('help');
  });
});
