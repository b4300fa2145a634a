import { describe, it, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import path from 'node:path';

const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
const have = existsSync(FIXTURES);
const CLI = path.resolve(import.meta.dirname, '../cli.ts');
const TRACE = path.join(FIXTURES, 'llamatouch/episodes/trace_18');

function touchstone(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', CLI, ...args], { maxBuffer: 32 * 1024 * 1024 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

describe.skipIf(!have)('touchstone vh number (fixtures absent → skipped)', () => {
  it('prints the i.json of trace_18 step 2 byte for byte from its .vh (--no-xpath)', async () => {
    const r = await touchstone(['vh', 'number', path.join(TRACE, '2.vh'), '--no-xpath']);
    expect(r.code).toBe(0);
    expect(r.stdout.trimEnd()).toBe(readFileSync(path.join(TRACE, '2.json'), 'utf8').trimEnd());
  });

  it('numbers a raw XML dump with xpaths', async () => {
    const r = await touchstone(['vh', 'number', path.join(TRACE, '2.xml')]);
    expect(r.code).toBe(0);
    const list = JSON.parse(r.stdout) as Array<{ id: number; xpath: string }>;
    expect(list).toHaveLength(35);
    expect(list.every((c, i) => c.id === i && c.xpath.startsWith('/hierarchy/'))).toBe(true);
  });

  it('fails with the file named on a bad file, and 2 on bad usage', async () => {
    const r = await touchstone(['vh', 'number', path.join(TRACE, 'instruction.txt')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('instruction.txt');
    expect((await touchstone(['vh', 'number'])).code).toBe(2);
  });
});
