import { describe, it, expect } from 'vitest';
import { mkdtemp, readFile, readdir, rm, mkdir, writeFile, chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { writeFileAtomic, writeFilesAtomic } from './atomic-write';

/** Runs `body` in a fresh temp folder and removes the folder afterwards, whatever happens. */
async function inTempDir(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'touchstone-atomic-'));
  try {
    await body(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('writeFileAtomic', () => {
  it.each([
    ['string', 'activity<0>|exact<3>\n'],
    ['bytes', new Uint8Array([0, 1, 2, 255])],
    ['empty', ''],
  ])('writes %s data completely and leaves no temp file', (_name, data) => inTempDir(async (dir) => {
    const target = join(dir, '2.ess');
    await writeFile(target, 'old contents that are longer than the new ones');
    await writeFileAtomic(target, data);
    const got = await readFile(target);
    expect(new Uint8Array(got)).toEqual(typeof data === 'string' ? new TextEncoder().encode(data) : data);
    expect(await readdir(dir)).toEqual(['2.ess']);
  }));

  it('keeps the old target intact and removes its temp file when the write fails', () => inTempDir(async (dir) => {
    const target = join(dir, 'target');
    await mkdir(target); // renaming a file over a directory fails after the temp file is written
    await expect(writeFileAtomic(target, 'new')).rejects.toThrow(/Could not write .*target/);
    expect(await readdir(dir)).toEqual(['target']);
  }));

  it('fails with the path named when the folder is missing or read-only', () => inTempDir(async (dir) => {
    await expect(writeFileAtomic(join(dir, 'nope', 'x.txt'), 'x')).rejects.toThrow(/nope/);
    if (process.getuid?.() !== 0) {
      await chmod(dir, 0o500);
      await expect(writeFileAtomic(join(dir, 'x.txt'), 'x')).rejects.toThrow(/x\.txt/);
      await chmod(dir, 0o700);
    }
  }));

  it('never exposes a half-written file to concurrent readers', () => inTempDir(async (dir) => {
    const target = join(dir, 'big.txt');
    const a = 'a'.repeat(2_000_000);
    const b = 'b'.repeat(1_000_000);
    await writeFileAtomic(target, a);
    const writes = Promise.all([writeFileAtomic(target, b), writeFileAtomic(target, a)]);
    const seen = new Set<number>();
    for (let i = 0; i < 20; i++) seen.add((await readFile(target, 'utf8')).length);
    await writes;
    for (const len of seen) expect([a.length, b.length]).toContain(len);
    expect(await readdir(dir)).toEqual(['big.txt']);
  }));

  it('sweeps the temps of writers whose process is gone on the next save in that folder, and leaves a live writer\'s', () => inTempDir(async (dir) => {
    // A writer process that died after creating its temp (as a SIGKILL mid-save leaves it), named with its own pid.
    const dead = spawnSync(process.execPath, ['-e', `require('fs').writeFileSync(require('path').join(${JSON.stringify(dir)}, '.4.ess.' + process.pid + '.0123456789ab.tmp'), 'half')`]);
    expect(dead.status).toBe(0);
    const live = spawn('sleep', ['30']);
    try {
      const liveTemp = `.1.ess.${live.pid}.ba9876543210.tmp`;
      await writeFile(join(dir, liveTemp), 'in flight');
      expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toHaveLength(2);
      await writeFileAtomic(join(dir, '2.ess'), 'activity<0>\n');
      expect((await readdir(dir)).sort()).toEqual([liveTemp, '2.ess'].sort());
    } finally {
      live.kill();
    }
  }));
});

describe('writeFilesAtomic', () => {
  it('writes every file of the batch whole, in two folders, and leaves no temp file', () => inTempDir(async (dir) => {
    await mkdir(join(dir, 'a'));
    await mkdir(join(dir, 'b'));
    await writeFile(join(dir, 'a', '1.txt'), 'old contents, longer than the new ones');
    await writeFilesAtomic([[join(dir, 'a', '1.txt'), 'one\n'], [join(dir, 'a', '2.txt'), new Uint8Array([0, 255])], [join(dir, 'b', '3.txt'), '']]);
    expect(await readFile(join(dir, 'a', '1.txt'), 'utf8')).toBe('one\n');
    expect(new Uint8Array(await readFile(join(dir, 'a', '2.txt')))).toEqual(new Uint8Array([0, 255]));
    expect(await readFile(join(dir, 'b', '3.txt'), 'utf8')).toBe('');
    expect((await readdir(join(dir, 'a'))).sort()).toEqual(['1.txt', '2.txt']);
    expect(await readdir(join(dir, 'b'))).toEqual(['3.txt']);
  }));

  it('names the file that failed, keeps the old content of the others, and removes every temp file', () => inTempDir(async (dir) => {
    await writeFile(join(dir, 'kept.txt'), 'old');
    // A missing folder fails before any rename: no file of the batch changes.
    await expect(writeFilesAtomic([[join(dir, 'kept.txt'), 'new'], [join(dir, 'nope', 'x.txt'), 'x']])).rejects.toThrow(/Could not write .*nope.*x\.txt/);
    expect(await readFile(join(dir, 'kept.txt'), 'utf8')).toBe('old');
    expect(await readdir(dir)).toEqual(['kept.txt']);
    // A rename that fails (a folder in the way): the file renamed before it is whole, the rest untouched, no temp left.
    await mkdir(join(dir, 'blocked'));
    await writeFile(join(dir, 'after.txt'), 'old');
    await expect(writeFilesAtomic([[join(dir, 'kept.txt'), 'new'], [join(dir, 'blocked'), 'x'], [join(dir, 'after.txt'), 'new']])).rejects.toThrow(/Could not write .*blocked/);
    expect(await readFile(join(dir, 'kept.txt'), 'utf8')).toBe('new');
    expect(await readFile(join(dir, 'after.txt'), 'utf8')).toBe('old');
    expect((await readdir(dir)).sort()).toEqual(['after.txt', 'blocked', 'kept.txt']);
  }));
});
