import { describe, it, expect, vi } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from './world';

async function capture(args: string[]): Promise<{ code: number; err: string }> {
  const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  try {
    const code = await run(args);
    return { code, err: err.mock.calls.map((c) => String(c[0])).join('\n') };
  } finally {
    err.mockRestore();
    log.mockRestore();
  }
}

describe('touchstone world build: bad input gets a clear error', () => {
  it('a folder without traces names the folder and what a trace looks like', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vd-world-'));
    try {
      mkdirSync(join(dir, 'empty'));
      const r = await capture(['build', dir]);
      expect(r.code).toBe(1);
      expect(r.err).toContain(`${dir}: no traces found (want folders with captured_data/, or LlamaTouch episodes with 0.png and eventStructs.txt)`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a trace with a broken hierarchy names the file, trace and step', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vd-world-'));
    try {
      const cd = join(dir, 't1', 'captured_data');
      for (const d of ['screenshot', 'xml', 'activity', 'action']) mkdirSync(join(cd, d), { recursive: true });
      // a 1x1 PNG header is enough for the size; the hierarchy is cut off
      const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
      writeFileSync(join(cd, 'screenshot', '0.png'), png);
      writeFileSync(join(cd, 'xml', '0.xml'), '<hierarchy><node bounds="[0,0][1,1]"');
      const r = await capture(['build', dir]);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(new RegExp(`${join(cd, 'xml', '0.xml').replace(/[/.]/g, '\\$&')}: .* \\(trace t1, step 0\\)`));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([[['build'], 2, 'missing <dir>'], [['build', '/nonexistent-touchstone'], 1, 'no such folder'], [['build', '.', '--bogus'], 2, "unknown option '--bogus'"], [['frobnicate'], 2, "unknown subcommand 'frobnicate'"]])('%j -> exit %i', async (args, code, msg) => {
    const r = await capture(args);
    expect(r.code).toBe(code);
    expect(r.err).toContain(msg);
  });
});
