import { describe, it, expect } from 'vitest';
import { VirtualDevice } from '../device';
import { DemoWorld } from '../world/demo/demo-world';
import { shellRunner } from '../testing';
import { MAX_STRING } from './interpreter';

describe('shell expansions as mksh does them (issue 13, defect 8)', () => {
  const run = shellRunner(new VirtualDevice({ world: new DemoWorld() }));

  it.each<[string, [string, string, number]]>([
    ['a=; b=; echo ${a:-${b:-x}}', ['x\n', '', 0]],
    ['b=y; echo "${a:-${b:-x}}"', ['y\n', '', 0]],
    ["echo ${u:-'a b'}.", ['a b.\n', '', 0]],
    ['a=héllo; echo ${#a} ${#nosuch}', ['5 0\n', '', 0]],
    ['echo ${v:=set} $v', ['set set\n', '', 0]],
    ['echo [${w-def}] [${w:+alt}]; w=; echo [${w-def}] [${w:-d2}] [${w+alt}]', ['[def] []\n[] [d2] [alt]\n', '', 0]],
    ['x=a/b/c.txt; echo ${x#*/} ${x##*/} ${x%.*} ${x%%/*}', ['b/c.txt c.txt a/b/c a\n', '', 0]],
    ['echo ${q:?is missing}; echo after', ['', '/system/bin/sh: q: is missing\n', 1]],
    ['echo ${x!}', ['', '/system/bin/sh: ${x!}: bad substitution\n', 2]],
    // mksh arithmetic is 32-bit signed with wraparound, literals included (documented in the README)
    ['echo $((2147483647 + 1)) $((-2147483648 - 1)) $((65536 * 65536)) $((9223372036854775807)) $((4294967297))', ['-2147483648 2147483647 0 -1 1\n', '', 0]],
  ])('%j', async (line, expected) => {
    expect(await run(line)).toEqual(expected);
  });

  it('a string past the size limit fails with an error and ends the shell, the device keeps serving', async () => {
    const [out, err, code] = await run('a=x; for i in $(seq 1 30); do a="$a$a"; done; echo ${#a}; echo not-reached');
    expect(out).toBe('');
    expect(err).toBe(`/system/bin/sh: string too long: an expansion reached ${MAX_STRING / 1024 / 1024} MiB (the virtual device's limit)\n`);
    expect(code).toBe(1);
    expect(await run('echo still here')).toEqual(['still here\n', '', 0]);
  });
});

describe('the in-memory file system has a quota', () => {
  it('a write past it fails with ENOSPC naming the numbers; removing files frees the space', async () => {
    const dev = new VirtualDevice({ world: new DemoWorld(), storageBytes: 1024 * 1024 });
    const run = shellRunner(dev);
    expect(dev.fs.write('/data/local/tmp/a.bin', Buffer.alloc(700 * 1024))).toBeNull();
    const err = dev.fs.write('/data/local/tmp/b.bin', Buffer.alloc(400 * 1024));
    expect(err).toMatch(/^No space left on device \(virtual device storage: 0\.7 of 1\.0 MiB used, 0\.4 MiB more asked; delete files or start the device with a larger --storage\)$/);
    expect(dev.fs.write('/data/local/tmp/c.bin', Buffer.alloc(300 * 1024))).toBeNull();
    const [, shErr, code] = await run('screencap -p /sdcard/s.png');
    expect(code).toBe(1);
    expect(shErr).toMatch(/^Error opening file: \/sdcard\/s\.png \(No space left on device/);
    await run('rm /data/local/tmp/a.bin /data/local/tmp/c.bin');
    expect(dev.fs.usedBytes()).toBeLessThan(10_000);
    expect(dev.fs.write('/data/local/tmp/b.bin', Buffer.alloc(400 * 1024))).toBeNull();
  });
});

describe('a command that throws', () => {
  it('fails with its message and status 1, and the shell goes on', async () => {
    const world = new DemoWorld();
    const dev = new VirtualDevice({ world });
    world.forceStop = () => { throw new Error('the world broke'); };
    expect(await shellRunner(dev)('am force-stop com.touchstone.notes; echo next')).toEqual(['next\n', 'am: the world broke\n', 0]);
  });
});
