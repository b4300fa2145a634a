import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseServeArgs } from './serve';

const CLI = path.resolve(import.meta.dirname, '../cli.ts');

/** Starts the real `touchstone serve`, returns the printed URL and a stop function that resolves to the exit code. */
async function serve(stateDir: string): Promise<{ url: URL; stop(): Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, 'serve', '--port', '0', '--state-dir', stateDir], { cwd: path.resolve(import.meta.dirname, '../..') });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let out = '';
  const url = await new Promise<URL>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /http:\/\/\S+\?token=\S+/.exec(out);
      if (m) resolve(new URL(m[0]));
    });
    void exited.then((code) => reject(new Error(`touchstone serve exited with ${code} before printing a URL: ${out}`)));
  });
  return { url, stop: () => { child.kill('SIGINT'); return exited; } };
}

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
    [['--bogus'], /unknown option '--bogus'/],
    [['--prot', '8080'], /unknown option '--prot'; did you mean '--port'\?/],
  ])('%j is an error', (args, message) => {
    const r = parseServeArgs(args);
    expect(r).toMatchObject({ error: expect.stringMatching(message) });
  });

  it('--help', () => {
    expect(parseServeArgs(['--help'])).toBe('help');
  });
});

describe('touchstone serve (the real command)', () => {
  it('prints a loopback URL with a fresh token each launch, refuses calls without it, and stops on Ctrl-C', async () => {
    const state = mkdtempSync(path.join(tmpdir(), 'touchstone-serve-'));
    const a = await serve(state);
    const b = await serve(state);
    try {
      for (const { url } of [a, b]) {
        expect(url.hostname).toBe('127.0.0.1');
        expect(url.searchParams.get('token')!.length).toBeGreaterThanOrEqual(32);
      }
      expect(a.url.searchParams.get('token')).not.toBe(b.url.searchParams.get('token'));
      const call = (token: string | null) => fetch(`${a.url.origin}/api/app:info`, {
        method: 'POST', body: '{}', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      expect((await call(null)).status).toBe(401);
      expect((await call(b.url.searchParams.get('token'))).status).toBe(401); // another launch's token
      expect(await (await call(a.url.searchParams.get('token'))).json()).toMatchObject({ ok: true, value: { mode: 'web' } });
    } finally {
      expect(await a.stop()).toBe(0);
      expect(await b.stop()).toBe(0);
      rmSync(state, { recursive: true, force: true });
    }
  });
});
